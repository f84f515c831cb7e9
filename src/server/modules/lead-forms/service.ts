/**
 * Lead-form connections and forms (docs/lead-forms.md "Set-up"): the Meta connection (on/off, page id, and the app
 * secret, verify token and page token sealed with SECRETS_KEY, write-only: answers say hasX, the audit row says
 * "changed"/"removed"/"unchanged"), its health line, the forms found on the page with the project and field map kept
 * for each. Every change runs in one transaction with its audit row.
 */
import { and, count, eq, gt } from "drizzle-orm";
import {
  type FormUpdate,
  LEAD_FORM_TEXTS,
  type LeadFormPlatform,
  type LeadFormView,
  type MetaConnectionUpdate,
  type MetaConnectionView,
} from "#domain/lead-forms.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { landingCampaigns, projects } from "#server/db/schema.ts";
import { leadFormConnections, leadFormForms, leadFormLeads } from "#server/db/tables/lead-forms.ts";
import { badRequest, HttpError, notFound } from "#server/lib/http-errors.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { GraphError } from "./meta-graph.ts";

export type ConnectionRow = typeof leadFormConnections.$inferSelect;

/** The path Meta's webhook is pointed at. */
export const META_WEBHOOK_PATH = "/api/lead-forms/meta/webhook";

const META_SECRETS = ["appSecret", "verifyToken", "pageAccessToken"] as const;
type MetaSecret = (typeof META_SECRETS)[number];

/** A connection's row (undefined: never saved). */
export async function connectionRow(db: Db | Tx, platform: LeadFormPlatform): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(leadFormConnections).where(eq(leadFormConnections.platform, platform));
  return row;
}

/** One opened secret of a connection, or null when none is stored. */
export function openSecret(secrets: SecretBox, row: ConnectionRow | undefined, name: string): string | null {
  const sealed = row?.secrets[name];
  return sealed ? secrets.open(sealed) : null;
}

/** The platform's connection row locked FOR UPDATE in `tx` (undefined: never saved). */
export async function lockedConnection(tx: Tx, platform: LeadFormPlatform): Promise<ConnectionRow | undefined> {
  const [row] = await tx
    .select()
    .from(leadFormConnections)
    .where(eq(leadFormConnections.platform, platform))
    .for("update");
  return row;
}

/** Inserts the platform's connection row with `values`, or updates it with them. */
export async function upsertConnection(
  tx: Tx,
  platform: LeadFormPlatform,
  values: Omit<typeof leadFormConnections.$inferInsert, "platform">,
): Promise<void> {
  await tx
    .insert(leadFormConnections)
    .values({ platform, ...values })
    .onConflictDoUpdate({ target: leadFormConnections.platform, set: values });
}

/**
 * The sealed secrets after a save: each input a string seals and replaces, null removes, undefined keeps; `changes`
 * says "changed", "removed" or "unchanged" per input name (for the audit, never the secret itself).
 */
export function sealSecrets(
  box: SecretBox,
  stored: Record<string, string> | undefined,
  inputs: Record<string, string | null | undefined>,
): { sealed: Record<string, string>; changes: Record<string, string> } {
  const sealed: Record<string, string> = { ...(stored ?? {}) };
  const changes: Record<string, string> = {};
  for (const [name, value] of Object.entries(inputs)) {
    changes[name] = value === undefined ? "unchanged" : value === null ? "removed" : "changed";
    if (value === null) delete sealed[name];
    else if (value !== undefined) sealed[name] = box.seal(value);
  }
  return { sealed, changes };
}

/** GET /api/lead-forms/meta: the connection without its secrets, with its health line at `now`. */
export async function metaConnectionView(db: Db | Tx, now: Date): Promise<MetaConnectionView> {
  const row = await connectionRow(db, "meta");
  return {
    platform: "meta",
    enabled: row?.enabled ?? false,
    pageId: row?.ids.pageId ?? "",
    hasAppSecret: Boolean(row?.secrets.appSecret),
    hasVerifyToken: Boolean(row?.secrets.verifyToken),
    hasPageAccessToken: Boolean(row?.secrets.pageAccessToken),
    webhookPath: META_WEBHOOK_PATH,
    health: await connectionHealth(db, "meta", row, now),
  };
}

/**
 * PUT /api/lead-forms/meta. Each secret: a string replaces it, null removes it, absent keeps it. Errors: 400
 * {pageId, appSecret, verifyToken, pageAccessToken} naming what is missing when enabling.
 */
