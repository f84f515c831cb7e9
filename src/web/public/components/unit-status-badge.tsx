/**
 * A unit's state as visitors read it (docs/decisions/077-public-availability-and-unit-pages.md): SPEC's status word
 * on a colour, so the word carries the meaning and the colour only repeats it (colour-blind visitors read the text).
 */
import type { UnitStatus } from "#domain/project-rules.ts";
import { cx } from "~/shared/lib/cx.ts";

/** Background and text colours per status (also the availability grid's cells). */
export const UNIT_STATUS_STYLES: Record<UnitStatus, string> = {
  متاحة: "bg-success/15 text-ink ring-success/50",
  محجوزة: "bg-warning/20 text-ink ring-warning/60",
  مباعة: "bg-black/10 text-muted ring-black/20",
};

export function UnitStatusBadge({ status, className }: { status: UnitStatus; className?: string }) {
  return (
    <span
      className={cx(
        "inline-flex rounded-full px-3 py-1 text-sm font-bold ring-1",
        UNIT_STATUS_STYLES[status],
        className,
      )}
      data-unit-status={status}
    >
      {status}
    </span>
  );
}
