/**
 * A person's WhatsApp messages under PDPL (docs/whatsapp.md "Privacy"; docs/product.md §2.16): listed in the
 * person's access export (JSON `channels.whatsapp`, and the sheet «رسائل واتساب» of the spreadsheet: time,
 * direction, text or template, state, sender) and deleted with the person's leads — and with the leads merged into
 * them — by an erasure request or by the lead desk's retention job (its retention setting), through the leads side's
 * person-data hook (leads/privacy/service.ts onPersonData), registered in app.ts. Stored files stay under their
 * content hash (they may be shared by identical uploads); the message rows that tie them to the person are gone.
 */
import { asc, eq } from "drizzle-orm";
import { MESSAGE_STATUS_LABELS } from "#domain/whatsapp.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { users } from "#server/db/schema.ts";
import { whatsappMessages } from "#server/db/tables/whatsapp.ts";
import { exportDateTime, type PersonDataHolder } from "../leads/privacy/service.ts";
import { messagesOfLeads } from "./lead-messages.ts";

/** The Arabic words of the spreadsheet sheet. */
const SHEET = {
  name: "رسائل واتساب",
  in: "واردة من العميل",
  out: "صادرة إلى العميل",
  buyer: "العميل",
} as const;

const str = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? "" : JSON.stringify(v));

export const whatsappPersonData: PersonDataHolder = {
  async export(db: Db, leadIds: number[]) {
    if (!leadIds.length) return [];
    const rows = await db
      .select({ m: whatsappMessages, sentByName: users.name })
      .from(whatsappMessages)
      .leftJoin(users, eq(users.id, whatsappMessages.sentById))
      .where(messagesOfLeads(db, leadIds))
      .orderBy(asc(whatsappMessages.createdAt), asc(whatsappMessages.id));
    return rows.map(({ m, sentByName }) => ({
      leadId: m.leadId,
      direction: m.direction,
      phone: m.phone,
      kind: m.kind,
      body: m.body,
      fileName: m.fileName,
      mediaUrl: m.mediaUrl,
      location: m.location,
      template: m.template?.name ?? null,
      templateVariables: m.template?.variables ?? null,
      referral: m.referral,
      status: m.status,
      errorCode: m.errorCode,
      automated: m.automated,
      sentByName: m.direction === "out" ? sentByName : null,
      createdAt: m.createdAt.toISOString(),
    }));
  },
  async erase(tx: Tx, leadIds: number[]) {
    if (!leadIds.length) return;
    await tx.delete(whatsappMessages).where(messagesOfLeads(tx, leadIds));
  },
  sheet: {
    name: SHEET.name,
    rows: (items) =>
      items.map((m) => ({
        التاريخ: exportDateTime(str(m.createdAt)),
        الاتجاه: m.direction === "in" ? SHEET.in : SHEET.out,
        "رقم الجوال": str(m.phone),
        القالب: str(m.template),
        النص: str(m.body ?? m.fileName ?? m.location),
        الحالة: MESSAGE_STATUS_LABELS[str(m.status)] ?? str(m.status),
        "رمز الخطأ": str(m.errorCode),
        المرسل: m.direction === "in" ? SHEET.buyer : str(m.automated ?? m.sentByName),
      })),
  },
};
