/**
 * /admin/visits, «زيارات اليوم» (docs/decisions/088-site-visits.md): the agent's phone view of a list of visits in
 * time order (an agent sees their own; leads.view_all sees all) — today's by default, another day, the week
 * (Saturday to Friday) or the week's no-shows (./visit-lists.ts), its period named in Arabic above it. Each visit is a
 * card with the time, the buyer (call link, Latin digits), the project, and at the visit the three outcomes
 * حضر / لم يحضر / أُعيد جدولته with a note. After «حضر» the card offers to hold an available unit of the visit's
 * project for the lead (inventory.hold; the unit the visit was booked from chosen first), beside the link to the lead.
 * Above: today, this week and the no-show rate, each a link to its list; a list counts the visits those figures count
 * (VISIT_COUNTED_STATUSES) and shows cancelled or rescheduled ones apart, uncounted. Client-only route.
 */
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { countNoun, formatNumber, formatPercent, NOUNS } from "#domain/format.ts";
import { riyadhDay } from "#domain/licence.ts";
import { formatVisitClock, visitDayLabel } from "#domain/visit-format.ts";
import { addDays } from "#domain/visit-slots.ts";
import { isCountedVisit, VISIT_STATUS_LABELS, type VisitOutcome } from "#domain/visits.ts";
import { blockSkeleton, clientOnly } from "~/admin/common/client-only.tsx";
import { LeadUnitHold } from "~/admin/common/unit-hold.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { Textarea } from "~/shared/ui/textarea.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { type DayVisit, useMarkVisit, useVisitList, useVisitStats, type VisitList, type VisitStats } from "./api.ts";
import {
  VISIT_LIST_LINKS,
  type VisitListFilter,
  visitListFilter,
  visitListHref,
  visitListName,
  visitListParams,
} from "./visit-lists.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: "زيارات اليوم",
  fallback: blockSkeleton("h-40 w-full rounded-xl"),
});

/** How often the list asks again while open (ms): new bookings arrive during the day. */
const REFRESH_MS = 60_000;

const OUTCOMES: { outcome: VisitOutcome; label: string }[] = [
  { outcome: "attended", label: "حضر" },
  { outcome: "no_show", label: "لم يحضر" },
  { outcome: "rescheduled", label: "أُعيد جدولته" },
];

export default function VisitsDayScreen() {
  const [params, setParams] = useSearchParams();
  const filter = visitListFilter(params);
  const list = useVisitList(filter, { refetchInterval: REFRESH_MS });
  const stats = useVisitStats();
  const today = list.data?.today ?? stats.data?.date;
  const name = list.data ? visitListName(list.data) : null;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-ink">{name?.title ?? "زيارات اليوم"}</h1>
        {name && (
          <p className="text-sm text-muted" data-testid="visit-list-dates">
            {name.dates}
          </p>
        )}
      </div>
      {today && <PeriodNav filter={filter} today={today} onChoose={(next) => setParams(visitListParams(next))} />}
      {stats.data && (
        <Figures
          stats={stats.data}
          current={visitListHref({ ...filter, date: filter.date === today ? undefined : filter.date })}
        />
      )}
      {list.isPending ? (
        <Skeleton className="h-32 rounded-xl" />
      ) : list.isError ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-6 text-danger">
          {apiErrorMessage(list.error, "تعذّر تحميل الزيارات")}
        </p>
      ) : (
        <VisitListBody list={list.data} stats={stats.data} />
      )}
    </div>
  );
}

/** اليوم / غدًا / هذا الأسبوع: the period shown. */
function PeriodNav({
  filter,
  today,
  onChoose,
}: {
  filter: VisitListFilter;
  today: string;
  onChoose: (filter: VisitListFilter) => void;
}) {
  const options: { label: string; filter: VisitListFilter }[] = [
    { label: "اليوم", filter: { period: "day" } },
    { label: "غدًا", filter: { period: "day", date: addDays(today, 1) } },
    { label: "هذا الأسبوع", filter: { period: "week" } },
  ];
  const shown = visitListHref({ ...filter, date: filter.date === today ? undefined : filter.date });
  return (
    <nav aria-label="الفترة المعروضة" className="flex flex-wrap gap-2">
      {options.map((option) => {
        const href = visitListHref(option.filter);
        return (
          <Button
            key={href}
            type="button"
            size="sm"
            variant={shown === href ? "default" : "outline"}
            aria-pressed={shown === href}
            onClick={() => onChoose(option.filter)}
          >
            {option.label}
          </Button>
        );
      })}
    </nav>
  );
}

