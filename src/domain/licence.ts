/**
 * Which advertising licence applies to a project, unit or campaign, and whether it may be advertised today
 * (ARCHITECTURE resolutions 16–17; docs/compliance.md; docs/decisions/080-advertising-licences.md).
 *
 * - A project is advertised under the licence its sale mode needs: `offplan` → its off-plan sale licence
 *   (`wafiLicenseNumber`, `offPlanLicenseExpiresOn`), `ready` → its advertising licence (`advertisingLicenseNumber`,
 *   `advertisingLicenseExpiresOn`, `advertisingLicenseUrl`).
 * - Override order unit → campaign → project: a unit or campaign with a licence of its own (a number or an expiry)
 *   is advertised under it alone.
 * - A licence is valid through the whole of its expiry day in Asia/Riyadh; from the next day it is expired, and any
 *   expired licence recorded at the applying level (both of a project's licences, whatever the sale mode) takes what
 *   it covers offline at once. A *missing* licence (no number or no expiry date) does so only from
 *   `policy.enforceFrom`.
 * Dates are `YYYY-MM-DD` Asia/Riyadh days; `today` too (use `riyadhDay(clock())`).
 */
import type { LicencePolicy } from "./compliance-rules.ts";
import { TIME_ZONE } from "./constants.ts";
import { lazily } from "./lazily.ts";

export const SALE_MODES = ["offplan", "ready"] as const;
export type SaleMode = (typeof SALE_MODES)[number];

export const LICENCE_STATES = ["valid", "expiring", "expired", "missing"] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

/** The Arabic name of each state (docs/compliance.md). */
export const LICENCE_STATE_LABELS: Record<LicenceState, string> = {
  valid: "ساري",
  expiring: "ينتهي قريبًا",
  expired: "منتهٍ",
  missing: "مفقود",
};

/** The 410 page's title and the reason staff read (docs/compliance.md). */
export const LICENCE_TEXTS = {
  offlineTitle: "انتهت صلاحية ترخيص الإعلان لهذا المشروع",
  offlineText: "لا يمكن عرض هذا الإعلان حاليًا لانتهاء ترخيصه أو عدم اكتماله.",
  backHome: "العودة إلى الصفحة الرئيسية",
  reasonExpired: "موقوف عن الزوار: ترخيص الإعلان منتهٍ",
  reasonMissing: "موقوف عن الزوار: ترخيص الإعلان غير مسجّل",
  willGoOffline: "سيتوقف عرضه للزوار إن لم يُسجّل الترخيص",
} as const;

/** Response header naming why a visitor's API read answered 404: "expired" or "missing" (pages answer 410 on it). */
export const LICENCE_OFFLINE_HEADER = "x-licence-offline";
/**
 * Response header of a visitor's API read: the ISO instant its content changes by itself (a licence's last day ends,
 * a hold it shows runs out: docs/decisions/122-a-hold-ends-the-cached-page.md), so the page cache and CDN headers
 * never keep it longer (src/server/pages/plugin.ts).
 */
export const CONTENT_EXPIRES_HEADER = "x-content-expires";

/** A project's licence fields (SPEC §3 projects plus the compliance fields). */
export interface ProjectLicenceFields {
  saleMode: SaleMode;
  advertisingLicenseNumber: string | null;
  advertisingLicenseExpiresOn: string | null;
  advertisingLicenseUrl: string | null;
  wafiLicenseNumber: string | null;
  offPlanLicenseExpiresOn: string | null;
}

/** A unit's or campaign's own advertising licence (both null: none, the project's applies). */
export interface OverrideLicenceFields {
  advertisingLicenseNumber: string | null;
  advertisingLicenseExpiresOn: string | null;
}

/** The field that holds a missing or expired licence's number or expiry (named by a 409 and the compliance screen). */
export type LicenceField =
  | "advertisingLicenseNumber"
  | "advertisingLicenseExpiresOn"
  | "wafiLicenseNumber"
  | "offPlanLicenseExpiresOn";

