/**
 * /admin/landing (SPEC §2.1, §2.15): every project with a link to its landing-page manager, showing whether it has
 * a page and how many campaigns. Client-only route; needs landing_pages.view.
 */
import { ChevronLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { countNoun, NOUNS } from "#domain/format.ts";
import { TEXTS } from "#domain/texts.ts";
import { blockSkeleton, clientOnly } from "~/admin/common/client-only.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { useLandingOverview } from "./api.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: TEXTS.menuLanding,
  fallback: blockSkeleton("h-40 w-full rounded-xl"),
});

export default function LandingScreen() {
  const overview = useLandingOverview();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{TEXTS.menuLanding}</h1>
        <p className="text-muted">اختر مشروعاً لإدارة صفحة الهبوط وروابط الحملات الإعلانية.</p>
      </div>
      {overview.isPending ? (
        <div className="grid gap-3">
          {["a", "b", "c"].map((k) => (
            <Skeleton key={k} className="h-16 rounded-xl" />
          ))}
        </div>
      ) : overview.isError ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-6 text-danger">
          {apiErrorMessage(overview.error, "تعذّر تحميل صفحات الهبوط")}
        </p>
      ) : overview.data.length === 0 ? (
        <p className="rounded-xl bg-surface p-6 text-center text-muted">{TEXTS.noProjects}</p>
      ) : (
        <ul className="grid gap-3">
          {overview.data.map((row) => (
            <li key={row.projectId}>
              <Link
                to={`/admin/projects/${row.projectId}`}
                className="flex items-center gap-3 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-brand-100 hover:bg-brand-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-bold text-ink">{row.projectName}</span>
                  {row.city && <span className="text-sm text-muted">{row.city}</span>}
                </span>
                {row.landingPageId ? (
                  <Badge variant="success">{`صفحة هبوط، ${countNoun(row.campaigns, NOUNS.campaign)}`}</Badge>
                ) : (
                  <Badge variant="outline">بدون صفحة هبوط</Badge>
                )}
                <ChevronLeftIcon aria-hidden="true" className="size-5 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
