/**
 * The demo projects' licences and disclosures (docs/compliance.md): valid relative to the day of seeding, so a demo
 * installation (and every test and journey on one) keeps its pages online on any later date for a year. An off-plan
 * project (one with an off-plan licence number) is advertised under that licence; the others under their advertising
 * licence. Numbers, URLs and the escrow account are example values (docs/operations.md "Example values").
 */
import { riyadhDay } from "#domain/licence.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A fallback advertising licence number for a demo project that has none (Latin digits). */
const FALLBACK_NUMBER = (index: number) => `72001${String(70000 + index)}`;

/** The licence columns of the demo project `p` (index `index` in the list), seeded at `now`. */
export function demoLicence(
  p: { advertisingLicenseNumber: string | null; wafiLicenseNumber: string | null; titleDeedNumber: string | null },
  index: number,
  now: Date,
) {
  const day = (days: number) => riyadhDay(new Date(now.getTime() + days * DAY_MS));
  const number = p.advertisingLicenseNumber ?? FALLBACK_NUMBER(index);
  const offplan = p.wafiLicenseNumber !== null;
  return {
    advertisingLicenseNumber: number,
    saleMode: offplan ? ("offplan" as const) : ("ready" as const),
    advertisingLicenseIssuedOn: day(-90),
    advertisingLicenseExpiresOn: day(275 + index * 15),
    advertisingLicenseUrl: `https://example.com/rega/licence/${number}`,
    offPlanLicenseExpiresOn: offplan ? day(540) : null,
    escrowBank: offplan ? "البنك الأهلي السعودي" : null,
    escrowAccountName: offplan ? "حساب ضمان المشروع" : null,
    plotNumber: String(1200 + index),
    rightsAndRestrictions: "لا يوجد",
  };
}