/** The licence that applies, and what follows from it today. */
export interface EffectiveLicence {
  /** Whose licence applies. */
  source: "unit" | "campaign" | "project";
  /** Advertising licence or off-plan sale licence. */
  kind: "advertising" | "offplan";
  number: string | null;
  /** Last valid day, YYYY-MM-DD (Asia/Riyadh). */
  expiresOn: string | null;
  /** The QR target: the URL entered, else the rules' pattern with the number, else null. */
  verificationUrl: string | null;
  state: LicenceState;
  /** Days from today to the last day (0: today is the last day; negative: expired); null without an expiry. */
  daysLeft: number | null;
  /** Whether visitors may be shown it today. */
  advertisable: boolean;
  /** Why it is offline (null while advertisable). */
  reason: "expired" | "missing" | null;
  /** The first field to fill or renew (null when valid). */
  field: LicenceField | null;
  /** ISO instant at which what is advertisable today stops being so by itself (end of the last day), else null. */
  advertiseUntil: string | null;
}

const dayFormat = lazily(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }),
);

/** The Asia/Riyadh day (YYYY-MM-DD) of an instant. */
export function riyadhDay(at: Date): string {
  return dayFormat().format(at);
}

/** The instant an Asia/Riyadh day starts (Asia/Riyadh is UTC+3 all year, without daylight saving). */
export function riyadhDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

/** Whole days from `from` to `to` (YYYY-MM-DD each). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

interface Candidate {
  source: EffectiveLicence["source"];
  kind: EffectiveLicence["kind"];
  number: string | null;
  expiresOn: string | null;
  url: string | null;
  numberField: LicenceField;
  expiryField: LicenceField;
}

const blank = (v: string | null | undefined) => !v?.trim();

/** The project's licences: the one its sale mode needs first, then the other one when it is recorded. */
function projectCandidates(p: ProjectLicenceFields): Candidate[] {
  const advertising: Candidate = {
    source: "project",
    kind: "advertising",
    number: p.advertisingLicenseNumber,
    expiresOn: p.advertisingLicenseExpiresOn,
    url: p.advertisingLicenseUrl,
    numberField: "advertisingLicenseNumber",
    expiryField: "advertisingLicenseExpiresOn",
  };
  const offplan: Candidate = {
    source: "project",
    kind: "offplan",
    number: p.wafiLicenseNumber,
    expiresOn: p.offPlanLicenseExpiresOn,
    url: null,
    numberField: "wafiLicenseNumber",
    expiryField: "offPlanLicenseExpiresOn",
  };
  const [required, other] = p.saleMode === "offplan" ? [offplan, advertising] : [advertising, offplan];
  return other.expiresOn ? [required, other] : [required];
}

function overrideCandidate(source: "unit" | "campaign", o: OverrideLicenceFields | null | undefined) {
  if (!o || (blank(o.advertisingLicenseNumber) && blank(o.advertisingLicenseExpiresOn))) return null;
  return {
    source,
    kind: "advertising",
    number: o.advertisingLicenseNumber,
    expiresOn: o.advertisingLicenseExpiresOn,
    url: null,
    numberField: "advertisingLicenseNumber",
    expiryField: "advertisingLicenseExpiresOn",
  } satisfies Candidate;
}

/** The QR target of a licence: its own URL, else the pattern with its number, else null. */
export function verificationUrlOf(number: string | null, url: string | null, pattern: string | null): string | null {
  if (url) return url;
  if (!number || !pattern) return null;
  return pattern.replace("{number}", encodeURIComponent(number.trim()));
}

/**
 * The QR target of the licence `applied` (one of `candidates`): its own verification URL; for a project advertised
 * under its off-plan licence, which has no URL of its own, the project's advertising licence's when that is recorded
 * (an advertisement carries the authority's advertising-licence QR whatever licence the sale needs:
 * docs/compliance.md "What the product enforces").
 */
function verificationUrlFor(applied: Candidate, candidates: Candidate[], pattern: string | null): string | null {
  const advertising = applied.kind === "offplan" ? candidates.find((c) => c.kind === "advertising") : undefined;
  const qrOf = advertising && (advertising.url || !blank(advertising.number)) ? advertising : applied;
  return verificationUrlOf(qrOf.number?.trim() || null, qrOf.url, pattern);
}

/**
 * The licence that applies to `target` today and whether it may be advertised. `today` is the Asia/Riyadh day
 * (YYYY-MM-DD). A unit's licence (if any) wins over a campaign's, a campaign's over the project's.
 */
