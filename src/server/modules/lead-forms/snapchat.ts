/**
 * The Snapchat Lead Generation connection (docs/lead-forms.md "Set-up: Snapchat";
 * docs/decisions/119-snapchat-lead-forms-secret-webhook-path.md, docs/decisions/140-snapchat-leads-from-the-signed-webhook.md):
 * on/off, the ad account id, the OAuth app's client id, its client secret and the refresh token (for the forms
 * listing), the webhook integration's HMAC secret (signs every delivery) — secrets sealed with SECRETS_KEY, write-only:
 * answers say hasClientSecret / hasRefreshToken / hasHmacSecret — the webhook's secret path key (made and sealed when
 * the connection is first saved, shown to the admin only inside `webhookPath`), its health line, and the Marketing API
 * client (forms listing) of a connection that is on.
 */
import { randomBytes } from "node:crypto";
import { LEAD_FORM_TEXTS, type SnapchatConnectionUpdate, type SnapchatConnectionView } from "#domain/lead-forms.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import type { AuditActor } from "../audit/service.ts";
import { type ConnectionRow, connectionHealth, connectionRow, openSecret, saveSealedConnection } from "./service.ts";
import { type SnapchatApi, type SnapchatTokenCache, snapchatApi } from "./snapchat-api.ts";

/** The path below which Snapchat's webhook is pointed: the connection's key follows it as the last segment. */
export const SNAPCHAT_WEBHOOK_BASE = "/api/lead-forms/snapchat/webhook";

/** The name of the sealed secret holding the webhook's path key. */
export const SNAPCHAT_WEBHOOK_KEY = "webhookKey";

/** A new webhook path key: 32 URL-safe characters, 192 random bits. */
export function newWebhookKey(): string {
  return randomBytes(24).toString("base64url");
}

/** GET /api/lead-forms/snapchat: the connection without its secrets, with its webhook path and health line at `now`. */
export async function snapchatConnectionView(
  db: Db | Tx,
  secrets: SecretBox,
  now: Date,
): Promise<SnapchatConnectionView> {
  const row = await connectionRow(db, "snapchat");
  const key = openSecret(secrets, row, SNAPCHAT_WEBHOOK_KEY);
  return {
    platform: "snapchat",
    enabled: row?.enabled ?? false,
    adAccountId: row?.ids.adAccountId ?? "",
    clientId: row?.ids.clientId ?? "",
    hasClientSecret: Boolean(row?.secrets.clientSecret),
    hasRefreshToken: Boolean(row?.secrets.refreshToken),
    hasHmacSecret: Boolean(row?.secrets.hmacSecret),
    webhookPath: key ? `${SNAPCHAT_WEBHOOK_BASE}/${key}` : "",
    // Snapchat offers no way to read leads back: there is no backfill to show.
    health: { ...(await connectionHealth(db, "snapchat", row, now)), lastBackfillAt: null },
  };
}

/**
 * PUT /api/lead-forms/snapchat. The first save makes the webhook's path key. Errors: 400 {adAccountId, clientId,
 * clientSecret, refreshToken, hmacSecret} naming what is missing when enabling. Audited without a secret or the path key.
 */
export async function saveSnapchatConnection(
  db: Db,
  secrets: SecretBox,
  actor: AuditActor,
  input: SnapchatConnectionUpdate,
  now: Date,
): Promise<SnapchatConnectionView> {
  await saveSealedConnection(
    db,
    secrets,
    actor,
    "snapchat",
    {
      enabled: input.enabled,
      ids: { adAccountId: input.adAccountId, clientId: input.clientId },
      secretInputs: {
        clientSecret: input.clientSecret,
        refreshToken: input.refreshToken,
        hmacSecret: input.hmacSecret,
      },
      required: {
        adAccountId: LEAD_FORM_TEXTS.adAccountIdRequired,
        clientId: LEAD_FORM_TEXTS.clientIdRequired,
        clientSecret: LEAD_FORM_TEXTS.clientSecretRequired,
        refreshToken: LEAD_FORM_TEXTS.refreshTokenRequired,
        hmacSecret: LEAD_FORM_TEXTS.hmacSecretRequired,
      },
      tokenName: "refreshToken",
      generated: { [SNAPCHAT_WEBHOOK_KEY]: newWebhookKey },
    },
    now,
  );
  return snapchatConnectionView(db, secrets, now);
}

/** The Marketing API client (forms listing) of the Snapchat connection, or null when it is off or lacks an id or a secret. */
export function snapchatApiOf(
  context: {
    snapchatUrl: string;
    snapchatAuthUrl: string;
    secrets: SecretBox;
    timeoutMs: number;
    snapchatToken: { current: SnapchatTokenCache | null };
  },
  row: ConnectionRow | undefined,
): SnapchatApi | null {
  const clientSecret = openSecret(context.secrets, row, "clientSecret");
  const refreshToken = openSecret(context.secrets, row, "refreshToken");
  const adAccountId = row?.ids.adAccountId;
  const clientId = row?.ids.clientId;
  if (!row?.enabled || !clientSecret || !refreshToken || !adAccountId || !clientId) return null;
  return snapchatApi({
    base: context.snapchatUrl,
    authBase: context.snapchatAuthUrl,
    adAccountId,
    clientId,
    clientSecret,
    refreshToken,
    timeoutMs: context.timeoutMs,
    cache: context.snapchatToken,
  });
}
