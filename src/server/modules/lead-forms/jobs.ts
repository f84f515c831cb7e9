/**
 * The two jobs of lead forms in the job engine (docs/decisions/084-lead-forms-inbox-and-backfill.md;
 * docs/decisions/057-one-job-engine-and-one-clock.md):
 * - the "lead-forms" outbox: each webhook arrival (lead_form_arrivals) is claimed with a lease, its lead read from
 *   the platform and stored once (store.ts); failures retry on ARRIVAL_RETRY_MS, a refused token or missing
 *   permission goes on the connection's health line, and a refused token tells the managers once;
 * - the "lead-forms.backfill" timed job: every LEAD_FORMS_BACKFILL_MINUTES less a headroom (backfillPassPeriod) it
 *   marks each known form due; the "lead-forms.backfill-forms" queue then reads each due form's leads created since
 *   its cursor (less BACKFILL_OVERLAP_MS, harmless since storing is idempotent) outside any transaction and stores
 *   them, so a lost webhook still yields its lead within one interval (Meta here; TikTok through its download task,
 *   whose steps are passes of the same queue: tiktok-backfill.ts).
 */
import { and, eq, getTableColumns, inArray, isNotNull, isNull, lte, notInArray } from "drizzle-orm";
import { LEAD_FORM_TEXTS, type LeadFormPlatform } from "#domain/lead-forms.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { users } from "#server/db/schema.ts";
import { leadFormArrivals, leadFormConnections, leadFormForms } from "#server/db/tables/lead-forms.ts";
import type { Clock } from "#server/jobs/clock.ts";
import type { AttemptOutcome, OutboxQueue } from "#server/jobs/outbox.ts";
import { claimable, dueFirst } from "#server/jobs/outbox-rows.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import { notify } from "../leads/desk/service.ts";
import type { ArrivalWrites } from "./arrival-writes.ts";
import { leadOfPayload } from "./google.ts";
import { GraphError, type MetaGraph, metaGraph } from "./meta-graph.ts";
import { type ConnectionRow, connectionRow, openSecret, recordConnectionError } from "./service.ts";
import type { SnapchatTokenCache } from "./snapchat-api.ts";
import { type PlatformLead, storePlatformLead } from "./store.ts";
import { tiktokApiOf } from "./tiktok.ts";

/** The columns the outbox claims an arrival by. */
const CLAIM_COLUMNS = {
  id: leadFormArrivals.id,
  status: leadFormArrivals.status,
  nextAt: leadFormArrivals.nextAttemptAt,
  lockedUntil: leadFormArrivals.lockedUntil,
};

/** Waits before the 2nd, 3rd… attempt of an arrival, ms; then it fails (the backfill still finds the lead). */
export const ARRIVAL_RETRY_MS = [30_000, 120_000, 600_000, 3_600_000] as const;
/** How far before a form's cursor the backfill reads again, ms. */
export const BACKFILL_OVERLAP_MS = 5 * 60_000;
/** Where a form's first backfill starts, ms before now. */
export const FIRST_BACKFILL_MS = 24 * 60 * 60_000;
/**
 * How much sooner than LEAD_FORMS_BACKFILL_MINUTES each backfill pass starts after the one before, ms: the engine's
 * tick reaches a due pass up to one JOBS_INTERVAL_MS late, the queue that reads the forms sees them due on the next
 * tick, and the pass takes its own time to read and store (300 leads: 2–3 s on PostgreSQL, 20–40 s on the embedded
 * database at a load of 5–8, docs/performance/lead-forms.md). So a lead created just after one pass read its form is
 * stored within one interval of its created_time (docs/decisions/161-backfill-passes-within-one-interval.md).
 */
export const BACKFILL_HEADROOM_MS = 60_000;

/**
 * The period of the backfill's timed job for an interval of `intervalMs` (LEAD_FORMS_BACKFILL_MINUTES in ms; ≤ 0:
 * never, returned as is): the interval less BACKFILL_HEADROOM_MS, and never less than half the interval.
 */
export function backfillPassPeriod(intervalMs: number): number {
  if (intervalMs <= 0) return intervalMs;
  return Math.max(intervalMs - BACKFILL_HEADROOM_MS, Math.ceil(intervalMs / 2));
}

