/**
 * Leads (SPEC §3 contact_messages, §7.2 contact calls, ARCHITECTURE resolutions 4 and 5).
 * A lead is never refused for a stale reference: an unknown project or landing page is stored as null,
 * so the visitor's enquiry is kept. isDuplicate: the same phone or e-mail arrived in the previous 30 days.
 */
import { and, desc, eq, gt, or, type SQL } from "drizzle-orm";
import { DUPLICATE_WINDOW_DAYS } from "../../../domain/constants.ts";
import { type ContactPayload, contactSourceOf } from "../../../domain/schemas/contact.ts";
import type { ContactMessage } from "../../../domain/types.ts";
import type { Db } from "../../db/connection.ts";
import { contactMessages, landingCampaigns, landingPages, projects, projectUpdates } from "../../db/schema.ts";
import { notFound } from "../../lib/http-errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";

export interface ContactMeta {
  ip: string | null;
  consentVersion: string;
  now?: Date;
}

/** Stores a lead. Returns its id and whether it is a duplicate. */
export async function createContactMessage(
  db: Db,
  payload: ContactPayload,
  meta: ContactMeta,
): Promise<{ id: number; isDuplicate: boolean }> {
  const now = meta.now ?? new Date();
  const source = contactSourceOf(payload);
  return db.transaction(async (tx) => {
    let projectId: number | null = null;
    let landingPageId: number | null = null;
    let campaignId: number | null = null;
    let updateId: number | null = null;
    if (payload.landingPageId !== undefined) {
      const [page] = await tx
        .select({ id: landingPages.id, projectId: landingPages.projectId })
        .from(landingPages)
        .where(eq(landingPages.id, payload.landingPageId))
        .limit(1);
      if (page) {
        landingPageId = page.id;
        projectId = page.projectId;
        if (payload.campaignId !== undefined) {
          const [campaign] = await tx
            .select({ id: landingCampaigns.id })
            .from(landingCampaigns)
            .where(and(eq(landingCampaigns.id, payload.campaignId), eq(landingCampaigns.landingPageId, page.id)))
            .limit(1);
          campaignId = campaign?.id ?? null;
        }
      }
    }
    if (payload.updateReference !== undefined) {
      const [update] = await tx
        .select({ id: projectUpdates.id, projectId: projectUpdates.projectId })
        .from(projectUpdates)
        .where(eq(projectUpdates.id, payload.updateReference))
        .limit(1);
      if (update) {
        updateId = update.id;
        projectId = update.projectId;
      }
    }
    if (projectId === null && payload.projectReference !== undefined) {
      const [project] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.id, payload.projectReference))
        .limit(1);
      projectId = project?.id ?? null;
    }

    const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    const sameContact: SQL[] = [];
    if (payload.phone) sameContact.push(eq(contactMessages.phone, payload.phone));
    if (payload.email) sameContact.push(eq(contactMessages.email, payload.email));
    const [previous] = sameContact.length
      ? await tx
          .select({ id: contactMessages.id })
          .from(contactMessages)
          .where(and(gt(contactMessages.createdAt, since), or(...sameContact)))
          .limit(1)
      : [];

    const attribution = Object.fromEntries(
      Object.entries(payload.attribution ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    const [row] = await tx
      .insert(contactMessages)
      .values({
        landingPageId,
        campaignId,
        projectId,
        updateId,
        source,
        name: payload.name,
        email: payload.email ?? null,
        phone: payload.phone ?? null,
        message: payload.message ?? null,
        isDuplicate: Boolean(previous),
        attribution,
        consentVersion: meta.consentVersion,
        consentAt: now,
        ipAddress: meta.ip,
        createdAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      { userId: null, ip: meta.ip },
      {
        entityType: "contact_message",
        entityId: row.id,
        action: "create",
        newState: { source, projectId, landingPageId, campaignId },
      },
    );
    return { id: row.id, isDuplicate: row.isDuplicate };
  });
}

/** GET /api/contact/messages: newest first, with project, landing page and platform names (SPEC §2.16). */
export async function listContactMessages(db: Db): Promise<ContactMessage[]> {
  const rows = await db
    .select({
      message: contactMessages,
      projectName: projects.name,
      platform: landingCampaigns.platformName,
      landingPageSlug: landingPages.slug,
    })
    .from(contactMessages)
    .leftJoin(projects, eq(projects.id, contactMessages.projectId))
    .leftJoin(landingPages, eq(landingPages.id, contactMessages.landingPageId))
    .leftJoin(landingCampaigns, eq(landingCampaigns.id, contactMessages.campaignId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map(({ message: m, projectName, platform, landingPageSlug }) => ({
    id: m.id,
    landingPageId: m.landingPageId,
    campaignId: m.campaignId,
    projectId: m.projectId,
    source: m.source,
    name: m.name,
    email: m.email,
    phone: m.phone,
    message: m.message,
    isDuplicate: m.isDuplicate,
    projectName,
    landingPageName: m.landingPageId ? (projectName ?? landingPageSlug) : null,
    platform,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** DELETE /api/contact/messages/{id}. Errors: 404. */
export async function deleteContactMessage(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
    if (!row) throw notFound("الرسالة غير موجودة");
    await recordAudit(tx, actor, { entityType: "contact_message", entityId: id, action: "delete", previousState: row });
  });
}