export async function saveMetaConnection(
  db: Db,
  secrets: SecretBox,
  actor: AuditActor,
  input: MetaConnectionUpdate,
  now: Date,
): Promise<MetaConnectionView> {
  await db.transaction(async (tx) => {
    const current = await lockedConnection(tx, "meta");
    const inputs = Object.fromEntries(META_SECRETS.map((name) => [name, input[name]]));
    const { sealed, changes } = sealSecrets(secrets, current?.secrets, inputs);
    const pageId = input.pageId === undefined ? (current?.ids.pageId ?? "") : input.pageId;
    if (input.enabled) {
      const fields: Record<string, string> = {};
      if (!pageId) fields.pageId = LEAD_FORM_TEXTS.pageIdRequired;
      const required: Record<MetaSecret, string> = {
        appSecret: LEAD_FORM_TEXTS.appSecretRequired,
        verifyToken: LEAD_FORM_TEXTS.verifyTokenRequired,
        pageAccessToken: LEAD_FORM_TEXTS.pageTokenRequired,
      };
      for (const name of META_SECRETS) if (!sealed[name]) fields[name] = required[name];
      if (Object.keys(fields).length) throw badRequest(fields);
    }
    const tokenChanged = changes.pageAccessToken === "changed";
    const ids: Record<string, string> = pageId ? { pageId } : {};
    const values = {
      enabled: input.enabled,
      ids,
      secrets: sealed,
      updatedAt: now,
      // A new token answers the refusal: the error clears and a later refusal is told again.
      ...(tokenChanged ? { lastError: null, lastErrorAt: null, tokenRefusedNotifiedAt: null } : {}),
    };
    await upsertConnection(tx, "meta", values);
    await recordAudit(tx, actor, {
      entityType: "lead_form_connection",
      entityId: "meta",
      action: current ? "update" : "create",
      newState: { platform: "meta", enabled: input.enabled, pageId, ...changes },
    });
  });
  return metaConnectionView(db, now);
}

function formView(row: typeof leadFormForms.$inferSelect): LeadFormView {
  return {
    formId: row.formId,
    name: row.name,
    status: row.status,
    questions: row.questions,
    projectId: row.projectId,
    fieldMap: row.fieldMap,
    testMode: row.testMode,
  };
}

/** A form as a platform lists it; `consentText` (when the platform gives it) is kept for the form's leads. */
export interface FoundForm {
  formId: string;
  name: string;
  status: string;
  questions: { key: string; label: string }[];
  consentText?: string | null;
}

/**
 * GET /api/lead-forms/{meta|snapchat}/forms: the forms found on the page or ad account now (kept, with their names,
 * questions and consent text refreshed), beside the project and field map stored for each. Errors: 409 not
 * connected; 502 with the Arabic reason when the platform refuses or cannot be reached (the reason also lands on the
 * health line).
 */
export async function listMetaForms(
  db: Db,
  graph: { forms(): Promise<FoundForm[]> } | null,
  now: Date,
  platform: "meta" | "snapchat" = "meta",
): Promise<LeadFormView[]> {
  if (!graph) throw new HttpError(409, LEAD_FORM_TEXTS.notConnected);
  let found: FoundForm[];
  try {
    found = await graph.forms();
  } catch (error) {
    if (error instanceof GraphError) {
      await recordConnectionError(db, platform, error.message, now);
      throw new HttpError(502, error.message);
    }
    throw error;
  }
  for (const form of found) {
    const values = {
      name: form.name,
      status: form.status,
      questions: form.questions,
      updatedAt: now,
      ...(form.consentText !== undefined ? { consentText: form.consentText } : {}),
    };
    await db
      .insert(leadFormForms)
      .values({ platform, formId: form.formId, ...values })
      .onConflictDoUpdate({ target: [leadFormForms.platform, leadFormForms.formId], set: values });
  }
  const rows = await db.select().from(leadFormForms).where(eq(leadFormForms.platform, platform));
  return rows.map(formView).sort((a, b) => a.name.localeCompare(b.name, "ar"));
}

/**
 * PUT /api/lead-forms/{platform}/forms/{formId}: the project the form feeds and its field map. A form not yet listed
 * is kept by its id (its name arrives with the next listing). Errors: 400 {projectId} unknown project.
 */
export async function saveForm(
  db: Db,
  actor: AuditActor,
  platform: LeadFormPlatform,
  formId: string,
  input: FormUpdate,
  now: Date,
): Promise<LeadFormView> {
  return db.transaction(async (tx) => {
    if (input.projectId !== null) {
      const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId));
      if (!project) throw badRequest({ projectId: LEAD_FORM_TEXTS.projectUnknown });
    }
    const values = { projectId: input.projectId, fieldMap: input.fieldMap, updatedAt: now };
    const [row] = await tx
      .insert(leadFormForms)
      .values({ platform, formId, ...values })
      .onConflictDoUpdate({ target: [leadFormForms.platform, leadFormForms.formId], set: values })
      .returning();
    await recordAudit(tx, actor, {
      entityType: "lead_form",
      entityId: `${platform}:${formId}`,
      action: "update",
      newState: { platform, formId, ...values, updatedAt: undefined },
    });
    return formView(row);
  });
}

