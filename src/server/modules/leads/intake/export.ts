/**
 * Export of the filtered lead list (SPEC §2.16): .xlsx (right-to-left sheet) or .csv (UTF-8 with BOM so
 * spreadsheet programs read Arabic), one row per lead with the SPEC columns plus campaign, attribution, consent and
 * webhook delivery status. Cells that a spreadsheet would run as a formula (=, +, -, @ first) get a leading "'"
 * in the CSV; phone numbers in E.164 are left as they are.
 */
import * as XLSX from "@e965/xlsx";
import { ATTRIBUTION_FIELDS } from "#domain/attribution.ts";
import { DATE_LOCALE, TIME_ZONE } from "#domain/constants.ts";
import {
  CONTACT_SOURCE_LABELS,
  type ContactMessageView,
  type ContactSource,
  DELIVERY_STATUS_LABELS,
} from "#domain/schemas/contact.ts";
import { platformLabel } from "#domain/schemas/landing.ts";

const dateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: TIME_ZONE,
  numberingSystem: "latn",
});

/** The export rows: Arabic column headers → cell text. */
export function exportRows(messages: ContactMessageView[]): Record<string, string>[] {
  return messages.map((m) => {
    const row: Record<string, string> = {
      "رقم الرسالة": String(m.id),
      الاسم: m.name,
      "البريد الإلكتروني": m.email ?? "",
      "رقم الجوال": m.phone ?? "",
      الرسالة: m.message ?? "",
      المشروع: m.projectName ?? "الصفحة الرئيسية",
      "صفحة الهبوط": m.landingPageName ?? "غير معروف",
      المصدر: CONTACT_SOURCE_LABELS[m.source as ContactSource] ?? m.source,
      المنصة: platformLabel(m.platform),
      الحملة: m.campaignName ?? m.campaignSlug ?? "",
      الحالة: m.isDuplicate ? "مكرر" : "جديد",
      "حالة الويب هوك": DELIVERY_STATUS_LABELS[m.delivery?.status ?? "none"],
      "التاريخ والوقت": dateTime.format(new Date(m.createdAt)),
      "نسخة الموافقة": m.consentVersion ?? "",
    };
    for (const key of ATTRIBUTION_FIELDS) row[key] = m.attribution[key] ?? "";
    return row;
  });
}

const sample: ContactMessageView = {
  id: 0,
  landingPageId: null,
  campaignId: null,
  projectId: null,
  source: "home",
  name: "",
  email: null,
  phone: null,
  message: null,
  isDuplicate: false,
  projectName: null,
  landingPageName: null,
  platform: null,
  campaignSlug: null,
  campaignName: null,
  attribution: {},
  consentVersion: null,
  consentAt: null,
  delivery: null,
  createdAt: new Date(0).toISOString(),
};

const HEADER = Object.keys(exportRows([sample])[0]);

/** The .xlsx bytes of the list (one sheet "الرسائل", right to left). */
export function toXlsx(messages: ContactMessageView[]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(exportRows(messages), { header: HEADER }), "الرسائل");
  book.Workbook = { ...(book.Workbook ?? {}), Views: [{ RTL: true }] };
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

/** A CSV cell a spreadsheet would not evaluate. */
function safeCell(value: string): string {
  if (/^\+\d+$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The CSV text of the list, with a UTF-8 BOM. */
export function toCsv(messages: ContactMessageView[]): string {
  const rows = exportRows(messages).map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, safeCell(v)])),
  );
  const csv = XLSX.utils.sheet_to_csv(XLSX.utils.json_to_sheet(rows, { header: HEADER }));
  return `\ufeff${csv}`;
}
