/**
 * The PDPL access export of one person (exportPerson's answer) as .xlsx: right-to-left sheets «الاستفسارات» (one
 * row per enquiry), «السجل» (one row per history entry), then one sheet per channel that keeps data about the person
 * (e.g. «رسائل واتساب», one row per message: its columns come from the channel's module through
 * service.ts PersonDataHolder.sheet), built with @e965/xlsx.
 */
import * as XLSX from "@e965/xlsx";
import { DATE_LOCALE, TIME_ZONE } from "#domain/constants.ts";
import { CONTACT_SOURCE_LABELS, type ContactSource } from "#domain/schemas/contact.ts";

const dateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: TIME_ZONE,
  numberingSystem: "latn",
});
/** A date and time of the export as its sheets write it (Jeddah time, Latin digits); "" for none. */
export const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : "");

type Exported = { enquiries: Record<string, unknown>[] };

/** A channel's sheet: its Arabic name (at most 31 characters) and one row of Arabic column → text per exported item. */
export interface ChannelSheet {
  name: string;
  rows(items: Record<string, unknown>[]): Record<string, string>[];
}

/** The .xlsx bytes of a person's export (exportPerson's answer) with the channels' sheets. */
export function personToXlsx(
  data: Exported,
  channels: { sheet: ChannelSheet; items: Record<string, unknown>[] }[] = [],
): Buffer {
  const str = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));
  const enquiries = data.enquiries.map((e) => ({
    "رقم الاستفسار": String(e.id),
    الاسم: str(e.name),
    "رقم الجوال": str(e.phone),
    "البريد الإلكتروني": str(e.email),
    الرسالة: str(e.message),
    المصدر: CONTACT_SOURCE_LABELS[e.source as ContactSource] ?? str(e.source),
    المرحلة: str(e.stage),
    "بيانات الحملة": str(e.attribution),
    "نسخة الموافقة": str(e.consentVersion),
    "تاريخ الموافقة": when(e.consentAt as string | null),
    "نسخة الموافقة التسويقية": str(e.marketingConsentVersion),
    "تاريخ الموافقة التسويقية": when(e.marketingConsentAt as string | null),
    "تاريخ سحب الموافقة التسويقية": when(e.marketingConsentWithdrawnAt as string | null),
    "عنوان IP": str(e.ipAddress),
    "المتصفح والجهاز": str(e.userAgent),
    التاريخ: when(e.createdAt as string),
  }));
  const history = data.enquiries.flatMap((e) =>
    ((e.history as Record<string, unknown>[]) ?? []).map((h) => ({
      "رقم الاستفسار": String(e.id),
      النوع: str(h.kind),
      النشاط: str(h.activityKind),
      "من مرحلة": str(h.fromStage),
      "إلى مرحلة": str(h.toStage),
      ملاحظة: str(h.note),
      التاريخ: when(h.createdAt as string),
    })),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(enquiries), "الاستفسارات");
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(history), "السجل");
  for (const { sheet, items } of channels) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(sheet.rows(items)), sheet.name);
  }
  book.Workbook = { ...(book.Workbook ?? {}), Views: [{ RTL: true }] };
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}
