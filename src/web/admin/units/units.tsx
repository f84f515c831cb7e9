/**
 * /admin/units (SPEC §2.14): without ?project the project picker; with ?project=ID that project's counters and
 * units table. Buttons show by permission (units.create / edit / delete / import); the server enforces them.
 * Client-only route.
 */
import { useSearchParams } from "react-router";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { positiveIdParam } from "./project-param.ts";
import { ProjectPicker } from "./project-picker.tsx";
import { ProjectUnits } from "./project-units.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-64" />
    </div>
  );
}

export function meta() {
  return [{ title: UNIT_TEXTS.title }];
}

export default function UnitsScreen() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const projectId = positiveIdParam(params.get("project"));
  const can = {
    canCreate: userCan(user, "units.create"),
    canEdit: userCan(user, "units.edit"),
    canDelete: userCan(user, "units.delete"),
    canImport: userCan(user, "units.import"),
  };
  if (projectId === null) return <ProjectPicker canCreate={can.canCreate} canImport={can.canImport} />;
  return <ProjectUnits key={projectId} projectId={projectId} {...can} />;
}
