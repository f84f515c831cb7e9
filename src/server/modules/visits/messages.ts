/**
 * The buyer's visit messages (docs/decisions/091-visit-messages-and-reminder-channels.md; ARCHITECTURE resolution
 * 17): what a confirmation, change, cancellation or reminder says — the date in Gregorian and Hijri, the place and
 * its map link, the agent's name and phone, the manage link — and the `.ics` file (ical-generator) that puts the
 * visit in the buyer's calendar. Rendered when sent, from the visit as it is then.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { formatVisitTime, VISIT_PLACE_LABELS, type VisitPlaceKind } from "#domain/visits.ts";
import type { VisitMessageKind } from "./channels.ts";
import type { VisitView } from "./manage.ts";

/** A rendered message: subject, plain text, and the calendar file (text/calendar). */
export interface RenderedVisitMessage {
  subject: string;
  text: string;
  ics: string;
}

const SUBJECTS: Record<VisitMessageKind, string> = {
  confirmation: "تأكيد موعد زيارتك",
  rescheduled: "تغيّر موعد زيارتك",
  cancelled: "أُلغي موعد زيارتك",
  reminder: "تذكير بموعد زيارتك",
};

const OPENINGS: Record<VisitMessageKind, (v: VisitView) => string> = {
  confirmation: (v) => `تم حجز موعد زيارتك لمشروع ${v.projectName}.`,
  rescheduled: (v) => `تم تغيير موعد زيارتك لمشروع ${v.projectName}.`,
  cancelled: (v) => `تم إلغاء موعد زيارتك لمشروع ${v.projectName}. يسعدنا حجز موعد آخر متى شئت.`,
  reminder: (v) => `نذكّرك بموعد زيارتك لمشروع ${v.projectName}.`,
};

/** The place line: "مكتب المبيعات: {name}". */
export function placeText(kind: VisitPlaceKind, name: string): string {
  return `${VISIT_PLACE_LABELS[kind]}: ${name}`;
}

/**
 * The `.ics` calendar of a visit: one event at its start and end (UTC instants; the reader shows local time), the
 * place with its map link, the manage link as the event's URL; a cancelled visit is a CANCELLED event (METHOD:CANCEL)
 * with the same UID, so a calendar that imported it removes it.
 */
export function visitCalendar(view: VisitView, manageUrl: string, host: string): string {
  const cancelled = view.status === "cancelled";
  const calendar = ical({
    name: `زيارة ${view.projectName}`,
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    prodId: { company: host, product: "visits", language: "AR" },
  });
  calendar.createEvent({
    id: `visit-${view.id}@${host}`,
    start: new Date(view.startsAt),
    end: new Date(view.endsAt),
    summary: `زيارة ${view.projectName}`,
    description: [
      placeText(view.placeKind, view.placeName),
      view.mapUrl ? `الخريطة: ${view.mapUrl}` : null,
      `مسؤول المبيعات: ${view.agentName ?? "فريق المبيعات"} ${view.agentPhone}`,
      `تغيير الموعد أو إلغاؤه: ${manageUrl}`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: view.placeName,
    url: manageUrl,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** The message of `kind` about visit `view` (the manage link already made for it). */
export function renderVisitMessage(
  kind: VisitMessageKind,
  view: VisitView,
  manageUrl: string,
  host: string,
): RenderedVisitMessage {
  const lines = [
    `مرحبًا ${view.name}،`,
    OPENINGS[kind](view),
    "",
    `الموعد: ${formatVisitTime(view.startsAt)}`,
    placeText(view.placeKind, view.placeName),
    view.mapUrl ? `الخريطة: ${view.mapUrl}` : null,
    `مسؤول المبيعات: ${view.agentName ?? "فريق المبيعات"} — ${view.agentPhone}`,
    kind === "cancelled" ? null : "",
    kind === "cancelled" ? null : `لتغيير الموعد أو إلغائه: ${manageUrl}`,
  ];
  return {
    subject: SUBJECTS[kind],
    text: `${lines.filter((l) => l !== null).join("\n")}\n`,
    ics: visitCalendar(view, manageUrl, host),
  };
}
