/**
 * A lead's timeline (docs/product.md §2.16 leads; docs/decisions/030-lead-desk-screens.md): the enquiry itself (source,
 * project, campaign, UTM and click ids, consent, message), then in time order the assignments, stage changes, unit
 * links (with building, floor, rooms and price), notes, logged calls/WhatsApp/e-mails/meetings, follow-up dates,
 * response-clock steps, merges, the person's later enquiries that joined this lead, their other leads, and every
 * WhatsApp message in or out with who or what sent it (the buyer, a staff member, or «ترحيب آلي» / a visit reminder)
 * and its delivery state (#domain/lead-messages.ts; docs/whatsapp.md "On the lead's timeline"). Dates in Arabic-Indic
 * digits; unit numbers and phones in Latin digits.
 */

import { Link } from "react-router";
import { formatDateTime } from "#domain/format.ts";
import {
  LEAD_ACTIVITY_LABELS,
  LEAD_STAGE_LABELS,
  type LeadActivityKind,
  type LeadEventView,
  type LeadStage,
} from "#domain/lead-desk.ts";
import { LEAD_MESSAGE_TEXTS, type LeadMessage } from "#domain/lead-messages.ts";
import { enquirySourceLabel, WHATSAPP_CONSENT_TEXT, WHATSAPP_CONSENT_VERSION } from "#domain/lead-sources.ts";
import { type UnitLabelParts, unitLabel } from "#domain/unit-label.ts";
import { VISIT_STATUS_LABELS, type VisitStatus } from "#domain/visits.ts";
import type { LeadDetail, LeadSummary } from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { LeadFlags, StageBadge } from "./lead-badges.tsx";

/** Arabic names of the attribution fields (#domain/attribution.ts). */
export const ATTRIBUTION_LABELS: Record<string, string> = {
  utmSource: "مصدر الحملة",
  utmMedium: "وسيط الحملة",
  utmCampaign: "اسم الحملة",
  utmTerm: "الكلمة المفتاحية",
  utmContent: "محتوى الإعلان",
  gclid: "معرّف نقرة قوقل",
  fbclid: "معرّف نقرة ميتا",
  ttclid: "معرّف نقرة تيك توك",
  sccid: "معرّف نقرة سناب شات",
  twclid: "معرّف نقرة إكس",
  referrer: "الصفحة المحيلة",
};

/** The unit an entry names: its full label when the server gave its parts (#domain/unit-label.ts), else its number. */
function unitText(d: Record<string, unknown>): string {
  const unit = d.unit as UnitLabelParts | undefined;
  return unit && typeof unit.unitNumber === "string" ? unitLabel(unit) : (str(d.unitNumber) ?? "");
}

const stageName = (s: string | null) => (s ? (LEAD_STAGE_LABELS[s as LeadStage] ?? s) : "—");
const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);

/** The Arabic sentence of one history entry. */
export function eventText(e: LeadEventView): string {
  const d = e.data;
  switch (e.kind) {
    case "assigned":
      return d.auto
        ? `أُسند تلقائيًا إلى ${str(d.ownerName) ?? "مسؤول مبيعات"}`
        : `أُعيد الإسناد إلى ${str(d.ownerName) ?? "مسؤول مبيعات"}`;
    case "stage_changed": {
      const reason = str(d.lostReason);
      return `المرحلة: ${stageName(e.fromStage)} ← ${stageName(e.toStage)}${reason ? ` (السبب: ${reason})` : ""}`;
    }
    case "activity":
      return LEAD_ACTIVITY_LABELS[e.activityKind as LeadActivityKind] ?? "نشاط";
    case "unit_linked":
      return `رُبطت الوحدة ${unitText(d)}${str(d.status) ? ` (${str(d.status)})` : ""}`;
    case "unit_unlinked":
      return `فُكّ ربط الوحدة ${str(d.unitNumber) ?? ""}`;
    case "follow_up_set":
      return `موعد المتابعة: ${formatDateTime(str(d.followUpAt))}`;
    case "follow_up_due":
      return "حان موعد المتابعة";
    case "sla_agent_notified":
      return "تنبيه المسؤول: لم يتم التواصل بعد";
    case "sla_managers_notified":
      return "تنبيه المدراء: لم يتم التواصل بعد";
    case "sla_reassigned":
      return `أُعيد الإسناد تلقائيًا إلى ${str(d.ownerName) ?? "مسؤول مبيعات"} لعدم التواصل في الوقت المحدد`;
    case "merged":
      return d.mergedInto ? "دُمج في عميل آخر" : `دُمج معه استفسار ${str(d.name) ?? ""}`;
    case "visit_booked":
      return `حجز زيارة: ${formatDateTime(str(d.startsAt))}`;
    case "visit_rescheduled":
      return `تغيّر موعد الزيارة إلى ${formatDateTime(str(d.startsAt))}`;
    case "visit_cancelled":
      return `أُلغيت الزيارة ${formatDateTime(str(d.startsAt))}`;
    case "visit_outcome":
      return `نتيجة الزيارة: ${VISIT_STATUS_LABELS[d.outcome as VisitStatus] ?? ""}`;
    default:
      return "";
  }
}

