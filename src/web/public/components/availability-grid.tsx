/**
 * The project page's availability (docs/decisions/077-public-availability-and-unit-pages.md): a compact summary of
 * every building (units per status, counted nouns) and the first building's grid, floors top to bottom, each unit
 * a link to its page with its number and status written out (colour repeats the word: colour-blind visitors read
 * the text). Server-rendered markup without state; readable without JavaScript.
 */
import { countNoun, formatSAR, NOUNS } from "#domain/format.ts";
import { type ProjectInventory, statusCounts } from "#domain/inventory-public.ts";
import { UNIT_STATUSES } from "#domain/project-rules.ts";
import { cx } from "~/shared/lib/cx.ts";
import { UNIT_STATUS_STYLES } from "./unit-status-badge.tsx";

export function AvailabilityGrid({ projectId, inventory }: { projectId: number; inventory: ProjectInventory }) {
  const first = inventory.buildings[0];
  if (!first) return null;
  return (
    <div className="grid gap-6" data-testid="availability">
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
                <th scope="row" className="p-2 text-start font-bold text-ink">
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
      <div className="grid gap-2">
        <h3 className="font-bold text-ink">{`مخطط ${first.name ? `المبنى ${first.name}` : "المبنى"}`}</h3>
        <ol className="grid gap-2">
          {first.floors.map((floor) => (
            <li key={floor.number ?? "none"} className="grid grid-cols-[6rem_1fr] items-start gap-2">
              <span className="pt-2 text-sm font-medium text-muted">{floor.label}</span>
              <ul className="flex flex-wrap gap-2">
                {floor.units.map((unit) => (
                  <li key={unit.id}>
                    <a
                      href={`/project/${projectId}/unit/${unit.id}`}
                      className={cx(
                        "grid min-w-24 gap-0.5 rounded-xl px-3 py-2 text-xs ring-1",
                        UNIT_STATUS_STYLES[unit.status],
                      )}
                    >
                      <bdi data-latin-digits="unit" className="text-sm font-bold">
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
      </div>
    </div>
  );
}
