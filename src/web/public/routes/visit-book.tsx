/**
 * /visit/book/:projectId (docs/decisions/088-site-visits.md): the booking form «احجز موعد زيارة» of a project — the
 * day strip and the free times of the chosen day (./widgets/visit-booking), name, phone, optional e-mail, the privacy
 * consent, the ad link's attribution as the enquiry form's hidden "attr_*" fields — posted to this route's action
 * without JavaScript; the island switches days in place and puts in the whole visit's attribution. `?unit=`, `?lp=`,
 * `?c=` say what the booking comes from (a unit page, a campaign), the ad link's parameters (utm_*, fbclid, ttclid,
 * ScCid…) its attribution (with the Referer), `?day=` the day shown. Never cached: the free times
 * change with every booking (server/pages/http-cache.ts; ARCHITECTURE resolution 24). A project that offers no
 * visits answers 404.
 */
import { data, isRouteErrorResponse, redirect } from "react-router";
import { parseId } from "#domain/ids.ts";
import { TEXTS } from "#domain/texts.ts";
import { VISIT_PLACE_LABELS, VISIT_TEXTS, type VisitPlaceKind } from "#domain/visits.ts";
import { attributionFrom } from "~/public/campaign/attribution.ts";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { VisitMapLink } from "~/public/components/visit-map-link.tsx";
import { pageMeta } from "~/public/lib/page-meta.ts";
import { postBooking } from "~/public/lib/visit-action.server.ts";
import {
  AttributionFields,
  ConsentTexts,
  FieldError,
  Honeypot,
  inputClass,
  PhoneField,
  RequiredMark,
} from "~/public/widgets/contact-form/contact-form-fields.tsx";
import { type VisitOrigin, VisitSlotPicker, visitBookingPath } from "~/public/widgets/visit-booking/visit-booking.tsx";
import type { Route } from "./+types/visit-book";

interface Booking {
  projectId: number;
  placeKind: VisitPlaceKind;
  placeName: string;
  mapUrl: string | null;
  firstDate: string;
  lastDate: string;
}

function originOf(url: URL): VisitOrigin {
  const id = (name: string) => parseId(url.searchParams.get(name) ?? "") ?? undefined;
  // The ad link's parameters go on with every day link; the Referer is read for the form alone (the loader).
  return { unitId: id("unit"), landingPageId: id("lp"), campaignId: id("c"), attribution: attributionFrom(url, null) };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = parseId(params.projectId);
  if (id === null) throw data(null, { status: 404 });
  const [projectRes, bookingRes] = await Promise.all([
    context.api(`/api/projects/${id}`),
    context.api(`/api/projects/${id}/visit-booking`),
  ]);
  if ([400, 404].includes(projectRes.status) || [400, 404].includes(bookingRes.status))
    throw data(null, { status: 404 });
  if (!projectRes.ok || !bookingRes.ok) throw data(null, { status: 502 });
  const project = (await projectRes.json()) as { id: number; name: string };
  const booking = (await bookingRes.json()) as Booking;
  const slotsRes = await context.api(
    `/api/projects/${id}/visit-slots?from=${booking.firstDate}&to=${booking.lastDate}`,
  );
  if (!slotsRes.ok) throw data(null, { status: 502 });
  const slots = (await slotsRes.json()) as { startsAt: string; available: boolean }[];
  const free = slots.filter((s) => s.available).map((s) => s.startsAt);
  const dates = [...new Set(free.map((s) => s.slice(0, 10)))];
  const url = new URL(request.url);
  const asked = url.searchParams.get("day");
  const day = asked && dates.includes(asked) ? asked : (dates[0] ?? null);
  const origin = originOf(url);
  return {
    project: { id: project.id, name: project.name },
    booking,
    origin,
    // Never cached, so the Referer is this visitor's own (a same-origin one, the site's own page, is no source).
    attribution: attributionFrom(url, request.headers.get("referer")),
    day,
    days: dates.map((date) => ({ date, href: visitBookingPath(id, origin, date) })),
    times: free.filter((s) => s.slice(0, 10) === day),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.projectId);
  if (id === null) throw data(null, { status: 404 });
  const outcome = await postBooking(request, context.api, id);
  if ("redirect" in outcome) return redirect(outcome.redirect, 303);
  return data(outcome.result, { status: outcome.status });
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      location,
      title: loaderData ? `${VISIT_TEXTS.book} — ${loaderData.project.name}` : VISIT_TEXTS.book,
      description: "اختر اليوم والوقت المناسبين لزيارة المشروع.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function VisitBookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project, booking, origin, attribution, day, days, times } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  return (
    <article className="mx-auto grid max-w-xl gap-6 px-4 py-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">{VISIT_TEXTS.book}</h1>
        <p className="text-lg text-ink">{project.name}</p>
        <p className="text-muted">
          {VISIT_PLACE_LABELS[booking.placeKind]}: {booking.placeName}
          <VisitMapLink url={booking.mapUrl} />
        </p>
      </header>
      <form method="post" className="grid gap-5 rounded-3xl bg-surface p-5 ring-1 ring-black/5" noValidate>
        {actionData?.formError && (
          <div role="alert" className="grid gap-2 rounded-xl bg-danger/10 p-3 text-ink">
            <p className="font-medium">{actionData.formError}</p>
          </div>
        )}
        {origin.unitId && <input type="hidden" name="unitId" value={origin.unitId} />}
        {origin.landingPageId && <input type="hidden" name="landingPageId" value={origin.landingPageId} />}
        {origin.campaignId && <input type="hidden" name="campaignId" value={origin.campaignId} />}
        <VisitSlotPicker
          slotsUrl={`/api/projects/${project.id}/visit-slots`}
          days={days}
          selected={day}
          times={times}
          chosen={values.startsAt}
          error={errors.startsAt}
        />
        <div className="grid gap-1.5">
          <label htmlFor="visit-name" className="font-medium text-ink">
            الاسم <RequiredMark />
          </label>
          <input
            id="visit-name"
            name="name"
            autoComplete="name"
            defaultValue={values.name ?? ""}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? "visit-name-error" : undefined}
            className={inputClass}
          />
          <FieldError id="visit-name-error" message={errors.name} />
        </div>
        <PhoneField idPrefix="visit" required error={errors.phone} defaultValue={values.phone ?? ""} />
        <div className="grid gap-1.5">
          <label htmlFor="visit-email" className="font-medium text-ink">
            البريد الإلكتروني (لإرسال التأكيد والتذكير)
          </label>
          <input
            id="visit-email"
            name="email"
            type="email"
            dir="ltr"
            autoComplete="email"
            defaultValue={values.email ?? ""}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "visit-email-error" : undefined}
            className={inputClass}
          />
          <FieldError id="visit-email-error" message={errors.email} />
        </div>
        <Honeypot idPrefix="visit" />
        <AttributionFields attribution={attribution} />
        <ConsentTexts idPrefix="visit" />
        <button
          type="submit"
          className="rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          تأكيد الحجز
        </button>
      </form>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundBlock title={VISIT_TEXTS.notOffered} text="يمكنك التواصل معنا لترتيب موعد زيارة." />;
  }
  return <NotFoundBlock title={TEXTS.errorTitle} text="تعذّر تحميل مواعيد الزيارة. يرجى المحاولة مرة أخرى لاحقاً." />;
}
