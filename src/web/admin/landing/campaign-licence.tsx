/**
 * A campaign card's licence line (docs/compliance.md): the licence number it is advertised under (Latin digits), its
 * last day and its state; «منتهٍ» or «مفقود» in the danger colour, since the campaign's link is then offline.
 */
import { formatDateLong } from "#domain/format.ts";
import { LICENCE_STATE_LABELS, riyadhDayStart } from "#domain/licence.ts";
import type { LicenceView } from "#domain/schemas/licence-view.ts";
import { cn } from "~/shared/lib/cn.ts";

export function CampaignLicenceLine({ licence }: { licence?: LicenceView }) {
  if (!licence) return null;
  const bad = licence.state === "expired" || licence.state === "missing";
  return (
    <p className={cn("text-sm", bad ? "font-bold text-danger" : "text-muted")} data-testid="campaign-licence">
      {"ترخيص الإعلان: "}
      {licence.number ? <bdi data-latin-digits="licence">{licence.number}</bdi> : "غير مسجّل"}
      {licence.expiresOn && ` · ينتهي ${formatDateLong(riyadhDayStart(licence.expiresOn))}`}
      {` · ${LICENCE_STATE_LABELS[licence.state]}`}
    </p>
  );
}