type JoinedEnquiry = LeadDetail["enquiries"][number];
type Entry =
  | { type: "event"; at: string; event: LeadEventView }
  | { type: "related"; at: string; lead: LeadSummary }
  | { type: "enquiry"; at: string; enquiry: JoinedEnquiry }
  | { type: "message"; at: string; message: LeadMessage };

/** The enquiry block: where the lead came from. */
function EnquiryBlock({ lead }: { lead: LeadDetail["lead"] }) {
  const rows: [string, string, boolean?][] = [
    [DESK_TEXTS.source, enquirySourceLabel(lead.source)],
    [DESK_TEXTS.project, lead.projectName ?? DESK_TEXTS.noProject],
  ];
  for (const [key, value] of Object.entries(lead.attribution)) rows.push([ATTRIBUTION_LABELS[key] ?? key, value, true]);
  rows.push([
    "الموافقة على سياسة الخصوصية",
    lead.consentVersion === WHATSAPP_CONSENT_VERSION
      ? WHATSAPP_CONSENT_TEXT
      : lead.consentAt
        ? `${formatDateTime(lead.consentAt)} (الإصدار ${lead.consentVersion ?? "—"})`
        : "لا توجد",
  ]);
  return (
    <div className="grid gap-2">
      <p className="font-bold text-ink">استفسار جديد</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value, latin]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd
              className={latin ? "min-w-0 break-words text-end" : "min-w-0 break-words"}
              dir={latin ? "ltr" : undefined}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {lead.campaignId !== null && (
        <Link to={`/admin/leads?campaignId=${lead.campaignId}`} className="text-sm text-brand-700 hover:underline">
          عملاء هذه الحملة
        </Link>
      )}
      {lead.message && <p className="rounded-lg bg-brand-50 p-3 text-sm whitespace-pre-line">{lead.message}</p>}
    </div>
  );
}

