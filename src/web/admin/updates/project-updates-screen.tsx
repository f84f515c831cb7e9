/**
 * /admin/project-updates (SPEC §2.13, §4.9, §8.3): search by update title or project name, the card grid, the
 * create/edit dialog (max-width 4xl), delete with confirmation, and the draft badge with publish / unpublish / preview
 * (docs/decisions/017-drafts-and-preview.md; publishing needs updates.publish, disabled with its tooltip otherwise). SPEC shows no permission checks on this screen;
 * the server enforces updates.create / edit / delete.
 */
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { formatDateShort, formatPercent } from "#domain/format.ts";
import { imageVariant } from "#domain/media.ts";
import { updateThumbnail } from "#domain/project-rules.ts";
import type { ProjectUpdatePayload } from "#domain/schemas/project-update.ts";
import type { ProjectUpdate } from "#domain/types.ts";
import { ConfirmDialog } from "~/admin/common/confirm-dialog.tsx";
import { CARD_GRID, CardGridSkeleton, ListScreen, listState } from "~/admin/common/list-screen.tsx";
import { LoadMore } from "~/admin/common/load-more.tsx";
import { PROJECT_TEXTS, UPDATE_TEXTS } from "~/admin/common/project-texts.ts";
import { PublishingActions, PublishStateBadge } from "~/admin/common/publishing-controls.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useSession } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Card } from "~/shared/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/shared/ui/dialog.tsx";
import { Progress } from "~/shared/ui/progress.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import {
  useCreateProjectUpdate,
  useDeleteProjectUpdate,
  useEditProjectUpdate,
  useProjectUpdatePages,
  useProjectUpdatePreview,
  usePublishProjectUpdate,
} from "./api.ts";
import { UpdateForm } from "./update-form.tsx";