export function effectiveLicence(
  target: {
    project: ProjectLicenceFields;
    campaign?: OverrideLicenceFields | null;
    unit?: OverrideLicenceFields | null;
  },
  today: string,
  policy: LicencePolicy,
): EffectiveLicence {
  const override = overrideCandidate("unit", target.unit) ?? overrideCandidate("campaign", target.campaign);
  const candidates = override ? [override] : projectCandidates(target.project);
  const expired = candidates.find((c) => c.expiresOn && c.expiresOn < today);
  const applied = expired ?? candidates[0];
  const missing = blank(applied.number) || blank(applied.expiresOn);
  const daysLeft = applied.expiresOn ? daysBetween(today, applied.expiresOn) : null;
  const state: LicenceState = expired
    ? "expired"
    : missing
      ? "missing"
      : daysLeft !== null && daysLeft <= policy.expiringWithinDays
        ? "expiring"
        : "valid";
  const enforcing = policy.enforceFrom === null || today >= policy.enforceFrom;
  const advertisable = state !== "expired" && !(state === "missing" && enforcing);
  // The moment this stops by itself: the earliest day after a recorded expiry, or the enforcement date.
  const ends = candidates.flatMap((c) => (c.expiresOn ? [nextDay(c.expiresOn)] : []));
  if (state === "missing" && policy.enforceFrom) ends.push(policy.enforceFrom);
  const until = advertisable && ends.length ? ends.sort()[0] : null;
  return {
    source: applied.source,
    kind: applied.kind,
    number: applied.number?.trim() || null,
    expiresOn: applied.expiresOn,
    verificationUrl: verificationUrlFor(applied, candidates, policy.verificationUrlPattern),
    state,
    daysLeft,
    advertisable,
    reason: advertisable ? null : state === "expired" ? "expired" : "missing",
    field:
      state === "expired"
        ? applied.expiryField
        : blank(applied.number)
          ? applied.numberField
          : missing
            ? applied.expiryField
            : null,
    advertiseUntil: until ? riyadhDayStart(until).toISOString() : null,
  };
}

/**
 * What publishing a project needs (docs/compliance.md): the licence of its sale mode with a number and an expiry not
 * before today. Output: the first field missing or expired with its Arabic message, or null when it may be published.
 */
export function publishBlocker(
  project: ProjectLicenceFields,
  today: string,
): { field: LicenceField; message: string } | null {
  const [required] = projectCandidates(project);
  if (blank(required.number)) return { field: required.numberField, message: PUBLISH_MESSAGES[required.numberField] };
  if (!required.expiresOn || required.expiresOn < today) {
    return { field: required.expiryField, message: PUBLISH_MESSAGES[required.expiryField] };
  }
  return null;
}

/** The 409 messages of publishBlocker, by field. */
export const PUBLISH_MESSAGES: Record<LicenceField, string> = {
  advertisingLicenseNumber: "لا يمكن نشر المشروع دون رقم ترخيص الإعلان",
  advertisingLicenseExpiresOn: "لا يمكن نشر المشروع دون تاريخ انتهاء ساري لترخيص الإعلان",
  wafiLicenseNumber: "لا يمكن نشر مشروع على الخارطة دون رقم ترخيص البيع على الخارطة",
  offPlanLicenseExpiresOn: "لا يمكن نشر مشروع على الخارطة دون تاريخ انتهاء ساري لترخيص البيع على الخارطة",
};

/** What a unit's public page may show (docs/compliance.md; ARCHITECTURE resolution 16). */
export interface UnitAdvertising {
  licence: EffectiveLicence;
  /** Whether visitors may see the page at all (else 410, like a project's). */
  advertisable: boolean;
  /** Sold («مباعة»): the page stops advertising it — no price, no enquiry form, the status shown. */
  sold: boolean;
  showPrice: boolean;
  showForm: boolean;
}

/**
 * A unit page's rule: its licence (the unit's own, else the campaign's, else the project's) decides whether visitors
 * see it; a sold unit (SPEC status «مباعة», or the inventory state `sold`) stops being advertised the moment it is
 * sold: no price, no form.
 */
export function unitAdvertising(
  target: {
    project: ProjectLicenceFields;
    unit: OverrideLicenceFields & { status: string; inventoryState?: string | null };
    campaign?: OverrideLicenceFields | null;
  },
  today: string,
  policy: LicencePolicy,
): UnitAdvertising {
  const licence = effectiveLicence(target, today, policy);
  const sold = target.unit.status === "مباعة" || target.unit.inventoryState === "sold";
  return {
    licence,
    advertisable: licence.advertisable,
    sold,
    showPrice: !sold,
    showForm: !sold && licence.advertisable,
  };
}
