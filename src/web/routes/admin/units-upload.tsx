/**
 * /admin/units/upload?project=ID (SPEC §2.14 view 3, §8.5): the bulk-upload page with a back button. With a
 * project the rows go to it (POST /api/projects/{id}/units/upload); without, each row names its project
 * (POST /api/units/upload). Client-only route.
 */
import { useSearchParams } from "react-router";
import { useProjects } from "~/api/projects";
import { useCurrentUser } from "~/components/admin/session-provider";
import { BackLink } from "~/components/admin/units/back-link";
import { positiveIdParam } from "~/components/admin/units/project-param";
import { UNIT_TEXTS } from "~/components/admin/units/unit-texts";
import { UnitsUploadPanel } from "~/components/admin/units/units-upload-panel";
import { Skeleton } from "~/components/ui/skeleton";
import { userCan } from "~/lib/auth-permissions";

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Skeleton className="h-96" />;
}

export function meta() {
  return [{ title: UNIT_TEXTS.uploadTitle }];
}

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
