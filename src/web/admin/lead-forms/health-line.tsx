/**
 * The health line of a lead-form connection (docs/lead-forms.md "The health line"): last webhook, last backfill
 * (only for platforms that are read back: `backfill`), leads of the last 24 hours, and the Arabic error if any.
 */
import { formatDateTime, formatNumber } from "#domain/format.ts";
import type { MetaConnectionView } from "#domain/lead-forms.ts";
import { LEAD_FORMS_SCREEN_TEXTS as T } from "./texts.ts";

export function HealthLine({
  health: h,
  backfill = true,
}: {
  health: MetaConnectionView["health"];
  backfill?: boolean;
}) {
  return (
    <section aria-label={T.health} className="flex flex-col gap-1 rounded-lg border border-brand-100 p-3 text-sm">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-3">
        <div>
          <dt className="text-muted">{T.lastWebhook}</dt>
          <dd>{h.lastWebhookAt ? formatDateTime(h.lastWebhookAt) : T.never}</dd>
        </div>
        {backfill && (
          <div>
            <dt className="text-muted">{T.lastBackfill}</dt>
            <dd>{h.lastBackfillAt ? formatDateTime(h.lastBackfillAt) : T.never}</dd>
          </div>
        )}
        <div>
          <dt className="text-muted">{T.leads24h}</dt>
          <dd>{formatNumber(h.leads24h)}</dd>
        </div>
      </dl>
      {h.error && (
        <p role="alert" className="text-danger">
          {h.error}
        </p>
      )}
    </section>
  );
}
