/**
 * A campaign card's funnel line (docs/conversions.md "Campaigns report"): over the last 30 days, the campaign's
 * reservations and sales and its cost per reservation, from the campaigns report (one shared query for all cards).
 * Shown to staff holding conversions.manage; nothing while loading or when the report cannot be read.
 */
import { formatNumber } from "#domain/format.ts";
import { RiyalAmount } from "~/admin/common/riyal-amount.tsx";
import { jeddahDayOf, useFunnel } from "~/admin/conversions/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";

export function CampaignFunnelLine({ campaignId, now = new Date() }: { campaignId: number; now?: Date }) {
  const user = useCurrentUser();
  const allowed = userCan(user, "conversions.manage");
  const report = useFunnel(jeddahDayOf(now, 29), jeddahDayOf(now), { enabled: allowed });
  const row = report.data?.campaigns.find((c) => c.campaignId === campaignId);
  if (!allowed || !row) return null;
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-lg bg-accent-400/10 p-2 text-center" data-testid="campaign-funnel">
      <div>
        <dt className="text-xs text-muted">حجز (٣٠ يوماً)</dt>
        <dd className="font-bold text-ink">{formatNumber(row.counts.reserved)}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted">بيع</dt>
        <dd className="font-bold text-ink">{formatNumber(row.counts.sold)}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted">تكلفة الحجز</dt>
        <dd className="flex justify-center">
          <RiyalAmount amount={row.costPerReservation} />
        </dd>
      </div>
    </dl>
  );
}
