/**
 * /admin/inventory?project=ID (inventory.view; docs/decisions/078-stacking-plan-and-bulk-generation.md): the
 * stacking plan of a project, kept live by server-sent events; without ?project a project select. Client-only route;
 * its clientLoader starts the plan's request (prefetchStackingPlan) without waiting for it, so the answer is on its way
 * while the screen renders (docs/performance/inventory.md).
 */
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { clientOnly } from "~/admin/common/client-only.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { getQueryClient } from "~/admin/shell/query-client.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import type { EarlyReadsHandle } from "~/shared/session/early-session.ts";
import type { Route } from "./+types/inventory";
import { prefetchStackingPlan, stackingPlanPath } from "./api.ts";
import { INVENTORY_UI } from "./inventory-texts.ts";
import { StackingPlanScreen } from "./stacking-plan.tsx";

// The panels above the grid load apart from the route's code, once the grid is drawn (docs/performance/inventory.md):
// their forms (the form kit, react-hook-form, the schemas) are most of the screen's modules; loaded with the route
// they delay its start, loaded while the grid draws they share the two cores with it.
const GeneratePanel = lazy(() => import("./generate-panel.tsx").then((m) => ({ default: m.GeneratePanel })));
const UnitTypesPanel = lazy(() => import("./unit-types-panel.tsx").then((m) => ({ default: m.UnitTypesPanel })));
const PricePanel = lazy(() => import("./price-panel.tsx").then((m) => ({ default: m.PricePanel })));

export const { HydrateFallback, meta } = clientOnly({ title: INVENTORY_UI.title });

function parseProject(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The plan of ?project is asked for by the document itself, with the session restore, before the route's code has
 * loaded (docs/decisions/157-session-restored-by-the-document.md); the loader's request then takes that answer.
 */
export const handle: EarlyReadsHandle = {
  earlyReads(url) {
    const projectId = parseProject(url.searchParams.get("project"));
    return projectId === null ? [] : [stackingPlanPath(projectId)];
  },
};

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
  const [gridDrawn, setGridDrawn] = useState<number | null>(null);
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
      {projectId !== null && gridDrawn === projectId && (
        <Suspense fallback={null}>
          {userCan(user, "inventory.manage") && <GeneratePanel key={`g${projectId}`} projectId={projectId} />}
          {userCan(user, "inventory.manage") && <UnitTypesPanel key={`t${projectId}`} projectId={projectId} />}
          <PricePanel key={`p${projectId}`} projectId={projectId} canManage={userCan(user, "inventory.manage")} />
        </Suspense>
      )}
      {projectId !== null && (
        <StackingPlanScreen key={projectId} projectId={projectId} onDrawn={() => setGridDrawn(projectId)} />
      )}
    </div>
  );
}