/** Today, this week and the week's no-show rate, each a link to its list (the one shown is marked current). */
function Figures({ stats, current }: { stats: VisitStats; current: string }) {
  const figures = [
    { label: "اليوم", value: formatNumber(stats.today), to: VISIT_LIST_LINKS.today },
    { label: "هذا الأسبوع", value: formatNumber(stats.week), to: VISIT_LIST_LINKS.week },
    { label: "نسبة عدم الحضور هذا الأسبوع", value: formatPercent(stats.noShowRate), to: VISIT_LIST_LINKS.noShows },
  ];
  return (
    <ul aria-label="أرقام الزيارات" className="grid grid-cols-3 gap-2 text-center">
      {figures.map((figure) => (
        <li key={figure.to}>
          <Link
            to={figure.to}
            aria-current={current === figure.to ? "page" : undefined}
            className="grid h-full gap-1 rounded-xl bg-surface p-3 ring-1 ring-black/5 hover:bg-brand-50 focus-visible:ring-3 focus-visible:ring-accent-400/50 aria-[current=page]:ring-brand-600"
          >
            <span className="text-xs text-muted">{figure.label}</span>
            <span className="text-xl font-bold text-ink">{figure.value}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const EMPTY = {
  day: "لا توجد زيارات في هذا اليوم.",
  week: "لا توجد زيارات في هذا الأسبوع.",
  noShows: "لا توجد حالات عدم حضور في هذه الفترة.",
} as const;

/**
 * The list: how many visits it counts (the figure's number), the counted visits, then the cancelled or rescheduled
 * ones apart. The week's no-shows say how the rate was computed.
 */
function VisitListBody({ list, stats }: { list: VisitList; stats: VisitStats | undefined }) {
  const counted = list.visits.filter((v) => isCountedVisit(v.status));
  const apart = list.visits.filter((v) => !isCountedVisit(v.status));
  const withDay = list.period === "week";
  const thisWeek = stats !== undefined && list.period === "week" && list.from === stats.weekStart;
  const outcomes = stats ? stats.attended + stats.noShow : 0;
  return (
    <>
      <p className="font-medium text-ink" data-testid="visit-list-count">
        {countNoun(counted.length, NOUNS.visit)}
      </p>
      {list.status === "no_show" && thisWeek && stats && (
        <p className="text-sm text-muted">
          {`نسبة عدم الحضور ${formatPercent(stats.noShowRate)}: لم يحضر العميل ${formatNumber(stats.noShow)} من ${countNoun(outcomes, NOUNS.visit, { oblique: true })} سُجّلت نتيجتها`}
        </p>
      )}
      {counted.length === 0 ? (
        <p className="rounded-xl bg-surface p-6 text-muted">
          {list.status === "no_show" ? EMPTY.noShows : EMPTY[list.period]}
        </p>
      ) : (
        <ol className="grid gap-3" aria-label="الزيارات بالترتيب">
          {counted.map((visit) => (
            <li key={visit.id}>
              <VisitCard visit={visit} withDay={withDay} />
            </li>
          ))}
        </ol>
      )}
      {apart.length > 0 && (
        <section aria-labelledby="visits-apart" className="grid gap-3">
          <h2 id="visits-apart" className="font-bold text-muted">
            لا تُحتسب: ملغاة أو أُعيدت جدولتها
          </h2>
          <ol className="grid gap-3">
            {apart.map((visit) => (
              <li key={visit.id}>
                <VisitCard visit={visit} withDay={withDay} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

/** The start of a visit: its time, and in a week's list its day first. */
function visitWhen(startsAt: string, withDay: boolean): string {
  if (!withDay) return formatVisitClock(startsAt);
  const day = visitDayLabel(riyadhDay(new Date(startsAt)));
  return `${day.weekday} ${day.date}، ${formatVisitClock(startsAt)}`;
}

function VisitCard({ visit, withDay }: { visit: DayVisit; withDay: boolean }) {
  const mark = useMarkVisit();
  const user = useCurrentUser();
  const [note, setNote] = useState("");
  const open = visit.status === "booked";
  const send = (outcome: VisitOutcome) =>
    mark.mutate(
      { id: visit.id, outcome, note: note.trim() || undefined },
      {
        onSuccess: () => toast({ title: `تم التسجيل: ${VISIT_STATUS_LABELS[outcome]}` }),
        onError: (error) => toast({ title: apiErrorMessage(error, "تعذّر تسجيل النتيجة"), variant: "destructive" }),
      },
    );
  return (
    <article className="grid gap-3 rounded-xl bg-surface p-4 ring-1 ring-black/5" data-testid="day-visit">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-lg font-bold text-ink">{visitWhen(visit.startsAt, withDay)}</p>
          <p className="text-ink">{visit.name}</p>
          <p className="text-sm text-muted">{visit.projectName}</p>
        </div>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900">
          {VISIT_STATUS_LABELS[visit.status]}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={`tel:${visit.phone}`} dir="ltr">
            {visit.phone}
          </a>
        </Button>
        {visit.leadId && (
          <Button asChild variant="ghost" size="sm">
            <Link to={`/admin/leads/${visit.leadId}`}>
              {visit.status === "attended" ? "حجز وحدة للعميل" : "صفحة العميل"}
            </Link>
          </Button>
        )}
      </div>
      {visit.outcomeNote && <p className="text-sm text-muted">{visit.outcomeNote}</p>}
      {visit.status === "attended" && visit.leadId !== null && userCan(user, "inventory.hold") && (
        <LeadUnitHold leadId={visit.leadId} projectId={visit.projectId} initialUnitId={visit.unitId} />
      )}
      {open && (
        <div className="grid gap-2">
          <label htmlFor={`visit-note-${visit.id}`} className="text-sm font-medium text-ink">
            ملاحظة الزيارة
          </label>
          <Textarea
            id={`visit-note-${visit.id}`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            className="w-full rounded-lg border border-brand-100 bg-surface px-3 py-2 text-base text-ink"
          />
          <div className="grid grid-cols-3 gap-2">
            {OUTCOMES.map(({ outcome, label }) => (
              <Button
                key={outcome}
                type="button"
                variant={outcome === "attended" ? "default" : "outline"}
                disabled={mark.isPending}
                onClick={() => send(outcome)}
              >
                {label}
              </Button>
            ))}
          </div>
        </div>
      )}
    </article>
  );
}
