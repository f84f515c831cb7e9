/**
 * Drafts, publishing and preview links (ARCHITECTURE resolution 13; docs/decisions/017-drafts-and-preview.md).
 *
 * - `setPublished`: POST …/publish and …/unpublish of a project, progress update or landing page (one audited row).
 * - `createPreviewLink`: POST /api/previews, a 30-minute link to one draft, bound to the staff session that asked.
 * - `draftsVisible`: whether a read may include drafts of a kind — staff holding the kind's view permission, or a
 *   valid preview token for that very record. Such answers are marked `private, no-store` and `noindex`.
 */
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { publishBlocker } from "#domain/licence.ts";
import { PREVIEW_TTL_MS, type PreviewLink, PUBLISHING_PERMISSIONS, type PublishableKind } from "#domain/publishing.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { landingCampaigns, landingPages, projects, projectUpdates } from "../../db/schema.ts";
import { previewTokens, sessions } from "../../db/tables/auth.ts";
import type { LicenceContext } from "../../lib/compliance-rules.ts";
import { conflict, forbidden, notFound } from "../../lib/http-errors.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import type { RequestAuth } from "../../plugins/auth.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";

const TABLES = { project: projects, update: projectUpdates, landing_page: landingPages } as const;

/** Audit entity types, as each module writes them. */
const AUDIT_ENTITY: Record<PublishableKind, string> = {
  project: "project",
  update: "project_update",
  landing_page: "landing_page",
};

const NOT_FOUND: Record<PublishableKind, string> = {
  project: "المشروع غير موجود",
  update: "التحديث غير موجود",
  landing_page: "صفحة الهبوط غير موجودة",
};

/**
 * Publishes (publishedAt = now) or unpublishes (null) one record; publishing an already published record keeps its
 * time. Output: {id, publishedAt} (ISO 8601 or null). Errors: 404 with the kind's Arabic message; 409 `{fields:
 * {<field>}}` when a draft project is published without the licence its sale mode needs while licences are enforced
 * (`licence`; domain/licence.ts publishBlocker, docs/compliance.md).
 */
export async function setPublished(
  db: Db,
  kind: PublishableKind,
  id: number,
  published: boolean,
  actor: AuditActor,
  now = new Date(),
  licence?: LicenceContext,
): Promise<{ id: number; publishedAt: string | null }> {
  const table = TABLES[kind];
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ publishedAt: table.publishedAt }).from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound(NOT_FOUND[kind]);
    if (kind === "project" && published && row.publishedAt === null && licence) {
      await assertPublishable(tx, id, licence);
    }
    const publishedAt = published ? (row.publishedAt ?? now) : null;
    if ((row.publishedAt === null) !== (publishedAt === null)) {
      await tx.update(table).set({ publishedAt }).where(eq(table.id, id));
      await recordAudit(tx, actor, {
        entityType: AUDIT_ENTITY[kind],
        entityId: id,
        action: published ? "publish" : "unpublish",
        previousState: { publishedAt: row.publishedAt?.toISOString() ?? null },
        newState: { publishedAt: publishedAt?.toISOString() ?? null },
      });
    }
    return { id, publishedAt: publishedAt?.toISOString() ?? null };
  });
}

/** 409 naming the field when a project lacks the licence its sale mode needs (only while licences are enforced). */
async function assertPublishable(tx: Tx, id: number, licence: LicenceContext): Promise<void> {
  const { enforceFrom } = licence.policy;
  if (enforceFrom !== null && licence.today < enforceFrom) return;
  const [project] = await tx.select().from(projects).where(eq(projects.id, id)).limit(1);
  const blocker = project ? publishBlocker(project, licence.today) : null;
  if (blocker) throw conflict(blocker.message, { [blocker.field]: blocker.message });
}

/** The public path that shows a record: /project/{id}, /update/{id}, or the landing page's first campaign. */
async function publicPathOf(db: Db, kind: PublishableKind, id: number): Promise<string> {
  if (kind === "project") return `/project/${id}`;
  if (kind === "update") return `/update/${id}`;
  const [campaign] = await db
    .select({ urlSlug: landingCampaigns.urlSlug })
    .from(landingCampaigns)
    .where(eq(landingCampaigns.landingPageId, id))
    .orderBy(landingCampaigns.id)
    .limit(1);
  if (!campaign) throw notFound(NOT_FOUND.landing_page);
  return `/campaign/${campaign.urlSlug}`;
}

/**
 * POST /api/previews: a link that shows one draft (or published record) for PREVIEW_TTL_MS while the caller's session
 * lives. Errors: 403 without the kind's view permission; 404 when the record does not exist.
 */
export async function createPreviewLink(
  db: Db,
  auth: RequestAuth,
  target: { entityType: PublishableKind; entityId: number },
  now = new Date(),
): Promise<PreviewLink> {
  if (!(await auth.can(PUBLISHING_PERMISSIONS[target.entityType].view))) throw forbidden();
  const table = TABLES[target.entityType];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, target.entityId)).limit(1);
  if (!row) throw notFound(NOT_FOUND[target.entityType]);
  const path = await publicPathOf(db, target.entityType, target.entityId);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
  await db
    .delete(previewTokens)
    .where(and(eq(previewTokens.sessionId, auth.sessionId), lt(previewTokens.expiresAt, now)));
  await db.insert(previewTokens).values({
    tokenHash: hashToken(token),
    entityType: target.entityType,
    entityId: target.entityId,
    sessionId: auth.sessionId,
    expiresAt,
  });
  return { path: `${path}?preview=${token}`, expiresAt: expiresAt.toISOString() };
}

/** Whether `token` is a live preview token for exactly this record (its session not revoked nor expired). */
export async function previewTokenValid(
  db: Db,
  token: string,
  kind: PublishableKind,
  id: number,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: previewTokens.tokenHash })
    .from(previewTokens)
    .innerJoin(sessions, eq(sessions.id, previewTokens.sessionId))
    .where(
      and(
        eq(previewTokens.tokenHash, hashToken(token)),
        eq(previewTokens.entityType, kind),
        eq(previewTokens.entityId, id),
        gt(previewTokens.expiresAt, now),
        isNull(sessions.revokedAt),
        gt(sessions.refreshExpiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Whether this read may include drafts of `kind`: the caller holds the kind's view permission, or (with `id`) the
 * request's `?preview=` token is valid for that record. When it may, the answer is marked private and noindex, so no
 * shared cache or search engine keeps a draft.
 */
export async function draftsVisible(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: PublishableKind,
  id?: number,
): Promise<boolean> {
  let visible = Boolean(request.auth && (await request.auth.can(PUBLISHING_PERMISSIONS[kind].view)));
  const token = (request.query as { preview?: unknown } | undefined)?.preview;
  if (!visible && id !== undefined && typeof token === "string" && token) {
    visible = await previewTokenValid(db, token, kind, id);
  }
  if (visible) {
    reply.header("cache-control", "private, no-store");
    reply.header("x-robots-tag", "noindex");
  }
  return visible;
}
