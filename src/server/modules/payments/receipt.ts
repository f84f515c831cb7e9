/**
 * The deposit receipt (docs/payments.md "Receipt"; docs/decisions/125-receipt-pdf-and-mail.md): what it says and who
 * may have it.
 * - GET /api/checkout/{token}/receipt.pdf (public): the buyer's, authorised by the checkout's unguessable token (the
 *   confirmation page links it; no sign-in);
 * - GET /api/payments/{id}/receipt.pdf (payments.view): staff's, from the payments screen.
 * A receipt exists once the deposit reserved the unit (state paid, or refunded afterwards by a manager); otherwise
 * 404 «لا يوجد إيصال لهذا الطلب». It shows the company's name, commercial registration and licence numbers (site
 * configuration), the licence that covered the unit on the day it was paid (#domain/licence.ts effectiveLicence:
 * the unit's own, else the project's), the project and unit, the amount in SAR, the paid time in Asia/Riyadh on the
 * Gregorian calendar with the Hijri (Umm al-Qura) date, the buyer's name and the gateway's payment reference. The
 * national ID is never on it.
 */
import { eq, type SQL } from "drizzle-orm";
import type { LicencePolicy } from "#domain/compliance-rules.ts";
import { formatDateTime, formatHijri, formatSAR } from "#domain/format.ts";
import { effectiveLicence, riyadhDay } from "#domain/licence.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { unitLabel } from "#domain/unit-label.ts";
import type { Db } from "#server/db/connection.ts";
import { projects, units } from "#server/db/schema.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { type ReceiptContent, type ReceiptLine, renderReceiptPdf } from "./receipt-pdf.ts";

export const RECEIPT_TEXTS = {
  title: "إيصال دفع العربون",
  notFound: "لا يوجد إيصال لهذا الطلب",
  commercialRegistration: "السجل التجاري",
  companyLicence: "رقم الترخيص",
  receiptNumber: "رقم الإيصال",
  buyer: "اسم العميل",
  project: "المشروع",
  unit: "الوحدة",
  amount: "المبلغ المدفوع",
  paidAt: "تاريخ الدفع",
  paidAtHijri: "التاريخ الهجري",
  reference: "مرجع عملية الدفع",
  advertisingLicence: "ترخيص الإعلان العقاري",
  offplanLicence: "ترخيص البيع على الخارطة",
  refunded: "تمت إعادة هذا العربون إلى وسيلة الدفع نفسها",
  footer: "إيصال صادر إلكترونيًا عن دفع عربون حجز الوحدة، ولا يُعد عقد بيع.",
} as const;

/** The receipt's file name (ASCII, for Content-Disposition). */
export function receiptFileName(id: number): string {
  return `receipt-${id}.pdf`;
}

/** The receipt of the checkout matching `where` as the PDF's content, or 404 when it has none. */
export async function receiptContent(
  db: Db,
  where: SQL | undefined,
  site: SiteConfig,
  policy: LicencePolicy,
): Promise<{ id: number; email: string; content: ReceiptContent }> {
  const [row] = await db
    .select({ checkout: checkouts, unit: units, project: projects })
    .from(checkouts)
    .innerJoin(units, eq(units.id, checkouts.unitId))
    .innerJoin(projects, eq(projects.id, checkouts.projectId))
    .where(where)
    .limit(1);
  const c = row?.checkout;
  const reserved = c && (c.state === "paid" || (c.state === "refunded" && c.leadId !== null));
  if (!row || !c || !reserved || !c.paidAt) throw notFound(RECEIPT_TEXTS.notFound);
  const licence = effectiveLicence({ project: row.project, unit: row.unit }, riyadhDay(c.paidAt), policy);
  const header = [site.name];
  if (site.commercialRegistration)
    header.push(`${RECEIPT_TEXTS.commercialRegistration}: ${site.commercialRegistration}`);
  if (site.licenseNumber) header.push(`${RECEIPT_TEXTS.companyLicence}: ${site.licenseNumber}`);
  const lines: ReceiptLine[] = [
    { label: RECEIPT_TEXTS.receiptNumber, value: String(c.id) },
    { label: RECEIPT_TEXTS.buyer, value: c.name },
    { label: RECEIPT_TEXTS.project, value: row.project.name },
    {
      label: RECEIPT_TEXTS.unit,
      value: unitLabel({ unitNumber: row.unit.unitNumber, building: row.unit.building || null }),
    },
    { label: RECEIPT_TEXTS.amount, value: formatSAR(c.amountSar) },
    { label: RECEIPT_TEXTS.paidAt, value: formatDateTime(c.paidAt) },
    { label: RECEIPT_TEXTS.paidAtHijri, value: formatHijri(c.paidAt) },
    { label: RECEIPT_TEXTS.reference, value: c.gatewayPaymentId ?? "" },
  ];
  if (licence.number) {
    const label = licence.kind === "offplan" ? RECEIPT_TEXTS.offplanLicence : RECEIPT_TEXTS.advertisingLicence;
    lines.push({ label, value: licence.number });
  }
  const footer = c.state === "refunded" ? `${RECEIPT_TEXTS.refunded}. ${RECEIPT_TEXTS.footer}` : RECEIPT_TEXTS.footer;
  return { id: c.id, email: c.email, content: { title: RECEIPT_TEXTS.title, header, lines, footer } };
}

/** The receipt of the checkout matching `where` as PDF bytes (see receiptContent for the 404). */
export async function receiptPdf(db: Db, where: SQL | undefined, site: SiteConfig, policy: LicencePolicy) {
  const { id, content } = await receiptContent(db, where, site, policy);
  return { id, pdf: await renderReceiptPdf(content) };
}
