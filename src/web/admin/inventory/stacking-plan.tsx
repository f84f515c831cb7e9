/**
 * The stacking plan of one project (docs/decisions/078-stacking-plan-and-bulk-generation.md): filters (state, type,
 * rooms, price range), then one block per building with its floors top to bottom, each unit a cell with its number,
 * type, price and state written out; below 768 px a floor-by-floor list. A click opens the unit's drawer. Live: the
 * plan is refetched when the server says the project changed (useLiveInventory).
 * Drawn one building at a time (docs/performance/inventory.md): the first commit holds the first building's cells,
 * the others follow in a transition once that frame has painted, and a floor out of the viewport skips its style,
 * layout and paint (`content-visibility: auto`, sized by an estimate until first drawn) until scrolled to.
 */
import { type CSSProperties, startTransition, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { formatSAR } from "#domain/format.ts";
import { INVENTORY_STATE_LABELS, INVENTORY_STATES, type InventoryState } from "#domain/inventory.ts";
import type { GridUnit, StackingPlan } from "#domain/inventory-admin.ts";
import { ChoiceSelect, choicesOf } from "~/admin/common/choice-select.tsx";
import { useIsMobile } from "~/admin/shell/use-media-query.ts";
import { cn } from "~/shared/lib/cn.ts";
import { withLatinDigits } from "~/shared/lib/latin-digits.ts";
import { useLiveInventory, useStackingPlan } from "./api.ts";
import { INVENTORY_UI, STATE_STYLES } from "./inventory-texts.ts";
import { UnitDrawer } from "./unit-drawer.tsx";

interface Filters {
  state: InventoryState | "";
  typeId: string;
  rooms: string;
  priceMin: string;
  priceMax: string;
}

type GridBuilding = StackingPlan["buildings"][number];

const NO_FILTERS: Filters = { state: "", typeId: "", rooms: "", priceMin: "", priceMax: "" };

function matches(unit: GridUnit, f: Filters): boolean {
  if (f.state && unit.state !== f.state) return false;
  if (f.typeId && String(unit.typeId) !== f.typeId) return false;
  if (f.rooms && String(unit.rooms) !== f.rooms) return false;
  if (f.priceMin && (unit.price === null || unit.price < Number(f.priceMin))) return false;
  if (f.priceMax && (unit.price === null || unit.price > Number(f.priceMax))) return false;
  return true;
}

function UnitCell({ unit, dim, onOpen }: { unit: GridUnit; dim: boolean; onOpen: (unit: GridUnit) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(unit)}
      data-unit={unit.unitNumber}
      data-state={unit.state}
      className={cn(
        "grid min-w-24 gap-0.5 rounded-lg px-2 py-1.5 text-start text-xs ring-1",
        STATE_STYLES[unit.state],
        dim && "opacity-30",
      )}
    >
      <bdi className="text-sm font-bold" data-latin-digits="unit">
        {unit.unitNumber}
      </bdi>
      {unit.type && <span>{unit.type}</span>}
      <span>{unit.price === null ? INVENTORY_UI.priceOnRequest : formatSAR(unit.price)}</span>
      <span className="font-medium">{INVENTORY_STATE_LABELS[unit.state]}</span>
    </button>
  );
}

const STATE_CHOICES = choicesOf(INVENTORY_STATES, INVENTORY_STATE_LABELS);
/** The filter bar's selects, in order: the key of `Filters` each sets, its accessible name and its «all» choice. */
const FILTER_SELECTS = [
  { key: "state", label: "الحالة", empty: INVENTORY_UI.allStates },
  { key: "typeId", label: "النموذج", empty: INVENTORY_UI.allTypes },
  { key: "rooms", label: "عدد الغرف", empty: INVENTORY_UI.allRooms },
] as const;

function FilterBar({
  plan,
  filters,
  onChange,
}: {
  plan: StackingPlan;
  filters: Filters;
  onChange: (f: Filters) => void;
}) {
  const rooms = [...new Set(plan.buildings.flatMap((b) => b.floors.flatMap((f) => f.units.map((u) => u.rooms))))]
    .filter((r): r is number => r !== null)
    .sort((a, b) => a - b);
  const typeChoices = plan.types.map((t) => ({ value: t.id, label: t.name }));
  const roomChoices = rooms.map((r) => ({ value: r, label: String(r) }));
  const field = "rounded-md border border-black/15 bg-surface px-2 py-1.5 text-sm";
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">{INVENTORY_UI.filters}</legend>
      {FILTER_SELECTS.map(({ key, label, empty }) => (
        <ChoiceSelect
          key={key}
          aria-label={label}
          className={field}
          value={filters[key]}
          onChange={(value) => onChange({ ...filters, [key]: value })}
          empty={empty}
          options={key === "state" ? STATE_CHOICES : key === "typeId" ? typeChoices : roomChoices}
        />
      ))}
      {(["priceMin", "priceMax"] as const).map((key) => (
        <input
          key={key}
          aria-label={INVENTORY_UI[key]}
          placeholder={INVENTORY_UI[key]}
          inputMode="numeric"
          className={cn(field, "w-28")}
          value={filters[key]}
          onChange={withLatinDigits((e) => onChange({ ...filters, [key]: e.target.value.replace(/\D/g, "") }))}
        />
      ))}
    </fieldset>
  );
}

