/**
 * The TikTok Instant Form connection (docs/lead-forms.md "Set-up: TikTok"): on/off, the advertiser id, the app secret
 * that signs TikTok's webhooks and the Business API access token that reads the leads (both sealed with SECRETS_KEY,
 * write-only: answers say hasAppSecret / hasAccessToken), its health line, and the Lead API client of a connection
 * that is on (tiktok-api.ts).
 */
import { LEAD_FORM_TEXTS, type TiktokConnectionUpdate, type TiktokConnectionView } from "#domain/lead-forms.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import type { AuditActor } from "../audit/service.ts";
import { type ConnectionRow, connectionHealth, connectionRow, openSecret, saveSealedConnection } from "./service.ts";
import { type TikTokApi, tiktokApi } from "./tiktok-api.ts";

/** The path TikTok's lead webhook is pointed at. */
export const TIKTOK_WEBHOOK_PATH = "/api/lead-forms/tiktok/webhook";

/** GET /api/lead-forms/tiktok: the connection without its secrets, with its health line at `now`. */
export async function tiktokConnectionView(db: Db | Tx, now: Date): Promise<TiktokConnectionView> {
  const row = await connectionRow(db, "tiktok");
  return {
    platform: "tiktok",
    enabled: row?.enabled ?? false,
    advertiserId: row?.ids.advertiserId ?? "",
    hasAppSecret: Boolean(row?.secrets.appSecret),
    hasAccessToken: Boolean(row?.secrets.accessToken),
    webhookPath: TIKTOK_WEBHOOK_PATH,
    health: await connectionHealth(db, "tiktok", row, now),
  };
}

/**
 * PUT /api/lead-forms/tiktok. Errors: 400 {advertiserId, appSecret, accessToken} naming what is missing when
 * enabling. Audited without a secret.
 */
export async function saveTiktokConnection(
  db: Db,
  secrets: SecretBox,
  actor: AuditActor,
  input: TiktokConnectionUpdate,
  now: Date,
): Promise<TiktokConnectionView> {
  await saveSealedConnection(
    db,
    secrets,
    actor,
    "tiktok",
    {
      enabled: input.enabled,
      ids: { advertiserId: input.advertiserId },
      secretInputs: { appSecret: input.appSecret, accessToken: input.accessToken },
      required: {
        advertiserId: LEAD_FORM_TEXTS.advertiserIdRequired,
        appSecret: LEAD_FORM_TEXTS.appSecretRequired,
        accessToken: LEAD_FORM_TEXTS.accessTokenRequired,
      },
      tokenName: "accessToken",
    },
    now,
  );
  return tiktokConnectionView(db, now);
}

/** The Lead API client of the TikTok connection, or null when it is off or lacks its token or advertiser id. */
export function tiktokApiOf(
  context: { tiktokUrl: string; secrets: SecretBox; timeoutMs: number },
  row: ConnectionRow | undefined,
): TikTokApi | null {
  const token = openSecret(context.secrets, row, "accessToken");
  const advertiserId = row?.ids.advertiserId;
  if (!row?.enabled || !token || !advertiserId) return null;
  return tiktokApi({ base: context.tiktokUrl, advertiserId, token, timeoutMs: context.timeoutMs });
}
