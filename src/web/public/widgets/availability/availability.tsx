/**
 * The project page's availability (docs/decisions/077-public-availability-and-unit-pages.md,
 * docs/decisions/099-availability-after-first-paint.md): a compact summary of every building (units per status,
 * counted nouns) and ONE building's grid — the one `?building=` names, else the first — floors top to bottom, each
 * unit a link to its page with its number and status written out (colour repeats the word: colour-blind visitors
 * read the text). Every other building is a heading and a link to the project page drawing its grid, which the
 * island (availability.island.ts) replaces by the grid after the first paint, so a 2,000-unit project's page
 * carries one building's cells. Server-rendered markup without state; readable without JavaScript.
 */
import { countNoun, formatSAR, NOUNS } from "#domain/format.ts";
import { type ProjectInventory, statusCounts } from "#domain/inventory-public.ts";
import { UNIT_STATUSES } from "#domain/project-rules.ts";
import { dataProps } from "~/public/islands/contract.ts";
import { cx } from "~/shared/lib/cx.ts";
import {
  AVAILABILITY,
  buildingHref,
  CELL_CLASS,
  CELL_STATUS_CLASS,
  FLOOR_CLASS,
  FLOOR_LABEL_CLASS,
  FLOORS_CLASS,
  UNIT_NUMBER_CLASS,
  UNITS_CLASS,
  unitHref,
} from "./contract.ts";

type Building = ProjectInventory["buildings"][number];

/** A building's title: «مخطط المبنى A» (a building without a name: «مخطط المبنى»). */
export const buildingTitle = (name: string) => `مخطط ${name ? `المبنى ${name}` : "المبنى"}`;

function BuildingGrid({ projectId, building }: { projectId: number; building: Building }) {
  return (
    <ol className={FLOORS_CLASS}>
      {building.floors.map((floor) => (
        <li key={floor.number ?? "none"} className={FLOOR_CLASS}>
          <span className={FLOOR_LABEL_CLASS}>{floor.label}</span>
          <ul className={UNITS_CLASS}>
            {floor.units.map((unit) => (
              <li key={unit.id}>
                <a href={unitHref(projectId, unit.id)} className={cx(CELL_CLASS, CELL_STATUS_CLASS[unit.status])}>
                  <bdi data-latin-digits="unit" className={UNIT_NUMBER_CLASS}>
                    {unit.unitNumber}
                  </bdi>
                  <span>{unit.status}</span>
                  {unit.price !== null && <span>{formatSAR(unit.price)}</span>}
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export function AvailabilityGrid({
  projectId,
  inventory,
  building: wanted = null,
}: {
  projectId: number;
  inventory: ProjectInventory;
  /** The building whose grid the server draws (`?building=`); null or unknown: the first. */
  building?: string | null;
}) {
  const shown = inventory.buildings.find((b) => b.name === wanted) ?? inventory.buildings[0];
  if (!shown) return null;
  return (
    <div
      className="grid gap-6"
      data-testid="availability"
      data-island={AVAILABILITY.island}
      {...dataProps(AVAILABILITY.attrs, { project: projectId })}
    >
      <table className="w-full text-start text-sm">
        <caption className="sr-only">توفر الوحدات في كل مبنى</caption>
        <thead>
          <tr className="text-muted">
            <th scope="col" className="p-2 text-start font-medium">
              المبنى
            </th>
            {UNIT_STATUSES.map((status) => (
              <th key={status} scope="col" className="p-2 text-start font-medium">
                {status}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {inventory.buildings.map((building) => {
            const counts = statusCounts(building.floors);
            return (
              <tr key={building.name} className="border-t border-black/5">
                <th scope="row" className="p-2 text-start font-bold text-ink" data-latin-digits="unit">
                  {building.name || "المبنى"}
                </th>
                {UNIT_STATUSES.map((status) => (
                  <td key={status} className="p-2">
                    {countNoun(counts[status] ?? 0, NOUNS.unit)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {inventory.buildings.map((building) =>
        building === shown ? (
          <div key={building.name} className="grid gap-2">
            <h3 className="font-bold text-ink" data-latin-digits="unit">
              {buildingTitle(building.name)}
            </h3>
            <BuildingGrid projectId={projectId} building={building} />
          </div>
        ) : (
          <div
            key={building.name}
            className="grid gap-2"
            {...dataProps(AVAILABILITY.attrs, { building: building.name })}
          >
            <h3 className="font-bold text-ink" data-latin-digits="unit">
              {buildingTitle(building.name)}
            </h3>
            <a href={buildingHref(projectId, building.name)} className="text-sm font-bold text-brand-700 underline">
              {`عرض ${buildingTitle(building.name)}`}
            </a>
          </div>
        ),
      )}
    </div>
  );
}
