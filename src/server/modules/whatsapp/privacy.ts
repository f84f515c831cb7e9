/**
 * A person's WhatsApp messages under PDPL (docs/whatsapp.md "Privacy"; docs/product.md §2.16): listed in the
 * person's access export and deleted with the person's leads, by an erasure request or by the lead desk's retention
 * job (its retention setting), through the leads side's person-data hook (leads/privacy/service.ts onPersonData),
 * registered in app.ts. Stored files stay under their content hash (they may be shared by identical uploads); the
 * message rows that tie them to the person are gone.
 */
import { asc, inArray } from "drizzle-orm";
import type { Db, Tx } from "#server/db/connection.ts";
import { whatsappMessages } from "#server/db/tables/whatsapp.ts";
import type { PersonDataHolder } from "../leads/privacy/service.ts";

export const whatsappPersonData: PersonDataHolder = {
  async export(db: Db, leadIds: number[]) {
    if (!leadIds.length) return [];
    const rows = await db
      .select()
      .from(whatsappMessages)
      .where(inArray(whatsappMessages.leadId, leadIds))
      .orderBy(asc(whatsappMessages.createdAt), asc(whatsappMessages.id));
    return rows.map((m) => ({
      leadId: m.leadId,
      direction: m.direction,
      phone: m.phone,
      kind: m.kind,
      body: m.body,
      fileName: m.fileName,
      mediaUrl: m.mediaUrl,
      location: m.location,
      template: m.template?.name ?? null,
      referral: m.referral,
      status: m.status,
      automated: m.automated,
      createdAt: m.createdAt.toISOString(),
    }));
  },
  async erase(tx: Tx, leadIds: number[]) {
    if (!leadIds.length) return;
    await tx.delete(whatsappMessages).where(inArray(whatsappMessages.leadId, leadIds));
  },
};
