/**
 * /admin/visits, «زيارات اليوم» (docs/decisions/088-site-visits.md): the agent's phone view of today's visits in time
 * order (an agent sees their own; leads.view_all sees all), each a card with the time, the buyer (call link, Latin
 * digits), the project, and at the visit the three outcomes حضر / لم يحضر / أُعيد جدولته with a note. After «حضر» the
 * card offers to hold an available unit of the visit's project for the lead (inventory.hold; the unit the visit was
 * booked from chosen first), beside the link to the lead. Above: today, this week and the no-show rate. Client-only route.
 */
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { formatNumber, formatPercent } from "#domain/format.ts";
import { formatVisitClock } from "#domain/visit-format.ts";
import { addDays } from "#domain/visit-slots.ts";
import { VISIT_STATUS_LABELS, type VisitOutcome } from "#domain/visits.ts";
import { LeadUnitHold } from "~/admin/common/unit-hold.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { type DayVisit, useDayVisits, useMarkVisit, useVisitStats } from "./api.ts";

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Skeleton className="h-40 w-full rounded-xl" />;
}

export function meta() {
  return [{ title: "زيارات اليوم" }];
}

/** How often the list asks again while open (ms): new bookings arrive during the day. */
const REFRESH_MS = 60_000;

const OUTCOMES: { outcome: VisitOutcome; label: string }[] = [
  { outcome: "attended", label: "حضر" },
  { outcome: "no_show", label: "لم يحضر" },
  { outcome: "rescheduled", label: "أُعيد جدولته" },
];

export default function VisitsDayScreen() {
  const [params, setParams] = useSearchParams();
  const date = params.get("date") ?? undefined;
  const day = useDayVisits(date, { refetchInterval: REFRESH_MS });
  const stats = useVisitStats();
  const today = stats.data?.date;
  const showing = date ?? today;
  return (
    <div className="grid min-w-0 gap-4">
      <h1 className="text-2xl font-bold text-ink">زيارات اليوم</h1>
      {today && (
        <nav aria-label="اليوم المعروض" className="flex gap-2">
          {[
            { label: "اليوم", value: today },
            { label: "غدًا", value: addDays(today, 1) },
          ].map((option) => (
            <Button
              key={option.value}
              type="button"
              size="sm"
              variant={showing === option.value ? "default" : "outline"}
              aria-pressed={showing === option.value}
              onClick={() => setParams(option.value === today ? {} : { date: option.value })}
            >
              {option.label}
            </Button>
          ))}
        </nav>
      )}
      {stats.data && (
        <dl className="grid grid-cols-3 gap-2 text-center">
          <Figure label="اليوم" value={formatNumber(stats.data.today)} />
          <Figure label="هذا الأسبوع" value={formatNumber(stats.data.week)} />
          <Figure label="نسبة عدم الحضور" value={formatPercent(stats.data.noShowRate)} />
        </dl>
      )}
      {day.isPending ? (
        <Skeleton className="h-32 rounded-xl" />
      ) : day.isError ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-6 text-danger">
          {apiErrorMessage(day.error, "تعذّر تحميل زيارات اليوم")}
        </p>
      ) : day.data.length === 0 ? (
        <p className="rounded-xl bg-surface p-6 text-muted">لا توجد زيارات في هذا اليوم.</p>
      ) : (
        <ol className="grid gap-3" aria-label="زيارات اليوم بالترتيب">
          {day.data.map((visit) => (
            <li key={visit.id}>
              <VisitCard visit={visit} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface p-3 ring-1 ring-black/5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-bold text-ink">{value}</dd>
    </div>
  );
}

function VisitCard({ visit }: { visit: DayVisit }) {
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
          <p className="text-lg font-bold text-ink">{formatVisitClock(visit.startsAt)}</p>
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
          <textarea
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