export function ProjectUpdatesScreen() {
  const [search, setSearch] = useState("");
  const updates = useProjectUpdatePages(search);
  const projects = useProjects();
  const create = useCreateProjectUpdate();
  const edit = useEditProjectUpdate();
  const remove = useDeleteProjectUpdate();
  const publish = usePublishProjectUpdate();
  const preview = useProjectUpdatePreview();
  const canPublish = userCan(useSession().user, "updates.publish");
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ProjectUpdate | null>(null);
  const [deleting, setDeleting] = useState<ProjectUpdate | null>(null);

  // Searched and paged on the server; the pages loaded so far, in order.
  const visible = useMemo(() => updates.data?.pages.flatMap((page) => page.items) ?? [], [updates.data]);

  async function save(payload: ProjectUpdatePayload) {
    try {
      if (editing) {
        await edit.mutateAsync({ id: editing.id, input: payload });
        toast({ title: UPDATE_TEXTS.edited, variant: "success" });
      } else {
        await create.mutateAsync(payload);
        toast({ title: UPDATE_TEXTS.created, variant: "success" });
      }
      setFormOpen(false);
    } catch (error) {
      toast({
        title: editing ? UPDATE_TEXTS.editErrorTitle : UPDATE_TEXTS.createErrorTitle,
        description: apiErrorMessage(error, UPDATE_TEXTS.errorDefault),
        variant: "destructive",
      });
      throw error;
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id, projectId: deleting.projectId });
      toast({ title: UPDATE_TEXTS.deletedTitle, variant: "success" });
      setDeleting(null);
    } catch (error) {
      toast({
        title: UPDATE_TEXTS.deleteErrorTitle,
        description: apiErrorMessage(error, UPDATE_TEXTS.errorDefault),
        variant: "destructive",
      });
    }
  }

  return (
    <>
      <ListScreen
        title={UPDATE_TEXTS.title}
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <PlusIcon aria-hidden="true" />
            {UPDATE_TEXTS.newUpdate}
          </Button>
        }
        search={{
          label: UPDATE_TEXTS.searchLabel,
          placeholder: UPDATE_TEXTS.searchPlaceholder,
          value: search,
          onChange: setSearch,
        }}
        state={listState(updates, visible.length)}
        pending={<CardGridSkeleton cardClassName="h-64" />}
        error={<QueryError message={PROJECT_TEXTS.genericErrorTitle} onRetry={() => void updates.refetch()} />}
        empty={<p className="text-muted">{UPDATE_TEXTS.empty}</p>}
        footer={
          updates.isSuccess ? (
            <LoadMore
              shown={visible.length}
              total={updates.data.pages[0]?.total ?? visible.length}
              hasMore={updates.hasNextPage}
              loading={updates.isFetchingNextPage}
              onMore={() => void updates.fetchNextPage()}
            />
          ) : null
        }
      >
        <ul className={CARD_GRID}>
          {visible.map((update) => {
            const thumb = updateThumbnail(update);
            return (
              <li key={update.id}>
                <Card className="h-full gap-3 overflow-hidden p-0" aria-label={update.title}>
                  <div className="relative aspect-video bg-brand-50">
                    {thumb ? (
                      <img src={imageVariant(thumb, 640)} alt="" className="size-full object-cover" loading="lazy" />
                    ) : (
                      <div className="flex size-full items-center justify-center text-sm text-muted">لا توجد صورة</div>
                    )}
                    <PublishStateBadge
                      publishedAt={update.publishedAt}
                      className="absolute start-2 top-2 bg-surface shadow-sm"
                    />
                  </div>
                  <div className="flex flex-col gap-2 px-4">
                    <h2 className="font-bold text-ink">{update.title}</h2>
                    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
                      {update.projectName ? <Badge variant="secondary">{update.projectName}</Badge> : <span />}
                      <time dateTime={update.createdAt}>{formatDateShort(update.createdAt)}</time>
                    </div>
                    <div className="flex items-center gap-2">
                      <Progress
                        value={update.completionPercentage}
                        aria-label={`نسبة الإنجاز: ${update.title}`}
                        className="flex-1"
                      />
                      <span className="text-xs text-muted">{formatPercent(update.completionPercentage)}</span>
                    </div>
                  </div>
                  <div className="mt-auto flex flex-wrap gap-2 border-t border-brand-100 p-3">
                    <PublishingActions
                      kind="update"
                      label={update.title}
                      publishedAt={update.publishedAt}
                      canPublish={canPublish}
                      busy={publish.isPending && publish.variables?.id === update.id}
                      onSetPublished={(published) =>
                        publish.mutateAsync({ id: update.id, projectId: update.projectId, published })
                      }
                      onPreview={() => preview.mutateAsync(update.id)}
                    />
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => {
                        setEditing(update);
                        setFormOpen(true);
                      }}
                    >
                      <PencilIcon aria-hidden="true" />
                      {PROJECT_TEXTS.edit}
                    </Button>
                    <Button size="sm" variant="destructive" onClick={() => setDeleting(update)}>
                      <Trash2Icon aria-hidden="true" />
                      {PROJECT_TEXTS.delete}
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      </ListScreen>

      <Dialog open={formOpen} onOpenChange={(open) => !open && setFormOpen(false)}>
        <DialogContent className="max-w-4xl">
          <DialogHeader>
            <DialogTitle>{editing ? UPDATE_TEXTS.editUpdate : UPDATE_TEXTS.newUpdate}</DialogTitle>
            <DialogDescription className="sr-only">
              {editing ? UPDATE_TEXTS.editUpdate : UPDATE_TEXTS.newUpdate}
            </DialogDescription>
          </DialogHeader>
          {formOpen ? (
            <UpdateForm
              key={editing?.id ?? "new"}
              update={editing}
              projects={projects.data ?? []}
              onSubmit={save}
              onCancel={() => setFormOpen(false)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={UPDATE_TEXTS.deleteTitle}
        description={deleting ? UPDATE_TEXTS.deleteConfirm(deleting.title) : ""}
        confirmLabel={PROJECT_TEXTS.delete}
        busyLabel={PROJECT_TEXTS.deleting}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </>
  );
}
