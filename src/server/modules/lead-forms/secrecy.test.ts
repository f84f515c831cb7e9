/**
 * Token secrecy of lead forms (docs/lead-forms.md "Set-up", step 5; ARCHITECTURE resolution 19): through a whole
 * life — saving the secrets, Meta's subscription check (the verify token in the query), a signed webhook (the
 * signature header), the lead read with the page token in the URL, and the platform refusing that token — no log line
 * at the most detailed level, no API answer and no audit row holds the app secret, the verify token or the page token.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLogs } from "../../db/tables/access.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";
import { appWithLog, putConnection } from "../../test-utils/lead-forms.ts";
import { sign, startMetaGraphStandIn } from "../../test-utils/meta-graph-stand-in.ts";

const APP_SECRET = "app-secret-never-logged-1";
const VERIFY_TOKEN = "verify-token-never-logged-2";
const PAGE_TOKEN = "page-token-never-logged-3";
const PAGE_ID = "104857600123456789";
const FORM_ID = "555666777888999000";

let t: TestApp;
let app: FastifyInstance;
let graph: Awaited<ReturnType<typeof startMetaGraphStandIn>>;
let lines: string[] = [];
let now = new Date("2026-11-27T09:00:00Z");

beforeAll(async () => {
  graph = await startMetaGraphStandIn({ token: PAGE_TOKEN, pageId: PAGE_ID });
  t = await createTestApp({ env: { JOBS_INTERVAL_MS: "0", LEAD_FORMS_META_GRAPH_URL: graph.url } });
  // The same database and configuration, with a log written where the test reads it.
  ({ app, lines } = await appWithLog(t, () => now));
});

afterAll(async () => {
  await app.close();
  await t.close();
  await graph.close();
});

it("never writes a secret into an answer, a log line or an audit row", async () => {
  const manager = await t.signIn("manager");
  const answers: string[] = [];
  const put = await putConnection(
    t,
    manager,
    "meta",
    {
      enabled: true,
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      pageId: PAGE_ID,
      pageAccessToken: PAGE_TOKEN,
    },
    app,
  );
  expect(put.statusCode, put.body).toBe(200);
  answers.push(put.body);
  const check = await app.inject({
    url: `/api/lead-forms/meta/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=42`,
  });
  expect(check.body).toBe("42");
  const lead = graph.addLead({
    form_id: FORM_ID,
    created: new Date("2026-11-27T08:59:00Z"),
    field_data: [{ name: "phone_number", values: ["+966551234567"] }],
  });
  const body = graph.webhookBody(lead);
  const post = await app.inject({
    method: "POST",
    url: "/api/lead-forms/meta/webhook",
    headers: { "content-type": "application/json", "x-hub-signature-256": sign(body, APP_SECRET) },
    payload: body,
  });
  expect(post.statusCode).toBe(200);
  await app.jobs.runDue();
  // The platform refuses the token: the error path logs too.
  graph.setToken("rotated");
  now = new Date("2026-11-27T09:30:00Z");
  await app.jobs.runDue();
  for (const url of ["/api/lead-forms/meta", "/api/lead-forms/meta/forms"]) {
    answers.push((await app.inject({ url, headers: t.bearer(manager.token) })).body);
  }
  const audits = JSON.stringify(await t.db.select().from(auditLogs));

  expect(lines.length).toBeGreaterThan(5);
  expect(graph.requests.some((u) => u.searchParams.get("access_token") === PAGE_TOKEN)).toBe(true);
  for (const text of [lines.join("\n"), answers.join("\n"), audits]) {
    for (const secret of [APP_SECRET, VERIFY_TOKEN, PAGE_TOKEN, sign(body, APP_SECRET).slice(7)]) {
      expect(text).not.toContain(secret);
    }
  }
});
