/**
 * /admin/units (SPEC §2.14): without ?project the project picker; with ?project=ID that project's counters and
 * units table. Buttons show by permission (units.create / edit / delete / import); the server enforces them.
 * Client-only route.
 */
import { useSearchParams } from "react-router";
import { clientOnly } from "~/admin/common/client-only.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { positiveIdParam } from "./project-param.ts";
import { ProjectPicker } from "./project-picker.tsx";
import { ProjectUnits } from "./project-units.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: UNIT_TEXTS.title });

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
