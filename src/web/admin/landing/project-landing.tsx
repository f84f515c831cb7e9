/**
 * /admin/projects/{id} (SPEC §2.15): loads the project (its draft badge with publish / unpublish / preview,
 * docs/decisions/017-drafts-and-preview.md), then the landing-page manager. Client-only route.
 */
import { ArrowRightIcon } from "lucide-react";
import { Link, useParams } from "react-router";
import { formatSAR } from "#domain/format.ts";
import { blockSkeleton, clientOnly } from "~/admin/common/client-only.tsx";
import { PublishingActions, PublishStateBadge } from "~/admin/common/publishing-controls.tsx";
import { useProjectPreview, usePublishProject } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useSession } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { useAdminProject } from "./api.ts";
import { LandingManager } from "./landing-manager.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: "تفاصيل المشروع",
  fallback: blockSkeleton("h-40 w-full rounded-xl"),
});

export default function ProjectDetailScreen() {
  const params = useParams();
  const projectId = Number(params.id);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const project = useAdminProject(valid ? projectId : 0);
  const publish = usePublishProject();
  const preview = useProjectPreview();
  const canPublish = userCan(useSession().user, "projects.publish");

  return (
    <div className="grid gap-6">
      <Link to="/admin/projects" className="inline-flex w-fit items-center gap-2 text-sm font-bold text-brand-700">
        <ArrowRightIcon aria-hidden="true" className="size-4" />
        العودة إلى المشاريع
      </Link>
      {!valid || (project.isSuccess && project.data === null) ? (
        <p role="alert" className="rounded-xl bg-surface p-6 text-center text-muted">
          المشروع غير موجود
        </p>
      ) : project.isPending ? (
        <p role="status" className="rounded-xl bg-surface p-6 text-center text-muted">
          جاري تحميل تفاصيل المشروع...
        </p>
      ) : project.isError ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-6 text-center text-danger">
          {apiErrorMessage(project.error, "تعذّر تحميل المشروع")}
        </p>
      ) : project.data ? (
        <>
          <header className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-2xl font-bold text-ink">{project.data.name}</h1>
                <PublishStateBadge publishedAt={project.data.publishedAt} />
              </div>
              <p className="text-muted">
                {[project.data.city, project.data.district].filter(Boolean).join("، ")}
                {project.data.price > 0 ? `، ${formatSAR(project.data.price)}` : ""}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <PublishingActions
                kind="project"
                label={project.data.name}
                size="default"
                publishedAt={project.data.publishedAt}
                canPublish={canPublish}
                busy={publish.isPending}
                onSetPublished={(published) => publish.mutateAsync({ id: projectId, published })}
                onPreview={() => preview.mutateAsync(projectId)}
              />
            </div>
          </header>
          <LandingManager projectId={projectId} />
        </>
      ) : null}
    </div>
  );
}
