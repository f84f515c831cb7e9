/**
 * The WhatsApp connection (PUT/GET /api/whatsapp; docs/whatsapp.md): Meta's ids, the app secret and access token
 * sealed with SECRETS_KEY (lib/secrets.ts) and never answered (`hasAppSecret` / `hasAccessToken`; the audit row says
 * "changed" / "removed" / "unchanged", never the value), the verify token, the approved templates fetched from the
 * account after each save, and the health line (last webhook, last error in Arabic).
 */
import { eq } from "drizzle-orm";
import {
  WHATSAPP_TEXTS,
  type WhatsappConnectionUpdate,
  type WhatsappConnectionView,
  whatsappErrorText,
} from "#domain/whatsapp.ts";
import type { Db } from "#server/db/connection.ts";
import { whatsappConnection } from "#server/db/tables/whatsapp.ts";
import { badRequest } from "#server/lib/http-errors.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { fetchTemplates, type GraphAccess, GraphError } from "./graph.ts";

export type ConnectionRow = typeof whatsappConnection.$inferSelect;

/** What a module call needs of the app (config and secrets), passed by the routes and the queues. */
export interface WhatsappContext {
  db: Db;
  secrets: SecretBox;
  graphUrl: string;
  /** Per-call timeout, ms. */
  timeoutMs: number;
  publicUrl: string;
  now: () => Date;
}

/** The one connection row, or undefined before the first save. */
export async function readConnection(db: Db): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(whatsappConnection).where(eq(whatsappConnection.id, 1)).limit(1);
  return row;
}

/** The Graph API access of a connection (null without a token). */
export function accessOf(ctx: WhatsappContext, row: ConnectionRow | undefined): GraphAccess | null {
  if (!row?.accessToken) return null;
  return { graphUrl: ctx.graphUrl, accessToken: ctx.secrets.open(row.accessToken), timeoutMs: ctx.timeoutMs };
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** The answer of GET/PUT /api/whatsapp: never a secret. */
export function connectionView(row: ConnectionRow | undefined, publicUrl: string): WhatsappConnectionView {
  return {
    enabled: row?.enabled ?? false,
    phoneNumberId: row?.phoneNumberId ?? "",
    businessAccountId: row?.businessAccountId ?? "",
    verifyToken: row?.verifyToken ?? "",
    hasAppSecret: Boolean(row?.appSecret),
    hasAccessToken: Boolean(row?.accessToken),
    webhookUrl: `${publicUrl.replace(/\/+$/, "")}/api/whatsapp/webhook`,
    templates: row?.templates ?? [],
    templatesFetchedAt: iso(row?.templatesFetchedAt),
    health: {
      lastWebhookAt: iso(row?.lastWebhookAt),
      lastError: row?.lastError ?? null,
      lastErrorAt: iso(row?.lastErrorAt),
    },
  };
}

const secretChange = (value: string | null | undefined) =>
  value === undefined ? "unchanged" : value === null ? "removed" : "changed";

/**
 * PUT /api/whatsapp: saves the connection in one transaction with its audit row, then fetches the approved templates
 * when a token is stored (a failure is kept on the health line, the save stands). Errors: 400 {appSecret} /
 * {accessToken} when enabling without one stored.
 */
export async function saveConnection(
  ctx: WhatsappContext,
  actor: AuditActor,
  input: WhatsappConnectionUpdate,
): Promise<WhatsappConnectionView> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(whatsappConnection).where(eq(whatsappConnection.id, 1)).for("update");
    const seal = (value: string | null | undefined, stored: string | null | undefined) =>
      value === undefined ? (stored ?? null) : value === null ? null : ctx.secrets.seal(value);
    const appSecret = seal(input.appSecret, current?.appSecret);
    const accessToken = seal(input.accessToken, current?.accessToken);
    if (input.enabled) {
      const fields: Record<string, string> = {};
      if (!appSecret) fields.appSecret = WHATSAPP_TEXTS.appSecretRequired;
      if (!accessToken) fields.accessToken = WHATSAPP_TEXTS.accessTokenRequired;
      if (Object.keys(fields).length) throw badRequest(fields);
    }
    const values = {
      enabled: input.enabled,
      phoneNumberId: input.phoneNumberId,
      businessAccountId: input.businessAccountId,
      verifyToken: input.verifyToken,
      appSecret,
      accessToken,
      updatedAt: now,
    };
    await tx
      .insert(whatsappConnection)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: whatsappConnection.id, set: values });
    await recordAudit(tx, actor, {
      entityType: "whatsapp_connection",
      entityId: "1",
      action: current ? "update" : "create",
      previousState: current
        ? {
            enabled: current.enabled,
            phoneNumberId: current.phoneNumberId,
            businessAccountId: current.businessAccountId,
          }
        : null,
      newState: {
        enabled: input.enabled,
        phoneNumberId: input.phoneNumberId,
        businessAccountId: input.businessAccountId,
        appSecret: secretChange(input.appSecret),
        accessToken: secretChange(input.accessToken),
      },
    });
  });
  await refreshTemplates(ctx);
  return connectionView(await readConnection(ctx.db), ctx.publicUrl);
}

/** Fetches the approved templates into the connection (a failure goes to the health line). Returns the row. */
export async function refreshTemplates(ctx: WhatsappContext): Promise<ConnectionRow | undefined> {
  const row = await readConnection(ctx.db);
  const access = accessOf(ctx, row);
  if (!row || !access) return row;
  try {
    const templates = await fetchTemplates(access, row.businessAccountId);
    await ctx.db
      .update(whatsappConnection)
      .set({ templates, templatesFetchedAt: ctx.now() })
      .where(eq(whatsappConnection.id, 1));
  } catch (error) {
    const code = error instanceof GraphError ? error.code : null;
    await recordHealthError(ctx.db, `${WHATSAPP_TEXTS.templatesFailed}: ${whatsappErrorText(code)}`, ctx.now());
  }
  return readConnection(ctx.db);
}

/** Keeps `text` (Arabic) as the connection's last error. */
export async function recordHealthError(db: Db, text: string, at: Date): Promise<void> {
  await db.update(whatsappConnection).set({ lastError: text, lastErrorAt: at }).where(eq(whatsappConnection.id, 1));
}