/**
 * How many of `total` buildings to draw: the first alone, then (once that frame has painted) all of them, in a
 * transition so input is never blocked. A live refetch keeps them all drawn.
 */
function useBuildingsDrawn(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || total <= 1) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before it paints; the task queued from it runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAll(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [all, total]);
  return all ? total : Math.min(1, total);
}

/**
 * A floor out of the viewport skips its style, layout and paint (`content-visibility: auto`), laid out until first
 * drawn with an estimate of its size: a cell is 6 rem wide with a 0.375 rem gap and about 5.5 rem tall; on a phone
 * the floor is a label over two columns of cells, as wide as the screen.
 */
function floorSize(units: number, mobile: boolean): CSSProperties {
  if (mobile) return { contentVisibility: "auto", containIntrinsicHeight: `auto ${2 + Math.ceil(units / 2) * 5.9}rem` };
  return {
    contentVisibility: "auto",
    containIntrinsicWidth: `auto ${6.5 + units * 6.375}rem`,
    containIntrinsicHeight: "auto 5.5rem",
  };
}

function BuildingBlock({
  building,
  mobile,
  filters,
  onOpen,
}: {
  building: GridBuilding;
  mobile: boolean;
  filters: Filters;
  onOpen: (unit: GridUnit) => void;
}) {
  return (
    <section className="grid min-w-0 max-w-full gap-2 overflow-x-auto rounded-xl bg-surface p-3 ring-1 ring-black/5">
      <h2 className="font-bold text-ink">{`${INVENTORY_UI.building} ${building.name}`}</h2>
      {building.floors.map((floor) => (
        <div
          key={floor.number ?? "none"}
          className={cn("gap-2", mobile ? "grid" : "grid grid-cols-[6rem_1fr] items-center")}
          style={floorSize(floor.units.length, mobile)}
        >
          <h3 className="text-sm font-medium text-muted">{floor.label}</h3>
          <div className={cn("gap-1.5", mobile ? "grid grid-cols-2" : "flex")}>
            {floor.units.map((unit) => (
              <UnitCell key={unit.id} unit={unit} dim={!matches(unit, filters)} onOpen={onOpen} />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}

export function StackingPlanScreen({ projectId }: { projectId: number }) {
  const plan = useStackingPlan(projectId);
  useLiveInventory(projectId);
  const mobile = useIsMobile();
  const drawn = useBuildingsDrawn(plan.data?.buildings.length ?? 0);
  // The dashboard links here with ?state= (a state's units of this project).
  const [params] = useSearchParams();
  const initialState = params.get("state");
  const [filters, setFilters] = useState<Filters>({
    ...NO_FILTERS,
    state: INVENTORY_STATES.find((s) => s === initialState) ?? "",
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const open = useMemo(() => {
    for (const b of plan.data?.buildings ?? []) {
      for (const f of b.floors) for (const u of f.units) if (u.id === openId) return u;
    }
    return null;
  }, [plan.data, openId]);
  if (plan.isPending) return <p className="text-muted">…</p>;
  if (plan.isError) return <p role="alert">{INVENTORY_UI.loadFailed}</p>;
  if (plan.data.buildings.length === 0) return <p className="text-muted">{INVENTORY_UI.noUnits}</p>;
  const onOpen = (unit: GridUnit) => setOpenId(unit.id);
  return (
    <div className="grid gap-4" data-testid="stacking-plan">
      <FilterBar plan={plan.data} filters={filters} onChange={setFilters} />
      <div className={cn("flex min-w-0 gap-6", mobile ? "flex-col" : "flex-wrap items-start")}>
        {plan.data.buildings.slice(0, drawn).map((building) => (
          <BuildingBlock key={building.name} building={building} mobile={mobile} filters={filters} onOpen={onOpen} />
        ))}
      </div>
      <UnitDrawer projectId={projectId} unit={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
