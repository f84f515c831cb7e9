/** The four counters of a project's units (SPEC §2.14): total, available, reserved, sold. */

import { formatNumber } from "#domain/format.ts";
import type { UnitCounts } from "#domain/project-rules.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Card } from "~/shared/ui/card.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

/** Four cards; each is a labelled figure (role "group" named by its label, for tests and screen readers). */
export function UnitCounters({ counts }: { counts: UnitCounts }) {
  const items = [
    { key: "total", label: UNIT_TEXTS.total, value: counts.total, className: "text-ink" },
    { key: "available", label: UNIT_TEXTS.available, value: counts.available, className: "text-success" },
    { key: "reserved", label: UNIT_TEXTS.reserved, value: counts.reserved, className: "text-warning" },
    { key: "sold", label: UNIT_TEXTS.sold, value: counts.sold, className: "text-danger" },
  ];
  return (
    <section aria-label={UNIT_TEXTS.total} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {items.map((item) => (
        <Card key={item.key} role="group" aria-label={item.label} className="items-center gap-1 py-4 text-center">
          <p className="text-sm text-muted">{item.label}</p>
          <p className={cn("text-2xl font-bold", item.className)} data-testid={`units-${item.key}`}>
            {formatNumber(item.value)}
          </p>
        </Card>
      ))}
    </section>
  );
}
