/**
 * The dashboard's inventory card (inventory.view; docs/decisions/078-stacking-plan-and-bulk-generation.md): per
 * project, units available / held / reserved / sold with their value in SAR, each a link to the project's stacking
 * plan filtered to that state; the project's name links to its whole stacking plan.
 */
import { Link } from "react-router";
import { countNoun, formatSAR, NOUNS } from "#domain/format.ts";
import { INVENTORY_STATE_LABELS, type InventoryState } from "#domain/inventory.ts";
import { useInventorySummary } from "~/admin/inventory/api.ts";

const SHOWN: InventoryState[] = ["available", "held", "reserved", "sold"];

export function InventoryCard() {
  const summary = useInventorySummary();
  if (!summary.data?.length) return null;
  return (
    <section aria-labelledby="inventory-summary" className="grid gap-3 rounded-xl bg-surface p-4 ring-1 ring-black/5">
      <h2 id="inventory-summary" className="font-bold text-ink">
        توفر الوحدات
      </h2>
      <ul className="grid gap-3">
        {summary.data.map((row) => (
          <li key={row.projectId} className="grid gap-1">
            <Link to={`/admin/inventory?project=${row.projectId}`} className="w-fit font-medium hover:underline">
              {row.projectName}
            </Link>
            <div className="flex flex-wrap gap-2 text-sm">
              {SHOWN.map((state) => (
                <Link
                  key={state}
                  to={`/admin/inventory?project=${row.projectId}&state=${state}`}
                  className="rounded-lg bg-canvas px-2 py-1 hover:bg-brand-50"
                >
                  {`${INVENTORY_STATE_LABELS[state]}: ${countNoun(row.counts[state], NOUNS.unit)} · ${formatSAR(row.values[state])}`}
                </Link>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