/** What the jobs need: the platforms' base URLs, the secrets key, the per-call timeout. */
export interface LeadFormsContext {
  /** The app's clock: the time a lead is stored (stored_at) is read from it when its transaction starts. */
  clock: Clock;
  metaUrl: string;
  /** LEAD_FORMS_TIKTOK_URL without a trailing slash. */
  tiktokUrl: string;
  /** LEAD_FORMS_SNAPCHAT_URL and LEAD_FORMS_SNAPCHAT_AUTH_URL without a trailing slash. */
  snapchatUrl: string;
  snapchatAuthUrl: string;
  /** Snapchat's current access token on this instance (renewed from the refresh token; emptied by a save). */
  snapchatToken: { current: SnapchatTokenCache | null };
  secrets: SecretBox;
  timeoutMs: number;
  /**
   * The webhook's copy of the Meta connection, read at most every WEBHOOK_CACHE_MS per instance (a burst of webhooks
   * costs one insert each); emptied by a save on this instance. `lastWebhookWrite`: when this instance last wrote
   * the health line's last webhook (written at most every WEBHOOK_CACHE_MS). Times from performance.now(), ms.
   */
  webhookCache: { row: ConnectionRow | undefined; readAt: number; lastWebhookWrite: number } | null;
  /** The same for the Google connection. */
  googleCache: { row: ConnectionRow | undefined; readAt: number; lastWebhookWrite: number } | null;
  /** The same for the TikTok connection. */
  tiktokCache: { row: ConnectionRow | undefined; readAt: number; lastWebhookWrite: number } | null;
  /**
   * The webhooks' group-committed arrival writes, and the one-at-a-time storing transactions that give way to them
   * (arrival-writes.ts).
   */
  arrivals: ArrivalWrites<typeof leadFormArrivals.$inferInsert>;
  /** The same for the Snapchat connection. */
  snapchatCache: { row: ConnectionRow | undefined; readAt: number; lastWebhookWrite: number } | null;
}

/**
 * The platforms whose leads are read back from the platform (webhook fetch and backfill). Google and Snapchat deliver
 * each lead whole to the webhook and document no way to read one back (docs/lead-forms.md), so they have no backfill.
 */
export const READ_BACK_PLATFORMS = ["meta", "tiktok"] as const;

/** What the arrivals read from a platform: one lead. */
export type LeadReader = Pick<MetaGraph, "lead">;

/** The reader of `platform`'s connection, or null when it is off, lacks a token, or is not read back (Google, Snapchat). */
export function readerOf(
  context: LeadFormsContext,
  platform: LeadFormPlatform,
  row: ConnectionRow | undefined,
): LeadReader | null {
  if (platform === "meta") return metaGraphOf(context, row);
  if (platform === "tiktok") return tiktokApiOf(context, row);
  return null;
}

/** How long the webhook trusts its copy of a connection, and how often it writes the last webhook's time, ms. */
export const WEBHOOK_CACHE_MS = 5_000;

/** The Graph client of the Meta connection, or null when it is off or has no page token / page id. */
export function metaGraphOf(context: LeadFormsContext, row: ConnectionRow | undefined): MetaGraph | null {
  const token = openSecret(context.secrets, row, "pageAccessToken");
  const pageId = row?.ids.pageId;
  if (!row?.enabled || !token || !pageId) return null;
  return metaGraph({ base: context.metaUrl, pageId, token, timeoutMs: context.timeoutMs });
}

/**
 * Puts a platform's refusal on the health line; a refused token tells every active manager and general manager
 * once (until a new token is saved).
 */
export async function recordRefusal(
  db: Db | Tx,
  error: GraphError,
  now: Date,
  platform: LeadFormPlatform = "meta",
): Promise<void> {
  await recordConnectionError(db, platform, error.message, now);
  if (error.kind !== "token") return;
  const claimed = await db
    .update(leadFormConnections)
    .set({ tokenRefusedNotifiedAt: now })
    .where(and(eq(leadFormConnections.platform, platform), isNull(leadFormConnections.tokenRefusedNotifiedAt)))
    .returning({ platform: leadFormConnections.platform });
  if (!claimed.length) return;
  const managers = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ["super_admin", "manager"]));
  await notify(
    db,
    managers.map((m) => m.id),
    null,
    "lead_forms_token",
    `${LEAD_FORM_TEXTS.title}: ${LEAD_FORM_TEXTS.tokenRefused}`,
    now,
  );
}

