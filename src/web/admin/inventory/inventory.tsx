/**
 * /admin/inventory?project=ID (inventory.view; docs/decisions/078-stacking-plan-and-bulk-generation.md): the
 * stacking plan of a project, kept live by server-sent events; without ?project a project select. Client-only route;
 * its clientLoader starts the plan's request (prefetchStackingPlan) without waiting for it, so the answer is on its way
 * while the screen renders (docs/performance/inventory.md).
 */
import { useSearchParams } from "react-router";
import { clientOnly } from "~/admin/common/client-only.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { getQueryClient } from "~/admin/shell/query-client.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import type { Route } from "./+types/inventory";
import { prefetchStackingPlan } from "./api.ts";
import { GeneratePanel } from "./generate-panel.tsx";
import { INVENTORY_UI } from "./inventory-texts.ts";
import { PricePanel } from "./price-panel.tsx";
import { StackingPlanScreen } from "./stacking-plan.tsx";
import { UnitTypesPanel } from "./unit-types-panel.tsx";

export const { HydrateFallback, meta } = clientOnly({ title: INVENTORY_UI.title });

function parseProject(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Loads nothing itself (the screen's queries hold the data); starts the ?project plan's request and returns null. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const projectId = parseProject(new URL(request.url).searchParams.get("project"));
  if (projectId !== null) void prefetchStackingPlan(getQueryClient(), projectId);
  return null;
}
clientLoader.hydrate = true as const;

export default function InventoryScreen() {
  const [params, setParams] = useSearchParams();
  const projectId = parseProject(params.get("project"));
  const projects = useProjects();
  const user = useCurrentUser();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink">{INVENTORY_UI.title}</h1>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">{INVENTORY_UI.pickProject}</span>
          <select
            className="rounded-md border border-black/15 bg-surface px-2 py-1.5"
            value={projectId ?? ""}
            onChange={(event) => setParams(event.target.value ? { project: event.target.value } : {})}
          >
            <option value="">{INVENTORY_UI.pickProject}</option>
            {(projects.data ?? []).map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {projectId !== null && userCan(user, "inventory.manage") && (
        <GeneratePanel key={`g${projectId}`} projectId={projectId} />
      )}
      {projectId !== null && userCan(user, "inventory.manage") && (
        <UnitTypesPanel key={`t${projectId}`} projectId={projectId} />
      )}
      {projectId !== null && (
        <PricePanel key={`p${projectId}`} projectId={projectId} canManage={userCan(user, "inventory.manage")} />
      )}
      {projectId !== null && <StackingPlanScreen key={projectId} projectId={projectId} />}
    </div>
  );
}
