/**
 * One row of the audit log (audit-log-screen.tsx): when, who, what and on which item, and a button that shows the
 * item's state before and after the change as JSON.
 */
import { ChevronDownIcon } from "lucide-react";
import { formatDateTime } from "#domain/format.ts";
import type { AuditLogEntry } from "#domain/types.ts";
import { RT } from "~/admin/common/responsive-table.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";
import { AUDIT_TEXTS } from "./audit-texts.ts";

/** The row of `entry`, its action and item type already named in Arabic; the details row when `expanded`. */
export function AuditRow({
  entry,
  expanded,
  detailsId,
  onToggle,
  actionLabel,
  entityLabel,
}: {
  entry: AuditLogEntry;
  expanded: boolean;
  detailsId: string;
  onToggle: () => void;
  actionLabel: string;
  entityLabel: string;
}) {
  return (
    <>
      <tr className={RT.tr}>
        <td data-label={AUDIT_TEXTS.colDate} className={cn(RT.td, "whitespace-nowrap")}>
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </td>
        <td data-label={AUDIT_TEXTS.user} className={RT.td}>
          {entry.userName ?? (entry.userId ? AUDIT_TEXTS.deletedUser : AUDIT_TEXTS.system)}
          {entry.username ? (
            <>
              {" "}
              <bdi dir="ltr" className="text-xs text-muted">
                ({entry.username})
              </bdi>
            </>
          ) : null}
        </td>
        <td data-label={AUDIT_TEXTS.action} className={cn(RT.td, "font-bold")}>
          {actionLabel}
        </td>
        <td data-label={AUDIT_TEXTS.colEntity} className={RT.td}>
          {entityLabel}
          {entry.entityId ? (
            <>
              {" "}
              <bdi dir="ltr" className="text-xs text-muted">
                #{entry.entityId.slice(0, 8)}
              </bdi>
            </>
          ) : null}
        </td>
        <td className={cn(RT.actions, "md:text-end")}>
          <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
            {expanded ? AUDIT_TEXTS.hide : AUDIT_TEXTS.show}
            <ChevronDownIcon aria-hidden="true" className={cn(expanded && "rotate-180")} />
          </Button>
        </td>
      </tr>
      {expanded ? (
        <tr id={detailsId} className="max-md:block">
          <td colSpan={5} className="bg-canvas px-4 py-3 max-md:block">
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              <StateBlock title={AUDIT_TEXTS.previous} state={entry.previousState} />
              <StateBlock title={AUDIT_TEXTS.next} state={entry.newState} />
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** A state of the item (before or after), as indented JSON, or «لا يوجد» when there is none. */
function StateBlock({ title, state }: { title: string; state: unknown }) {
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-bold text-ink">{title}</h3>
      {state === null || state === undefined ? (
        <p className="text-sm text-muted">{AUDIT_TEXTS.none}</p>
      ) : (
        <pre dir="ltr" className="max-h-80 overflow-auto rounded-lg bg-surface p-3 text-start text-xs text-ink">
          {JSON.stringify(state, null, 2)}
        </pre>
      )}
    </section>
  );
}
