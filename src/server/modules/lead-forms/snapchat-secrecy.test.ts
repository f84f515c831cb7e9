/**
 * Secrecy of the Snapchat connection (docs/lead-forms.md "Set-up: Snapchat"; ARCHITECTURE resolution 19): through a
 * whole life — saving the secrets, the forms read with an access token, a signed delivery at the secret webhook path,
 * a delivery at a wrong path, one with a wrong signature, the platform refusing the refresh token — no log line at the
 * most detailed level and no audit row holds the client secret, the refresh token, the HMAC secret, an access token
 * or the webhook's path key, and no API answer holds the client secret, the refresh token, the HMAC secret or an
 * access token (the path key is shown to the manager only, inside `webhookPath`, to be pasted into Snapchat).
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLogs } from "../../db/tables/access.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";
import { appWithLog, putConnection } from "../../test-utils/lead-forms.ts";
import { startSnapchatLeadStandIn } from "../../test-utils/snapchat-lead-stand-in.ts";

const AD_ACCOUNT_ID = "0f6d1c9e-3b0a-4d7e-9b55-6c1f0e2d3a4b";
const CLIENT_ID = "snap-client-never-secret";
const CLIENT_SECRET = "snap-client-secret-never-logged-1";
const REFRESH_TOKEN = "snap-refresh-token-never-logged-2";
const HMAC_SECRET = "snap-hmac-secret-never-logged-3";
const FORM_ID = "3e0f7a51-8c2d-4b6e-a1f9-7d5c4b3a2e10";

let t: TestApp;
let app: FastifyInstance;
let api: Awaited<ReturnType<typeof startSnapchatLeadStandIn>>;
let lines: string[] = [];
let now = new Date("2026-11-27T09:00:00Z");

beforeAll(async () => {
  api = await startSnapchatLeadStandIn({
    adAccountId: AD_ACCOUNT_ID,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    refreshToken: REFRESH_TOKEN,
    hmacSecret: HMAC_SECRET,
  });
  t = await createTestApp({
    env: { JOBS_INTERVAL_MS: "0", LEAD_FORMS_SNAPCHAT_URL: api.url, LEAD_FORMS_SNAPCHAT_AUTH_URL: api.url },
  });
  // The same database and configuration, with a log written where the test reads it.
  ({ app, lines } = await appWithLog(t, () => now));
});

afterAll(async () => {
  await app.close();
  await t.close();
  await api.close();
});

it("never writes a Snapchat secret into a log line or an audit row, nor a token into an answer", async () => {
  const manager = await t.signIn("manager");
  const answers: string[] = [];
  const put = await putConnection(
    t,
    manager,
    "snapchat",
    {
      enabled: true,
      adAccountId: AD_ACCOUNT_ID,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      refreshToken: REFRESH_TOKEN,
      hmacSecret: HMAC_SECRET,
    },
    app,
  );
  expect(put.statusCode, put.body).toBe(200);
  answers.push(put.body);
  const path: string = put.json().webhookPath;
  const key = path.split("/").at(-1) ?? "";
  expect(key).toHaveLength(32);
  answers.push((await app.inject({ url: "/api/lead-forms/snapchat/forms", headers: t.bearer(manager.token) })).body);

  const lead = api.addLead(new Date("2026-11-27T08:59:00Z"), { form_id: FORM_ID, phone_number: "+966551234567" });
  const { body, headers } = api.delivery(lead, now);
  const post = (url: string, signature = headers.signature) =>
    app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", t: headers.t, signature },
      payload: body,
    });
  expect((await post(path)).statusCode).toBe(200);
  expect((await post(`/api/lead-forms/snapchat/webhook/${key.slice(1)}`)).statusCode).toBe(404);
  expect((await post(path, "0".repeat(64))).statusCode).toBe(401);
  await app.jobs.runDue();
  // The platform refuses the refresh token: the error path logs too.
  api.setRefreshToken("rotated");
  api.revokeAccessTokens();
  now = new Date("2026-11-27T09:30:00Z");
  answers.push((await app.inject({ url: "/api/lead-forms/snapchat/forms", headers: t.bearer(manager.token) })).body);
  answers.push((await app.inject({ url: "/api/lead-forms/snapchat", headers: t.bearer(manager.token) })).body);
  const audits = JSON.stringify(await t.db.select().from(auditLogs));

  const accessTokens = api.requests.flatMap((r) => (r.authorization ? [r.authorization.slice(7)] : []));
  expect(accessTokens.length).toBeGreaterThan(0);
  expect(lines.length).toBeGreaterThan(5);
  expect(lines.join("\n")).toContain("/api/lead-forms/snapchat/webhook/:webhookKey");
  for (const text of [lines.join("\n"), audits]) {
    for (const secret of [CLIENT_SECRET, REFRESH_TOKEN, HMAC_SECRET, key, ...accessTokens]) {
      expect(text).not.toContain(secret);
    }
  }
  for (const secret of [CLIENT_SECRET, REFRESH_TOKEN, HMAC_SECRET, ...accessTokens]) {
    expect(answers.join("\n")).not.toContain(secret);
  }
});
