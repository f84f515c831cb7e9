/**
 * The dashboard card "top campaigns" (docs/conversions.md "Dashboard"): over the last 30 days, the five campaigns
 * with the lowest cost per reservation; when no campaign has both spend and a reservation, the five with the most
 * enquiries (ranking: conversions/api.ts `topCampaigns`). Shown only to staff holding conversions.manage. Each row
 * links to the campaign's card on its project's page.
 */
import { MegaphoneIcon } from "lucide-react";
import { Link } from "react-router";
import { CAMPAIGN_PLATFORM_LABELS, type CampaignFunnel } from "#domain/conversions.ts";
import { countNoun, NOUNS } from "#domain/format.ts";
import { RiyalAmount } from "~/admin/common/riyal-amount.tsx";
import { jeddahDayOf, topCampaigns, useFunnel } from "~/admin/conversions/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";

const T = {
  topCampaigns: "أفضل الحملات تكلفةً للحجز",
  topCampaignsByEnquiries: "أفضل الحملات بعدد الطلبات",
  noCampaigns: "لا توجد طلبات من الحملات في هذه الفترة",
  last30: "آخر ٣٠ يوماً",
  reservations: (n: number) => countNoun(n, NOUNS.reservation),
  enquiries: (n: number) => countNoun(n, NOUNS.request),
  platform: (name: string) => CAMPAIGN_PLATFORM_LABELS[name] ?? name,
};

/**
 * A campaign's admin page: its card on the campaigns tab of its project's page (/admin/projects/{id}?tab=campaigns
 * &campaign={id}, landing-manager.tsx); the campaigns report when the campaign has no project.
 */
export function campaignAdminPath(c: Pick<CampaignFunnel, "campaignId" | "projectId">): string {
  return c.projectId === null
    ? "/admin/conversions"
    : `/admin/projects/${c.projectId}?tab=campaigns&campaign=${c.campaignId}`;
}

export function TopCampaignsCard({ now = new Date() }: { now?: Date }) {
  const user = useCurrentUser();
  const allowed = userCan(user, "conversions.manage");
  const report = useFunnel(jeddahDayOf(now, 29), jeddahDayOf(now), { enabled: allowed });
  if (!allowed) return null;
  const top = topCampaigns(report.data?.campaigns ?? []);
  return (
    <Card data-testid="top-campaigns">
      <CardHeader className="flex flex-row items-center gap-2">
        <MegaphoneIcon aria-hidden="true" className="size-5 text-brand-600" />
        <CardTitle className="text-lg">{top.byCost ? T.topCampaigns : T.topCampaignsByEnquiries}</CardTitle>
        <span className="ms-auto text-sm text-muted">{T.last30}</span>
      </CardHeader>
      <CardContent>
        {report.isPending && <Skeleton className="h-24" />}
        {report.data && top.rows.length === 0 && <p className="text-muted">{T.noCampaigns}</p>}
        <ol className="flex flex-col divide-y divide-brand-50">
          {top.rows.map((c) => (
            <li key={c.campaignId}>
              <Link
                to={campaignAdminPath(c)}
                className="flex flex-wrap items-center justify-between gap-2 py-2 hover:bg-brand-50 focus-visible:ring-3 focus-visible:ring-accent-400/50"
              >
                <span className="font-medium">
                  {c.name} <span className="text-sm text-muted">· {T.platform(c.platform)}</span>
                </span>
                <span className="flex items-center gap-3 text-sm">
                  <span>{T.reservations(c.counts.reserved)}</span>
                  {top.byCost ? (
                    <RiyalAmount amount={c.costPerReservation} />
                  ) : (
                    <span>{T.enquiries(c.counts.enquiries)}</span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
