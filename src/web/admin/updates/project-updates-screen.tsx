/**
 * /admin/project-updates (SPEC §2.13, §4.9, §8.3): search by update title or project name, the card grid, the
 * create/edit dialog (max-width 4xl), delete with confirmation, and the draft badge with publish / unpublish / preview
 * (docs/decisions/017-drafts-and-preview.md; publishing needs updates.publish, disabled with its tooltip otherwise). SPEC shows no permission checks on this screen;
 * the server enforces updates.create / edit / delete.
 */
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { formatDateShort } from "#domain/format.ts";
import { updateThumbnail } from "#domain/project-rules.ts";
import type { ProjectUpdatePayload } from "#domain/schemas/project-update.ts";
import { TEXTS } from "#domain/texts.ts";
import type { ProjectUpdate } from "#domain/types.ts";
import { ConfirmDialog } from "~/admin/common/confirm-dialog.tsx";
import { FormDialog } from "~/admin/common/form/form-dialog.tsx";
import { CARD_GRID, CardGridSkeleton, ListScreen, listState } from "~/admin/common/list-screen.tsx";
import { PagedLoadMore } from "~/admin/common/load-more.tsx";
import { ProgressCard } from "~/admin/common/progress-card.tsx";
import { PROJECT_TEXTS, UPDATE_TEXTS } from "~/admin/common/project-texts.ts";
import { PublishingActions, PublishStateBadge } from "~/admin/common/publishing-controls.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useSession } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import {
  useCreateProjectUpdate,
  useDeleteProjectUpdate,
  useEditProjectUpdate,
  useProjectUpdate,
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
  const closeForm = useLinkedUpdate((update) => {
    setEditing(update);
    setFormOpen(true);
  });

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
      closeForm();
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
        footer={<PagedLoadMore query={updates} shown={visible.length} />}
      >
        <ul className={CARD_GRID}>
          {visible.map((update) => {
            return (
              <li key={update.id}>
                <UpdateCard
                  update={update}
                  canPublish={canPublish}
                  publish={publish}
                  preview={preview}
                  onEdit={() => {
                    setEditing(update);
                    setFormOpen(true);
                  }}
                  onDelete={() => setDeleting(update)}
                />
              </li>
            );
          })}
        </ul>
      </ListScreen>

      <FormDialog
        open={formOpen}
        onOpenChange={(open) => {
          if (open) return;
          closeForm();
          setFormOpen(false);
        }}
        title={editing ? UPDATE_TEXTS.editUpdate : UPDATE_TEXTS.newUpdate}
        className="max-w-4xl"
      >
        {formOpen ? (
          <UpdateForm
            key={editing?.id ?? "new"}
            update={editing}
            projects={projects.data ?? []}
            onSubmit={save}
            onCancel={() => {
              closeForm();
              setFormOpen(false);
            }}
          />
        ) : null}
      </FormDialog>
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

/**
 * The update a link names (/admin/project-updates?update={id}, e.g. from the dashboard's latest updates): once read,
 * `open` gets it (the screen opens its edit form); an update that does not exist says so. Returns the function that
 * drops the parameter when the form closes, so going back does not reopen it.
 */
function useLinkedUpdate(open: (update: ProjectUpdate) => void): () => void {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("update"));
  const linked = useProjectUpdate(Number.isInteger(raw) && raw > 0 ? raw : null);
  const opened = useRef<number | null>(null);
  const latest = useRef(open);
  latest.current = open;
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("update");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => {
    if (linked.data && opened.current !== linked.data.id) {
      opened.current = linked.data.id;
      latest.current(linked.data);
    }
  }, [linked.data]);
  useEffect(() => {
    if (!linked.isError) return;
    toast({ title: TEXTS.updateNotFound, variant: "destructive" });
    clear();
  }, [linked.isError, clear]);
  return clear;
}

/** One update's card: thumbnail, draft badge, project and date, completion, and its actions. */
function UpdateCard({
  update,
  canPublish,
  publish,
  preview,
  onEdit,
  onDelete,
}: {
  update: ProjectUpdate;
  canPublish: boolean;
  publish: ReturnType<typeof usePublishProjectUpdate>;
  preview: ReturnType<typeof useProjectUpdatePreview>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <ProgressCard
      name={update.title}
      image={updateThumbnail(update)}
      badges={<PublishStateBadge publishedAt={update.publishedAt} className="bg-surface shadow-sm" />}
      title={update.title}
      details={
        <>
          {update.projectName ? <Badge variant="secondary">{update.projectName}</Badge> : <span />}
          <time dateTime={update.createdAt}>{formatDateShort(update.createdAt)}</time>
        </>
      }
      detailsClassName="text-muted"
      completion={update.completionPercentage}
      actions={
        <>
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
          <Button size="sm" variant="secondary" onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
            {PROJECT_TEXTS.edit}
          </Button>
          <Button size="sm" variant="destructive" onClick={onDelete}>
            <Trash2Icon aria-hidden="true" />
            {PROJECT_TEXTS.delete}
          </Button>
        </>
      }
    />
  );
}
