/**
 * Licence and disclosure fields of a project, and a unit's or campaign's own advertising licence (docs/compliance.md,
 * docs/decisions/080-advertising-licences.md). Spread into the project schema (schemas/project.ts) and used by
 * PUT /api/landing-campaigns/{id}/licence.
 *
 * Dates are Asia/Riyadh days `YYYY-MM-DD` (blank becomes null); licence numbers keep Latin digits (ARCHITECTURE
 * resolution 11: Arabic-Indic digits typed are converted); an IBAN is a Saudi one (SA + 22 digits, ISO 13616 check).
 */
import { z } from "zod";
import { toAsciiDigits } from "../digits.ts";
import { SALE_MODES } from "../licence.ts";
import { text } from "./text.ts";

export const LICENCE_MESSAGES = {
  date: "يجب إدخال تاريخ صحيح بالصيغة YYYY-MM-DD",
  number: "رقم الترخيص يجب أن يتكون من أرقام وحروف لاتينية فقط",
  url: "يجب إدخال رابط صحيح يبدأ بـ https://",
  iban: "رقم الآيبان غير صحيح، أدخل آيبانًا سعوديًا يبدأ بـ SA ويتكون من ٢٤ خانة",
  saleMode: "اختر حالة البيع: على الخارطة أو جاهز",
  tooLong: "النص أطول من المسموح",
  issuedAfterExpiry: "تاريخ الإصدار يجب أن يسبق تاريخ الانتهاء",
} as const;

/** «لا يوجد»: the disclosure of rights, restrictions and disputes when there are none. */
export const NO_RESTRICTIONS = "لا يوجد";

const blankToNull = (v: string | null | undefined) => (v ? v : null);

/** An optional Asia/Riyadh day YYYY-MM-DD (a real calendar day); blank becomes null. */
export const optionalDay = () =>
  text()
    .trim()
    .nullable()
    .optional()
    .transform(blankToNull)
    .pipe(z.iso.date({ error: LICENCE_MESSAGES.date }).nullable());

/** An optional licence number: Latin letters, digits and hyphens (Arabic-Indic digits converted); blank → null. */
export const licenceNumber = () =>
  text()
    .trim()
    .max(100, LICENCE_MESSAGES.tooLong)
    .nullable()
    .optional()
    .transform((v) => blankToNull(v ? toAsciiDigits(v).replace(/\s+/g, "") : v))
    .refine((v) => v === null || /^[A-Za-z0-9-]{1,100}$/.test(v), LICENCE_MESSAGES.number);

const optionalLine = (max: number) =>
  text().trim().max(max, LICENCE_MESSAGES.tooLong).nullable().optional().transform(blankToNull);

/** ISO 13616 mod-97 check of an IBAN of letters and digits. */
function ibanChecks(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

const iban = () =>
  text()
    .nullable()
    .optional()
    .transform((v) => blankToNull(v ? toAsciiDigits(v).replace(/\s+/g, "").toUpperCase() : v))
    .refine((v) => v === null || (/^SA\d{22}$/.test(v) && ibanChecks(v)), LICENCE_MESSAGES.iban);

/** The licence and disclosure fields of a project input (all optional; SPEC's payload without them stays valid). */
export const projectLicenceShape = {
  saleMode: z.enum(SALE_MODES, { error: LICENCE_MESSAGES.saleMode }).optional().default("ready"),
  advertisingLicenseIssuedOn: optionalDay(),
  advertisingLicenseExpiresOn: optionalDay(),
  advertisingLicenseUrl: text()
    .trim()
    .max(2000, LICENCE_MESSAGES.url)
    .nullable()
    .optional()
    .transform(blankToNull)
    .refine((v) => v === null || /^https:\/\/\S+$/i.test(v), LICENCE_MESSAGES.url),
  offPlanLicenseExpiresOn: optionalDay(),
  escrowBank: optionalLine(200),
  escrowAccountName: optionalLine(200),
  escrowIban: iban(),
  falLicenseNumber: licenceNumber(),
  plotNumber: optionalLine(100),
  rightsAndRestrictions: text()
    .trim()
    .max(2000, LICENCE_MESSAGES.tooLong)
    .nullable()
    .optional()
    .transform((v) => v || NO_RESTRICTIONS),
};

/** Cross-field rule: an issue date is not after the expiry date. */
export function licenceDatesRule(
  p: { advertisingLicenseIssuedOn: string | null; advertisingLicenseExpiresOn: string | null },
  ctx: z.RefinementCtx,
) {
  if (p.advertisingLicenseIssuedOn && p.advertisingLicenseExpiresOn) {
    if (p.advertisingLicenseIssuedOn > p.advertisingLicenseExpiresOn) {
      ctx.addIssue({
        code: "custom",
        path: ["advertisingLicenseIssuedOn"],
        message: LICENCE_MESSAGES.issuedAfterExpiry,
      });
    }
  }
}

/** PUT /api/landing-campaigns/{id}/licence and a unit's override: both null removes the override. */
export const overrideLicenceSchema = z.strictObject({
  advertisingLicenseNumber: licenceNumber(),
  advertisingLicenseExpiresOn: optionalDay(),
});
export type OverrideLicenceInput = z.input<typeof overrideLicenceSchema>;
export type OverrideLicenceValues = z.output<typeof overrideLicenceSchema>;
