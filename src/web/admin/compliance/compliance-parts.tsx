/**
 * Parts of the compliance screen (docs/compliance.md): the state badge, a licence day in Gregorian with its Hijri
 * date, and the grace-period banner.
 */
import { AlertTriangleIcon } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { formatDateLong, formatHijri } from "#domain/format.ts";
import { LICENCE_STATE_LABELS, type LicenceState, riyadhDayStart } from "#domain/licence.ts";
import type { ComplianceReport } from "#domain/schemas/licence-view.ts";
import { COMPLIANCE_TEXTS as T } from "./compliance-texts.ts";

const BADGE: Record<LicenceState, string> = {
  valid: "bg-success/10 text-success",
  expiring: "bg-warning/15 text-ink",
  expired: "bg-danger/10 text-danger",
  missing: "bg-danger/10 text-danger",
};

export function StateBadge({ state }: { state: LicenceState }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-bold ${BADGE[state]}`}>
      {LICENCE_STATE_LABELS[state]}
    </span>
  );
}

/** «١٥ يناير ٢٠٢٧ (١٥ رجب ١٤٤٨ هـ)». */
export function licenceDay(day: string): string {
  const at = riyadhDayStart(day);
  return `${formatDateLong(at)} (${formatHijri(at)})`;
}

/**
 * A name from GET /api/compliance whose Latin parts (a campaign link, a unit number) sit between FSI and PDI
 * (src/server/modules/compliance/service.ts `isolated`): each such part is drawn left to right in a <bdi>, unbroken in
 * the table (md and up) so the brackets around a link stay beside it; on a phone's card it may wrap.
 */
export function IsolatedName({ name }: { name: string }) {
  const nodes: ReactNode[] = [];
  let offset = 0;
  name.split(/[\u2068\u2069]/).forEach((part, i) => {
    // Odd parts sat between FSI and PDI; the key is the part's place in the name, which never changes.
    nodes.push(
      i % 2 === 1 ? (
        <bdi
          key={offset}
          dir="ltr"
          data-latin-digits={part.includes("/") ? "url" : "unit"}
          className="md:whitespace-nowrap"
        >
          {part}
        </bdi>
      ) : (
        <Fragment key={offset}>{part}</Fragment>
      ),
    );
    offset += part.length + 1;
  });
  return <>{nodes}</>;
}

/** A table cell's licence day: the Gregorian date, and the Hijri date on its own line below (no split parenthesis). */
export function LicenceDayLines({ day }: { day: string }) {
  const at = riyadhDayStart(day);
  return (
    <>
      <span className="block whitespace-nowrap">{formatDateLong(at)}</span>
      <span className="block text-xs text-muted md:whitespace-nowrap">{formatHijri(at)}</span>
    </>
  );
}

/** While missing licences are not yet enforced: what will go offline, and from which day. */
export function EnforcementBanner({ report }: { report: ComplianceReport }) {
  if (!report.enforceFrom || report.today >= report.enforceFrom) return null;
  const pending = report.rows.filter((r) => r.willGoOffline);
  if (!pending.length) return null;
  return (
    <div role="status" className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-ink">
      <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <div>
        <p className="font-bold">{`${T.bannerTitle} في ${licenceDay(report.enforceFrom)}:`}</p>
        <ul className="list-disc ps-5">
          {pending.map((r) => (
            <li key={`${r.entityType}-${r.id}`}>{`${T.kinds[r.entityType]}: ${r.name}`}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
