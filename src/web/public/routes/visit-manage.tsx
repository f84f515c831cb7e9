/**
 * /visit/:token (docs/decisions/090-visit-manage-links.md): a visitor's booked visit, reached from the confirmation
 * and its e-mails without signing in — the date in Gregorian and Hijri (ARCHITECTURE resolution 17), the place and
 * its map link, the agent's name and phone, the `.ics` file, and two plain forms: move the visit to another free
 * time, or cancel it. A foreign, altered or expired token shows the Arabic refusal (404). Never cached
 * (server/pages/http-cache.ts): it is one person's booking.
 */
import { data, isRouteErrorResponse, redirect } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import {
  formatVisitTime,
  VISIT_PLACE_LABELS,
  VISIT_STATUS_LABELS,
  VISIT_TEXTS,
  type VisitStatus,
} from "#domain/visits.ts";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { VisitMapLink } from "~/public/components/visit-map-link.tsx";
import { pageMeta } from "~/public/lib/page-meta.ts";
import { throwUnlessFound } from "~/public/lib/route-answers.ts";
import { postManage } from "~/public/lib/visit-action.server.ts";
import type { Route } from "./+types/visit-manage";

interface VisitView {
  id: number;
  status: VisitStatus;
  startsAt: string;
  endsAt: string;
  name: string;
  projectId: number;
  projectName: string;
  placeKind: "office" | "site";
  placeName: string;
  mapUrl: string | null;
  agentName: string | null;
  agentPhone: string;
}

/** Most free times the reschedule list offers. */
const RESCHEDULE_CHOICES = 40;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const token = params.token;
  const res = await context.api(`/api/visits/manage/${encodeURIComponent(token)}`);
  throwUnlessFound(res);
  const visit = (await res.json()) as VisitView;
  let choices: string[] = [];
  if (visit.status === "booked") {
    const booking = await context.api(`/api/projects/${visit.projectId}/visit-booking`);
    if (booking.ok) {
      const { firstDate, lastDate } = (await booking.json()) as { firstDate: string; lastDate: string };
      const slots = await context.api(`/api/projects/${visit.projectId}/visit-slots?from=${firstDate}&to=${lastDate}`);
      if (slots.ok) {
        const list = (await slots.json()) as { startsAt: string; available: boolean }[];
        choices = list
          .filter((s) => s.available && s.startsAt !== visit.startsAt)
          .map((s) => s.startsAt)
          .slice(0, RESCHEDULE_CHOICES);
      }
    }
  }
  const url = new URL(request.url);
  const notice = url.searchParams.has("booked") ? "booked" : url.searchParams.has("changed") ? "changed" : null;
  return { visit, choices, notice, token };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const outcome = await postManage(request, context.api, params.token);
  if ("redirect" in outcome) return redirect(outcome.redirect, 303);
  return data(outcome.result, { status: outcome.status });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, location, title: "موعد زيارتك", description: "تفاصيل موعد زيارتك وتغييره أو إلغاؤه." }),
    { name: "robots", content: "noindex" },
  ];
}

const buttonClass = "rounded-xl px-5 py-3 font-bold";

export default function VisitManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { visit, choices, notice, token } = loaderData;
  const open = visit.status === "booked";
  return (
    <article className="mx-auto grid max-w-xl gap-6 px-4 py-8">
      {notice && (
        <p role="status" className="rounded-xl bg-brand-50 p-4 font-bold text-brand-900">
          {notice === "booked" ? "تم حجز موعد زيارتك، وأرسلنا التفاصيل إلى بريدك إن أدخلته." : "تم تحديث موعد زيارتك."}
        </p>
      )}
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold text-ink">موعد زيارتك</h1>
        <p className="text-lg text-ink">{visit.projectName}</p>
        {!open && <p className="font-bold text-danger">{VISIT_STATUS_LABELS[visit.status]}</p>}
      </header>
      <dl className="grid gap-3 rounded-3xl bg-surface p-5 ring-1 ring-black/5">
        <div>
          <dt className="text-sm text-muted">الموعد</dt>
          <dd className="font-bold text-ink" data-testid="visit-time">
            {formatVisitTime(visit.startsAt)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{VISIT_PLACE_LABELS[visit.placeKind]}</dt>
          <dd className="text-ink">
            {visit.placeName}
            <VisitMapLink url={visit.mapUrl} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">مسؤول المبيعات</dt>
          <dd className="text-ink">
            {visit.agentName ?? "فريق المبيعات"} —{" "}
            <a href={`tel:${visit.agentPhone}`} dir="ltr" className="font-medium text-brand-700">
              {visit.agentPhone}
            </a>
          </dd>
        </div>
        {open && (
          <a
            href={`/api/visits/manage/${encodeURIComponent(token)}/calendar.ics`}
            className="justify-self-start font-medium text-brand-700 underline underline-offset-4"
          >
            أضف الموعد إلى التقويم (.ics)
          </a>
        )}
      </dl>
      {actionData?.formError && (
        <p role="alert" className="rounded-xl bg-danger/10 p-3 font-medium text-ink">
          {actionData.formError}
        </p>
      )}
      {open && (
        <form method="post" noValidate className="grid gap-3 rounded-3xl bg-surface p-5 ring-1 ring-black/5">
          <input type="hidden" name="intent" value="reschedule" />
          <label htmlFor="visit-new-time" className="font-bold text-ink">
            تغيير الموعد
          </label>
          <select
            id="visit-new-time"
            name="startsAt"
            required
            className="rounded-xl border border-black/15 bg-surface px-3 py-2.5"
          >
            {choices.map((startsAt) => (
              <option key={startsAt} value={startsAt}>
                {formatVisitTime(startsAt)}
              </option>
            ))}
          </select>
          <button type="submit" className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-900`}>
            تغيير الموعد
          </button>
        </form>
      )}
      {open && (
        <form method="post" noValidate>
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={`${buttonClass} w-full bg-danger/10 text-danger`}>
            إلغاء الزيارة
          </button>
        </form>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundBlock title={VISIT_TEXTS.tokenInvalid} text="افتح الرابط من آخر رسالة وصلتك، أو احجز موعدًا جديدًا." />
    );
  }
  return <NotFoundBlock title={TEXTS.errorTitle} text="تعذّر تحميل موعد الزيارة. يرجى المحاولة مرة أخرى لاحقاً." />;
}