/** Puts an Arabic error on the connection's health line (cleared by the next success: `recordConnectionOk`). */
export async function recordConnectionError(db: Db | Tx, platform: LeadFormPlatform, message: string, now: Date) {
  await db
    .update(leadFormConnections)
    .set({ lastError: message, lastErrorAt: now })
    .where(eq(leadFormConnections.platform, platform));
}

/**
 * PUT /api/landing-campaigns/{id}/platform-campaign: the ad platform's campaign id stored on a campaign card, so the
 * platform's lead-form leads of that campaign count under it (docs/lead-forms.md "Set-up", step 7). Audited.
 * Errors: 404 unknown campaign. Output: the id stored (null: cleared).
 */
export async function savePlatformCampaignId(
  db: Db,
  actor: AuditActor,
  campaignId: number,
  platformCampaignId: string | null,
  now: Date,
): Promise<{ id: number; platformCampaignId: string | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(landingCampaigns)
      .set({ platformCampaignId, updatedAt: now })
      .where(eq(landingCampaigns.id, campaignId))
      .returning({ id: landingCampaigns.id, platformCampaignId: landingCampaigns.platformCampaignId });
    if (!row) throw notFound();
    await recordAudit(tx, actor, {
      entityType: "landing_campaign",
      entityId: campaignId,
      action: "update",
      newState: { platformCampaignId },
    });
    return row;
  });
}

/**
 * Saves a connection of `platform` in one transaction with its audit row (docs/lead-forms.md "Set-up"): `ids` replace
 * the stored ids (absent: kept); each of `secretInputs` — a string replaces (sealed with SECRETS_KEY), null removes,
 * undefined keeps; when `enabled`, every name of `required` (an id or a secret) must be stored, else 400 `fields`
 * naming each with its Arabic message. The audit row holds the ids and "changed"/"removed"/"unchanged" per secret,
 * never a secret. A changed `tokenName` clears the health line's error and the refusal notice. Each of `generated`
 * (a secret the server makes, e.g. Snapchat's webhook path key) is made and sealed when none is stored yet.
 */
export async function saveSealedConnection(
  db: Db,
  secrets: SecretBox,
  actor: AuditActor,
  platform: LeadFormPlatform,
  input: {
    enabled: boolean;
    ids: Record<string, string | undefined>;
    secretInputs: Record<string, string | null | undefined>;
    required: Record<string, string>;
    tokenName: string;
    generated?: Record<string, () => string>;
  },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockedConnection(tx, platform);
    const { sealed, changes } = sealSecrets(secrets, current?.secrets, input.secretInputs);
    for (const [name, make] of Object.entries(input.generated ?? {})) {
      changes[name] = sealed[name] ? "unchanged" : "created";
      if (!sealed[name]) sealed[name] = secrets.seal(make());
    }
    const ids: Record<string, string> = {};
    for (const [name, value] of Object.entries(input.ids)) {
      const kept = value === undefined ? (current?.ids[name] ?? "") : value;
      if (kept) ids[name] = kept;
    }
    if (input.enabled) {
      const fields: Record<string, string> = {};
      for (const [name, message] of Object.entries(input.required))
        if (!sealed[name] && !ids[name]) fields[name] = message;
      if (Object.keys(fields).length) throw badRequest(fields);
    }
    const values = {
      enabled: input.enabled,
      ids,
      secrets: sealed,
      updatedAt: now,
      ...(changes[input.tokenName] === "changed"
        ? { lastError: null, lastErrorAt: null, tokenRefusedNotifiedAt: null }
        : {}),
    };
    await upsertConnection(tx, platform, values);
    await recordAudit(tx, actor, {
      entityType: "lead_form_connection",
      entityId: platform,
      action: current ? "update" : "create",
      newState: { platform, enabled: input.enabled, ...ids, ...changes },
    });
  });
}

/** The health line of `platform`'s connection at `now` (docs/lead-forms.md "The health line"). */
export async function connectionHealth(
  db: Db | Tx,
  platform: LeadFormPlatform,
  row: ConnectionRow | undefined,
  now: Date,
) {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [tally] = await db
    .select({ n: count() })
    .from(leadFormLeads)
    .where(and(eq(leadFormLeads.platform, platform), gt(leadFormLeads.receivedAt, since)));
  return {
    lastWebhookAt: row?.lastWebhookAt?.toISOString() ?? null,
    lastBackfillAt: row?.lastBackfillAt?.toISOString() ?? null,
    leads24h: Number(tally?.n ?? 0),
    error: row?.lastError ?? null,
  };
}