export function LeadTimeline({ detail }: { detail: LeadDetail }) {
  const entries: Entry[] = [
    ...detail.events.map((event): Entry => ({ type: "event", at: event.createdAt, event })),
    ...detail.enquiries.map((enquiry): Entry => ({ type: "enquiry", at: enquiry.createdAt, enquiry })),
    ...detail.messages.map((message): Entry => ({ type: "message", at: message.createdAt, message })),
    ...detail.related
      .filter((r) => r.createdAt > detail.lead.createdAt)
      .map((lead): Entry => ({ type: "related", at: lead.createdAt, lead })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const earlier = detail.related.filter((r) => r.createdAt <= detail.lead.createdAt);
  return (
    <ol className="grid gap-0 border-s-2 border-brand-100" aria-label="سجل العميل">
      <TimelineItem at={detail.lead.createdAt}>
        <EnquiryBlock lead={detail.lead} />
      </TimelineItem>
      {entries.map((entry) =>
        entry.type === "event" ? (
          <TimelineItem key={`e${entry.event.id}`} at={entry.at} actor={entry.event.actorName}>
            <p className="text-sm font-bold text-ink">{eventText(entry.event)}</p>
            {entry.event.note && <p className="text-sm whitespace-pre-line text-ink">{entry.event.note}</p>}
          </TimelineItem>
        ) : entry.type === "message" ? (
          <TimelineItem
            key={`m${entry.message.channel}${entry.message.id}`}
            at={entry.at}
            actor={entry.message.senderName ?? LEAD_MESSAGE_TEXTS.buyer}
          >
            <MessageEntry message={entry.message} />
          </TimelineItem>
        ) : entry.type === "enquiry" ? (
          <TimelineItem key={`q${entry.enquiry.id}`} at={entry.at}>
            <JoinedEnquiryBlock enquiry={entry.enquiry} />
          </TimelineItem>
        ) : (
          <TimelineItem key={`r${entry.lead.id}`} at={entry.at}>
            <RelatedEnquiry lead={entry.lead} />
          </TimelineItem>
        ),
      )}
      {earlier.length > 0 && (
        <li className="ms-4 grid gap-2 py-3">
          <p className="text-sm font-bold text-muted">استفسارات سابقة من نفس الشخص</p>
          {earlier.map((r) => (
            <RelatedEnquiry key={r.id} lead={r} />
          ))}
        </li>
      )}
    </ol>
  );
}

/** A message of another channel: its direction, what it says, and (outbound) its delivery state. */
function MessageEntry({ message: m }: { message: LeadMessage }) {
  const channel = LEAD_MESSAGE_TEXTS.channelNames[m.channel] ?? m.channel;
  return (
    <div className="grid gap-1 text-sm" data-testid="timeline-message" data-status={m.status}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-bold text-ink">
          {m.direction === "in" ? LEAD_MESSAGE_TEXTS.inbound(channel) : LEAD_MESSAGE_TEXTS.outbound(channel)}
        </span>
        {m.direction === "out" && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{m.statusLabel}</span>
        )}
        {m.template && (
          <span dir="ltr" className="text-xs text-muted">
            {m.template}
          </span>
        )}
      </p>
      {m.text && <p className="min-w-0 break-words whitespace-pre-line text-ink">{m.text}</p>}
      {m.errorText && (
        <p className="text-xs text-danger">
          {m.errorCode !== null && `${LEAD_MESSAGE_TEXTS.code(m.errorCode)} — `}
          {m.errorText}
        </p>
      )}
      {m.reviewedByName && <p className="text-xs text-muted">{LEAD_MESSAGE_TEXTS.reviewedBy(m.reviewedByName)}</p>}
    </div>
  );
}

/** A later enquiry of the person that joined this lead (docs/decisions/073-one-open-lead-per-person.md). */
function JoinedEnquiryBlock({ enquiry }: { enquiry: JoinedEnquiry }) {
  return (
    <div className="grid gap-1 text-sm" data-testid="joined-enquiry">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-bold text-ink">استفسار جديد من نفس الشخص</span>
        <span className="text-muted">
          {`${enquirySourceLabel(enquiry.source)} · ${enquiry.projectName ?? DESK_TEXTS.noProject}`}
        </span>
        {enquiry.isDuplicate && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{DESK_TEXTS.duplicate}</span>
        )}
      </p>
      {enquiry.message && <p className="rounded-lg bg-brand-50 p-3 whitespace-pre-line">{enquiry.message}</p>}
    </div>
  );
}

function RelatedEnquiry({ lead }: { lead: LeadSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-bold text-ink">{lead.mergedIntoId ? "استفسار مدموج" : "استفسار آخر من نفس الشخص"}</span>
      <Link to={`/admin/leads/${lead.id}`} className="text-brand-700 hover:underline">
        {lead.projectName ?? DESK_TEXTS.noProject}
      </Link>
      <StageBadge stage={lead.stage} />
      <LeadFlags lead={lead} />
    </div>
  );
}

function TimelineItem({ at, actor, children }: { at: string; actor?: string | null; children: React.ReactNode }) {
  return (
    <li className="relative grid gap-1 py-3 ps-4 before:absolute before:start-[-7px] before:top-4 before:size-3 before:rounded-full before:bg-brand-600">
      <p className="text-xs text-muted">
        <time dateTime={at}>{formatDateTime(at)}</time>
        {actor ? ` · ${actor}` : ""}
      </p>
      {children}
    </li>
  );
}
