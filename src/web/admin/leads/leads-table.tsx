/**
 * The rows of the leads list (docs/product.md §2.16; docs/decisions/070-one-leads-list.md): a table from 768 px and a
 * card per lead below (admin/common/responsive-table.ts), each lead with its name and flags, phone, project, stage,
 * owner, the live wait and the clock's next step (live-clock.tsx), and its enquiries' webhook delivery with the retry
 * (lead-delivery.tsx). With leads.assign each row has a box to tick for «إعادة الإسناد» of several leads at once, and
 * the header a box that ticks the whole page.
 */
import { Link } from "react-router";
import { RT } from "~/admin/common/responsive-table.ts";
import type { LeadListItem } from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { LeadFlags, StageBadge } from "./lead-badges.tsx";
import { LeadDeliveries } from "./lead-delivery.tsx";
import { LiveClock } from "./live-clock.tsx";

export const TABLE_TEXTS = {
  wait: "الانتظار والخطوة التالية",
  delivery: "الويب هوك",
  selectAll: "تحديد كل العملاء المعروضين",
  select: (name: string) => `تحديد ${name}`,
} as const;

export interface LeadsTableProps {
  items: LeadListItem[];
  /** The server's time now (live-clock.tsx useServerNow). */
  now: Date;
  canRetry: boolean;
  /** contact_messages.delete: each enquiry has its delete. */
  canDelete?: boolean;
  /** Ticked lead ids; null: the viewer may not reassign (no boxes). */
  selected: ReadonlySet<number> | null;
  onSelect: (ids: number[], checked: boolean) => void;
}

export function LeadsTable({ items, now, canRetry, canDelete = false, selected, onSelect }: LeadsTableProps) {
  const allTicked = selected !== null && items.length > 0 && items.every((l) => selected.has(l.id));
  return (
    <div className={`${RT.wrapper} rounded-xl bg-surface shadow-sm ring-1 ring-brand-100`}>
      <table className={RT.table}>
        <thead className={RT.thead}>
          <tr>
            {selected !== null && (
              <th scope="col" className="w-10 px-3 py-3">
                <input
                  type="checkbox"
                  className="size-5"
                  aria-label={TABLE_TEXTS.selectAll}
                  checked={allTicked}
                  onChange={(e) =>
                    onSelect(
                      items.map((l) => l.id),
                      e.target.checked,
                    )
                  }
                />
              </th>
            )}
            {[
              DESK_TEXTS.name,
              DESK_TEXTS.phone,
              DESK_TEXTS.project,
              DESK_TEXTS.stage,
              DESK_TEXTS.owner,
              TABLE_TEXTS.wait,
              TABLE_TEXTS.delivery,
            ].map((h) => (
              <th key={h} scope="col" className="px-3 py-3 text-start font-bold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={RT.tbody}>
          {items.map((lead) => (
            <tr key={lead.id} className={`${RT.tr} align-top`} data-testid="lead-row">
              {selected !== null && (
                <td className="px-3 py-3 max-md:col-span-2 max-md:p-0">
                  <input
                    type="checkbox"
                    className="size-6 md:size-5"
                    aria-label={TABLE_TEXTS.select(lead.name)}
                    checked={selected.has(lead.id)}
                    onChange={(e) => onSelect([lead.id], e.target.checked)}
                  />
                </td>
              )}
              <th scope="row" className={`${RT.rowHeader} md:px-3`}>
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/leads/${lead.id}`} className="text-brand-700 hover:underline">
                    {lead.name}
                  </Link>
                  <LeadFlags lead={lead} />
                </div>
              </th>
              <td data-label={DESK_TEXTS.phone} className={`${RT.td} md:px-3`}>
                <span dir="ltr" className="whitespace-nowrap">
                  {lead.phone ?? "—"}
                </span>
              </td>
              <td data-label={DESK_TEXTS.project} className={`${RT.td} md:px-3`}>
                {lead.projectName ?? DESK_TEXTS.noProject}
              </td>
              <td data-label={DESK_TEXTS.stage} className={`${RT.td} md:px-3`}>
                <StageBadge stage={lead.stage} />
              </td>
              <td data-label={DESK_TEXTS.owner} className={`${RT.td} md:px-3`}>
                {lead.ownerName ?? DESK_TEXTS.unassigned}
              </td>
              <td data-label={TABLE_TEXTS.wait} className={`${RT.td} md:px-3`}>
                <LiveClock lead={lead} now={now} />
              </td>
              <td data-label={TABLE_TEXTS.delivery} className={`${RT.td} md:px-3`}>
                <LeadDeliveries lead={lead} canRetry={canRetry} canDelete={canDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
