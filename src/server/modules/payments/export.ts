/**
 * GET /api/payments/export (payments.view; docs/payments.md "Payments screen"): the checkouts matching the list's
 * filters (state, days) as an .xlsx workbook for the accountant, built with @e965/xlsx like the other exports: one
 * right-to-left sheet «المدفوعات», newest first, at most PAYMENTS_EXPORT_MAX rows; amounts are numbers in SAR with a
 * «ر.س.» number format, dates in Jeddah time (Latin digits, to be sorted and typed), the national ID only masked.
 */
import * as XLSX from "@e965/xlsx";
import { CHECKOUT_STATE_LABELS, type PaymentFilters } from "#domain/checkout.ts";
import { DATE_LOCALE, TIME_ZONE } from "#domain/constants.ts";
import type { Db } from "#server/db/connection.ts";
import { paymentFilterWhere, paymentRows } from "./admin.ts";

/** Rows the export holds at most. */
export const PAYMENTS_EXPORT_MAX = 10_000;

const dateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: TIME_ZONE,
  numberingSystem: "latn",
});
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "");

/** The number format of the SAR columns. */
const SAR_FORMAT = '#,##0 "ر.س."';

const HEADER = [
  "رقم الدفعة",
  "تاريخ البدء",
  "الحالة",
  "المشروع",
  "الوحدة",
  "المشتري",
  "رقم الجوال",
  "البريد الإلكتروني",
  "الهوية",
  "المبلغ (ر.س.)",
  "المسترد (ر.س.)",
  "مرجع بوابة الدفع",
  "تاريخ الدفع",
  "سبب الاسترداد",
  "رقم العميل",
];
/** Indexes of the SAR columns in HEADER. */
const SAR_COLUMNS = [9, 10];

/** The workbook's bytes (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet). */
export async function paymentsXlsx(db: Db, filters: PaymentFilters): Promise<Buffer> {
  const rows = await paymentRows(db, paymentFilterWhere(filters), PAYMENTS_EXPORT_MAX);
  const body = rows.map(({ row: p }) => [
    p.id,
    when(p.createdAt),
    CHECKOUT_STATE_LABELS[p.state],
    p.projectName,
    p.unitLabel,
    p.name,
    p.phone,
    p.email,
    p.nationalIdMasked,
    p.amountSar,
    p.refundedSar,
    p.gatewayPaymentId ?? "",
    when(p.paidAt),
    p.refundReason ?? "",
    p.leadId ?? "",
  ]);
  const sheet = XLSX.utils.aoa_to_sheet([HEADER, ...body]);
  for (let r = 1; r <= body.length; r++) {
    for (const c of SAR_COLUMNS) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })];
      if (cell) cell.z = SAR_FORMAT;
    }
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "المدفوعات");
  book.Workbook = { ...(book.Workbook ?? {}), Views: [{ RTL: true }] };
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}
