/**
 * /admin/projects (SPEC §2.12, §4.5, §4.9, §4.10, §6, §8.2): search by name or city, the card grid (6 skeletons while
 * loading) with links to /admin/projects/{id} and to the public page (new tab), the wide create/edit dialog, the
 * featured-rank dialog (super_admin and manager only), delete with confirmation, the pending delete of §4.10, and the
 * draft badge with publish / unpublish / preview (docs/decisions/017-drafts-and-preview.md).
 * Buttons needing projects.create / edit / delete are disabled with the §6 tooltips.
 */
import { ExternalLinkIcon, PencilIcon, PlusIcon, StarIcon, Trash2Icon } from "lucide-react";
import type * as React from "react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PENDING_DELETE_RESUME_MS } from "#domain/constants.ts";
import { formatSAR } from "#domain/format.ts";
import { featuredBadge } from "#domain/project-rules.ts";
import type { Project } from "#domain/types.ts";
import { ConfirmDialog } from "~/admin/common/confirm-dialog.tsx";
import { CARD_GRID, CardGridSkeleton, ListScreen, listState } from "~/admin/common/list-screen.tsx";
import { PermissionButton } from "~/admin/common/permission-button.tsx";
import { ProgressCard } from "~/admin/common/progress-card.tsx";
import { PROJECT_TEXTS } from "~/admin/common/project-texts.ts";
import { PublishingActions, PublishStateBadge } from "~/admin/common/publishing-controls.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { useLeadCount } from "~/admin/leads/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useSession } from "~/admin/shell/session-provider.tsx";
import { isApiError } from "~/shared/lib/api-client.ts";
import {
  clearPendingAction,
  LOGIN_PATH,
  readPendingAction,
  storePendingAction,
} from "~/shared/session/auth-redirect.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { ToastAction } from "~/shared/ui/toast.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useDeleteProject, useProjectPreview, useProjects, usePublishProject } from "./api.ts";
import { FeaturedRankDialog } from "./featured-rank-dialog.tsx";
import { filterProjects } from "./filter-projects.ts";
import { ProjectFormDialog } from "./project-form-dialog.tsx";

function loginAction() {
  return (
    <ToastAction altText={PROJECT_TEXTS.login} asChild>
      <Link to={LOGIN_PATH}>{PROJECT_TEXTS.login}</Link>
    </ToastAction>
  );
}

type DeleteProject = (project: Project, options?: { pending?: boolean }) => Promise<void>;

/**
 * SPEC §4.10: after login, about 1000 ms (PENDING_DELETE_RESUME_MS) once the list has loaded, delete the project a
 * signed-out delete remembered, if it is still in the list; else say it is gone.
 */
function useResumePendingDelete(data: Project[] | undefined, signedIn: boolean, run: DeleteProject) {
  const handled = useRef(false);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const latest = useRef({ data, run });
  latest.current = { data, run };
  useEffect(() => {
    if (handled.current || !data || !signedIn) return;
    handled.current = true;
    const pending = readPendingAction();
    if (!pending) return;
    clearPendingAction();
    setPendingId(pending.projectId);
  }, [data, signedIn]);
  useEffect(() => {
    if (pendingId === null) return;
    const timer = setTimeout(() => {
      setPendingId(null);
      const target = latest.current.data?.find((p) => p.id === pendingId);
      if (!target) {
        toast({ title: PROJECT_TEXTS.genericErrorTitle, description: PROJECT_TEXTS.projectNotFound });
        return;
      }
      toast({ title: target.name, description: PROJECT_TEXTS.pendingDeleteInfo });
      void latest.current.run(target, { pending: true });
    }, PENDING_DELETE_RESUME_MS);
    return () => clearTimeout(timer);
  }, [pendingId]);
}