/** A success clears the health line's error. */
export async function clearConnectionError(db: Db | Tx, platform: LeadFormPlatform): Promise<void> {
  await db
    .update(leadFormConnections)
    .set({ lastError: null, lastErrorAt: null })
    .where(and(eq(leadFormConnections.platform, platform), isNotNull(leadFormConnections.lastError)));
}

/**
 * Stores `lead` once (store.ts) in its own transaction, after the storing before it and once the webhooks' writes
 * are done (arrival-writes.ts); its stored_at is the clock's time when that transaction starts. `receivedAt`: when
 * it reached us (default `now`, the pass's time). Output as storePlatformLead's.
 */
export function storeLead(
  db: Db,
  context: LeadFormsContext,
  lead: PlatformLead,
  via: "webhook" | "backfill",
  now: Date,
  receivedAt: Date = now,
) {
  return context.arrivals.storing(() =>
    db.transaction((tx) => storePlatformLead(tx, lead, via, receivedAt, context.clock())),
  );
}

/** A claimed arrival. */
export type Arrival = typeof leadFormArrivals.$inferSelect & { destination: string; lockedUntil: Date };

/** The outbox steps of webhook arrivals (jobs/outbox.ts). */
export function arrivalQueue(context: LeadFormsContext): OutboxQueue<Arrival> {
  return {
    async claim(db, now, leaseMs, busy) {
      // No new Graph read and storing while webhooks are being answered (at most YIELD_MAX_MS; arrival-writes.ts).
      await context.arrivals.calm();
      const next = db
        .select({ id: leadFormArrivals.id })
        .from(leadFormArrivals)
        .where(
          claimable(CLAIM_COLUMNS, now, busy.length ? notInArray(leadFormArrivals.platform, [...busy]) : undefined),
        )
        .orderBy(...dueFirst(CLAIM_COLUMNS))
        .limit(1)
        .for("update", { skipLocked: true });
      const lease = new Date(now.getTime() + leaseMs);
      const [row] = await db
        .update(leadFormArrivals)
        .set({ lockedUntil: lease })
        .where(inArray(leadFormArrivals.id, next))
        .returning(getTableColumns(leadFormArrivals));
      return row ? { ...row, destination: row.platform, lockedUntil: lease } : null;
    },

    async attempt(db, claim, now) {
      if (claim.payload) {
        // The webhook carried the lead (Google, Snapchat): store it, nothing to fetch.
        const lead = leadOfPayload(claim.payload);
        await storeLead(db, context, lead, "webhook", now, claim.receivedAt);
        return { ok: true, statusCode: 200, error: null };
      }
      const platform = claim.platform as LeadFormPlatform;
      const reader = readerOf(context, platform, await connectionRow(db, platform));
      if (!reader) return { ok: false, statusCode: null, error: "not connected", permanent: true };
      try {
        const lead = await reader.lead(claim.platformLeadId);
        await storeLead(db, context, lead, "webhook", now, claim.receivedAt);
        await clearConnectionError(db, platform);
        return { ok: true, statusCode: 200, error: null };
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        if (error.kind === "token" || error.kind === "permission") await recordRefusal(db, error, now, platform);
        return { ok: false, statusCode: error.statusCode, error: error.kind, permanent: error.kind === "not_found" };
      }
    },

    async record(db, claim, result, now) {
      const ours = and(eq(leadFormArrivals.id, claim.id), eq(leadFormArrivals.lockedUntil, claim.lockedUntil));
      const attempts = claim.attempts + 1;
      const finished = !result.ok && (attempts > ARRIVAL_RETRY_MS.length || result.permanent === true);
      const outcome: AttemptOutcome = result.aborted
        ? "released"
        : result.ok
          ? "delivered"
          : finished
            ? "failed"
            : "retrying";
      const values = result.aborted
        ? { lockedUntil: null }
        : {
            status: result.ok ? ("done" as const) : finished ? ("failed" as const) : ("pending" as const),
            attempts,
            lockedUntil: null,
            lastError: result.error,
            nextAttemptAt:
              result.ok || finished ? claim.nextAttemptAt : new Date(now.getTime() + ARRIVAL_RETRY_MS[attempts - 1]),
          };
      const written = await db.update(leadFormArrivals).set(values).where(ours).returning({ id: leadFormArrivals.id });
      return written.length ? outcome : "lost";
    },
  };
}

