/**
 * The dashboard's lead figures (docs/product.md §2.11, §2.16 leads; GET /api/leads/stats): new leads today and this
 * week, unassigned and overdue leads, and the median time to first contact per agent over 30 days. Every card and
 * every agent row links to the leads list filtered to the leads behind the figure (/admin/leads?…).
 */
import { AlarmClockIcon, CalendarDaysIcon, CalendarIcon, UserXIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { formatNumber } from "#domain/format.ts";
import { useLeadStats } from "~/admin/leads/api.ts";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";

export const LEAD_CARD_TEXTS = {
  section: "العملاء المحتملون",
  newToday: "عملاء جدد اليوم",
  newThisWeek: "عملاء جدد هذا الأسبوع",
  unassigned: "عملاء غير مسندين",
  overdue: "عملاء متأخرون",
  responseTitle: "زمن أول تواصل لكل مسؤول",
  responseHint: "الوسيط خلال آخر ثلاثين يومًا (دقائق:ثوانٍ)",
  contacted: "تم التواصل",
  noAgents: "لا يوجد تواصل مسجل بعد",
  failed: "تعذّر تحميل أرقام العملاء",
} as const;

/** Seconds as "د:ث" (or "س:د:ث" from an hour) in Arabic-Indic digits, e.g. 185 → "٣:٠٥". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const two = (n: number) => `${formatNumber(Math.floor(n / 10))}${formatNumber(n % 10)}`;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0
    ? `${formatNumber(hours)}:${two(minutes)}:${two(seconds)}`
    : `${formatNumber(minutes)}:${two(seconds)}`;
}

type IconType = React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;

function LeadCard({ title, value, to, icon: Icon }: { title: string; value: number; to: string; icon: IconType }) {
  return (
    <Link
      to={to}
      className="rounded-xl focus-visible:ring-3 focus-visible:ring-accent-400/50"
      aria-label={`${title}: ${formatNumber(value)}`}
    >
      <Card className="h-full flex-row items-center gap-4 transition-colors hover:bg-brand-50">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-sm text-muted">{title}</h3>
          <p className="text-2xl font-bold text-ink">{formatNumber(value)}</p>
        </div>
      </Card>
    </Link>
  );
}

export function LeadCards() {
  const stats = useLeadStats();
  if (stats.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
        {["a", "b", "c", "d"].map((k) => (
          <Skeleton key={k} className="h-24" />
        ))}
      </div>
    );
  }
  if (stats.isError) return <p className="text-sm text-danger">{LEAD_CARD_TEXTS.failed}</p>;
  const s = stats.data;
  return (
    <section aria-labelledby="lead-cards-title" className="grid gap-4">
      <h2 id="lead-cards-title" className="text-lg font-bold text-ink">
        {LEAD_CARD_TEXTS.section}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <LeadCard
          title={LEAD_CARD_TEXTS.newToday}
          value={s.newToday}
          to={`/admin/leads?from=${s.today}`}
          icon={CalendarIcon}
        />
        <LeadCard
          title={LEAD_CARD_TEXTS.newThisWeek}
          value={s.newThisWeek}
          to={`/admin/leads?from=${s.weekStart}`}
          icon={CalendarDaysIcon}
        />
        <LeadCard
          title={LEAD_CARD_TEXTS.unassigned}
          value={s.unassigned}
          to="/admin/leads?ownerId=none"
          icon={UserXIcon}
        />
        <LeadCard
          title={LEAD_CARD_TEXTS.overdue}
          value={s.overdue}
          to="/admin/leads?overdue=true&sort=urgency"
          icon={AlarmClockIcon}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{LEAD_CARD_TEXTS.responseTitle}</CardTitle>
          <p className="text-xs text-muted">{LEAD_CARD_TEXTS.responseHint}</p>
        </CardHeader>
        <CardContent>
          {s.agents.length === 0 ? (
            <p className="text-sm text-muted">{LEAD_CARD_TEXTS.noAgents}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-brand-100" data-testid="response-times">
              {s.agents.map((a) => (
                <li key={a.ownerId}>
                  <Link
                    to={`/admin/leads?ownerId=${a.ownerId}`}
                    className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 hover:bg-brand-50"
                  >
                    <span className="font-bold text-ink">{a.name}</span>
                    <span className="text-sm text-muted">{`${LEAD_CARD_TEXTS.contacted}: ${formatNumber(a.contacted)}`}</span>
                    <span className="font-bold text-brand-700" dir="ltr">
                      {formatDuration(a.medianSeconds)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
