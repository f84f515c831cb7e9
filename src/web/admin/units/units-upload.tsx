/**
 * /admin/units/upload?project=ID (SPEC §2.14 view 3, §8.5): the bulk-upload page with a back button. With a
 * project the rows go to it (POST /api/projects/{id}/units/upload); without, each row names its project
 * (POST /api/units/upload). Client-only route.
 */
import { useSearchParams } from "react-router";
import { blockSkeleton, clientOnly } from "~/admin/common/client-only.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { BackLink } from "./back-link.tsx";
import { positiveIdParam } from "./project-param.ts";
import { UNIT_TEXTS } from "./unit-texts.ts";
import { UnitsUploadPanel } from "./units-upload-panel.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: UNIT_TEXTS.uploadTitle,
  fallback: blockSkeleton("h-96"),
});

export default function UnitsUploadScreen() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const projectId = positiveIdParam(params.get("project"));
  const projects = useProjects();
  const project = projectId === null ? null : projects.data?.find((p) => p.id === projectId);
  const backTo = projectId ? `/admin/units?project=${projectId}` : "/admin/units";

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <BackLink to={backTo} label={UNIT_TEXTS.backToUnits} />
      <h1 className="text-2xl font-bold text-ink">
        {project ? `${UNIT_TEXTS.uploadTitle}: ${project.name}` : UNIT_TEXTS.uploadTitle}
      </h1>
      {!userCan(user, "units.import") ? (
        <p role="alert" className="text-danger">
          {UNIT_TEXTS.noPermission}
        </p>
      ) : projectId !== null && projects.isPending ? (
        <Skeleton className="h-96" />
      ) : projectId !== null && !project ? (
        <p role="alert" className="text-danger">
          {UNIT_TEXTS.projectNotFound}
        </p>
      ) : (
        <UnitsUploadPanel projectId={projectId} projectName={project?.name ?? null} />
      )}
    </div>
  );
}