/**
 * The timed backfill job (every backfillPassPeriod, in its own short transaction): marks every form of each
 * enabled read-back connection (Meta, TikTok) due and notes the pass on its health line. The reading happens outside
 * any transaction, in `backfillDueForms`.
 */
export async function markBackfillDue(tx: Tx, now: Date): Promise<void> {
  for (const platform of READ_BACK_PLATFORMS) {
    const row = await connectionRow(tx, platform);
    if (!row?.enabled) continue;
    await tx.update(leadFormForms).set({ backfillDueAt: now }).where(eq(leadFormForms.platform, platform));
    await tx.update(leadFormConnections).set({ lastBackfillAt: now }).where(eq(leadFormConnections.platform, platform));
  }
}

/**
 * The backfill's reading (a "due" queue of the engine) for Meta: each form marked due is claimed (`claimDueForm`), its
 * leads created since its cursor less BACKFILL_OVERLAP_MS are read from the Graph API outside any transaction and
 * stored one by one (store.ts, each in its own transaction), and the cursor moves to the newest created_time stored.
 * A refusal goes on the health line (a refused token tells managers once) and stops the pass; the cursor never passes
 * a lead that was not stored. TikTok's forms are read through its download task (tiktok-backfill.ts). Returns how
 * many leads were new.
 */
export async function backfillDueForms(db: Db, context: LeadFormsContext, now: Date): Promise<number> {
  const graph = metaGraphOf(context, await connectionRow(db, "meta"));
  return graph ? backfillMeta(db, context, graph, now) : 0;
}

/** A due form of `platform` claimed by clearing its mark (one instance gets it), or null when none is due. */
export async function claimDueForm(db: Db, platform: LeadFormPlatform, now: Date) {
  const [form] = await db
    .update(leadFormForms)
    .set({ backfillDueAt: null })
    .where(
      inArray(
        leadFormForms.id,
        db
          .select({ id: leadFormForms.id })
          .from(leadFormForms)
          .where(and(eq(leadFormForms.platform, platform), lte(leadFormForms.backfillDueAt, now)))
          .limit(1)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning();
  return form ?? null;
}

/** Where a form's backfill starts reading: its cursor less BACKFILL_OVERLAP_MS, or FIRST_BACKFILL_MS before now. */
export function backfillSince(cursor: Date | null, now: Date): Date {
  return cursor ? new Date(cursor.getTime() - BACKFILL_OVERLAP_MS) : new Date(now.getTime() - FIRST_BACKFILL_MS);
}

/**
 * What a backfill does with an error of a platform read: a refused token or missing permission goes on the health
 * line (recordRefusal) and ends the pass (true); any other GraphError goes on the health line and the pass goes on
 * (false). Errors: anything but a GraphError is rethrown.
 */
export async function backfillFailed(db: Db, error: unknown, now: Date, platform: LeadFormPlatform): Promise<boolean> {
  if (!(error instanceof GraphError)) throw error;
  if (error.kind === "token" || error.kind === "permission") {
    await recordRefusal(db, error, now, platform);
    return true;
  }
  await recordConnectionError(db, platform, error.message, now);
  return false;
}

/** `backfillDueForms` for Meta's due forms. Returns how many leads were new. */
async function backfillMeta(db: Db, context: LeadFormsContext, graph: MetaGraph, now: Date): Promise<number> {
  let stored = 0;
  for (;;) {
    const form = await claimDueForm(db, "meta", now);
    if (!form) return stored;
    let leads: Awaited<ReturnType<MetaGraph["formLeads"]>>;
    try {
      leads = await graph.formLeads(form.formId, backfillSince(form.backfillCursor, now));
    } catch (error) {
      if (await backfillFailed(db, error, now, "meta")) return stored;
      continue;
    }
    let cursor = form.backfillCursor;
    for (const lead of leads) {
      const found = { ...lead, formId: lead.formId || form.formId };
      if (await storeLead(db, context, found, "backfill", now)) stored++;
      if (!cursor || lead.createdTime > cursor) cursor = lead.createdTime;
    }
    if (cursor !== form.backfillCursor) {
      await db.update(leadFormForms).set({ backfillCursor: cursor }).where(eq(leadFormForms.id, form.id));
    }
  }
}