export function ProjectsScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const projects = useProjects();
  const remove = useDeleteProject();
  const [search, setSearch] = useState("");
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Project | null>(null);
  const [ranking, setRanking] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  // The delete dialog names the project's leads (they stay, with the project's name on each enquiry).
  const leadCount = useLeadCount(
    { projectId: String(deleting?.id ?? "") },
    { enabled: deleting !== null && userCan(user, "leads.view_own") },
  );

  const canCreate = userCan(user, "projects.create");
  const canEdit = userCan(user, "projects.edit");
  const canDelete = userCan(user, "projects.delete");
  const canFeature = user?.role === "super_admin" || user?.role === "manager";
  const canPublish = userCan(user, "projects.publish");
  const publish = usePublishProject();
  const preview = useProjectPreview();

  const visible = useMemo(() => filterProjects(projects.data ?? [], search), [projects.data, search]);

  async function deleteProject(project: Project, options: { pending?: boolean } = {}) {
    if (!user) {
      // SPEC §4.10: signed out → remember the delete and go to the login page.
      storePendingAction({ type: "deleteProject", projectId: project.id });
      toast({ title: PROJECT_TEXTS.authErrorTitle, description: PROJECT_TEXTS.delete401, variant: "destructive" });
      navigate(LOGIN_PATH);
      return;
    }
    try {
      await remove.mutateAsync(project.id);
      toast({ title: PROJECT_TEXTS.successTitle, description: PROJECT_TEXTS.deleted, variant: "success" });
      setDeleting(null);
    } catch (error) {
      if (isApiError(error, 401) || isApiError(error, 403)) {
        if (isApiError(error, 401) && !options.pending) {
          storePendingAction({ type: "deleteProject", projectId: project.id });
        }
        toast({
          title: PROJECT_TEXTS.deleteErrorTitle,
          description: PROJECT_TEXTS.delete401,
          variant: "destructive",
          action: loginAction(),
        });
      } else {
        toast({
          title: PROJECT_TEXTS.deleteErrorTitle,
          description: (isApiError(error) && error.serverMessage) || PROJECT_TEXTS.deleteErrorDefault,
          variant: "destructive",
        });
      }
    }
  }

  useResumePendingDelete(projects.data, Boolean(user), deleteProject);

  return (
    <>
      <ListScreen
        title={PROJECT_TEXTS.title}
        actions={
          <PermissionButton
            allowed={canCreate}
            deniedReason={PROJECT_TEXTS.noCreatePermission}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <PlusIcon aria-hidden="true" />
            {PROJECT_TEXTS.newProject}
          </PermissionButton>
        }
        search={{
          label: PROJECT_TEXTS.searchLabel,
          placeholder: PROJECT_TEXTS.searchPlaceholder,
          value: search,
          onChange: setSearch,
        }}
        state={listState(projects, visible.length)}
        pending={<CardGridSkeleton cardClassName="h-72" />}
        error={<QueryError message={PROJECT_TEXTS.genericErrorTitle} onRetry={() => void projects.refetch()} />}
        empty={<p className="text-muted">{PROJECT_TEXTS.empty}</p>}
      >
        <ul className={CARD_GRID}>
          {visible.map((project) => (
            <li key={project.id}>
              <AdminProjectCard
                project={project}
                canEdit={canEdit}
                canDelete={canDelete}
                canFeature={canFeature}
                publishing={
                  <PublishingActions
                    kind="project"
                    label={project.name}
                    publishedAt={project.publishedAt}
                    canPublish={canPublish}
                    busy={publish.isPending && publish.variables?.id === project.id}
                    onSetPublished={(published) => publish.mutateAsync({ id: project.id, published })}
                    onPreview={() => preview.mutateAsync(project.id)}
                  />
                }
                onEdit={() => {
                  setEditing(project);
                  setFormOpen(true);
                }}
                onRank={() => setRanking(project)}
                onDelete={() => setDeleting(project)}
              />
            </li>
          ))}
        </ul>
      </ListScreen>
      <ProjectFormDialog
        open={formOpen}
        project={editing}
        signedIn={Boolean(user)}
        onClose={() => setFormOpen(false)}
      />
      {canFeature ? <FeaturedRankDialog project={ranking} onClose={() => setRanking(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={PROJECT_TEXTS.deleteTitle}
        description={
          deleting
            ? `${PROJECT_TEXTS.deleteConfirm(deleting.name)} ${PROJECT_TEXTS.deleteLeadsKept(leadCount.data ?? null)}`
            : ""
        }
        confirmLabel={PROJECT_TEXTS.delete}
        busyLabel={PROJECT_TEXTS.deleting}
        busy={remove.isPending}
        onConfirm={() => deleting && void deleteProject(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </>
  );
}

function AdminProjectCard({
  project,
  canEdit,
  canDelete,
  canFeature,
  publishing,
  onEdit,
  onRank,
  onDelete,
}: {
  project: Project;
  canEdit: boolean;
  canDelete: boolean;
  canFeature: boolean;
  /** The publishing actions of the card (PublishingActions). */
  publishing: React.ReactNode;
  onEdit: () => void;
  onRank: () => void;
  onDelete: () => void;
}) {
  const badge = featuredBadge(project.featuredRank);
  return (
    <ProgressCard
      name={project.name}
      image={project.images[0]}
      badges={
        <>
          <PublishStateBadge publishedAt={project.publishedAt} className="bg-surface shadow-sm" />
          {badge ? <Badge>{badge}</Badge> : null}
        </>
      }
      titleClassName="text-lg"
      title={
        <Link to={`/admin/projects/${project.id}`} className="hover:underline">
          {project.name}
        </Link>
      }
      details={
        <>
          {project.city ? <Badge variant="secondary">{project.city}</Badge> : <span />}
          <span className="font-bold text-brand-700">{formatSAR(project.price)}</span>
        </>
      }
      completion={project.completionPercentage}
      actions={
        <>
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/projects/${project.id}`}>{PROJECT_TEXTS.details}</Link>
          </Button>
          {publishing}
          {project.publishedAt === null ? null : (
            <Button asChild variant="ghost" size="sm">
              <a href={`/project/${project.id}`} target="_blank" rel="noopener noreferrer">
                <ExternalLinkIcon aria-hidden="true" className="rtl:-scale-x-100" />
                {PROJECT_TEXTS.viewOnSite}
              </a>
            </Button>
          )}
          <PermissionButton
            size="sm"
            variant="secondary"
            allowed={canEdit}
            deniedReason={PROJECT_TEXTS.noEditPermission}
            onClick={onEdit}
          >
            <PencilIcon aria-hidden="true" />
            {PROJECT_TEXTS.edit}
          </PermissionButton>
          {canFeature ? (
            <Button size="sm" variant="outline" onClick={onRank}>
              <StarIcon aria-hidden="true" />
              {PROJECT_TEXTS.featuredRank}
            </Button>
          ) : null}
          <PermissionButton
            size="sm"
            variant="destructive"
            allowed={canDelete}
            deniedReason={PROJECT_TEXTS.noDeletePermission}
            onClick={onDelete}
          >
            <Trash2Icon aria-hidden="true" />
            {PROJECT_TEXTS.delete}
          </PermissionButton>
        </>
      }
    />
  );
}
