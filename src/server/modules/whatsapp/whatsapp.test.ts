/**
 * WhatsApp Cloud API through the API against a local stand-in written from Meta's documentation
 * (test-utils/whatsapp-cloud.ts; WHATSAPP_GRAPH_URL points at it), with the job timer off and a fake clock:
 * the connection and its secrecy, the subscription check, the signature over the raw body, inbound messages stored
 * once (concurrent duplicates), unknown phones opening leads with their ad referral, known phones joining, statuses.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, leads } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { leadJobs } from "../../db/tables/lead-desk.ts";
import { whatsappConnection, whatsappMessages } from "../../db/tables/whatsapp.ts";
import { putAgents } from "../../test-utils/agents.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import {
  notification,
  sign,
  startWhatsappCloud,
  textMessage,
  type WhatsappCloud,
} from "../../test-utils/whatsapp-cloud.ts";

const TOKEN = "EAAG-secret-access-token-123";
const APP_SECRET = "app-secret-abc-456";
const VERIFY = "verify-me-please";

let cloud: WhatsappCloud;
let t: TestApp;
let now = new Date("2026-11-27T09:00:00Z");
let manager: TestUser;
let agent: TestUser;
let counter = 0;

const connection = {
  enabled: true,
  phoneNumberId: "106540352242922",
  businessAccountId: "102290129340398",
  appSecret: APP_SECRET,
  verifyToken: VERIFY,
  accessToken: TOKEN,
};

async function connect(body: Record<string, unknown> = connection) {
  return t.app.inject({ method: "PUT", url: "/api/whatsapp", payload: body, headers: t.bearer(manager.token) });
}

/** Posts a signed notification as Meta does; `secret` signs it (default the app secret). */
async function deliver(body: string, secret: string | null = APP_SECRET) {
  return t.app.inject({
    method: "POST",
    url: "/api/whatsapp/webhook",
    payload: body,
    headers: { "content-type": "application/json", ...(secret ? { "x-hub-signature-256": sign(body, secret) } : {}) },
  });
}

const nextId = () => `wamid.in${++counter}`;

beforeAll(async () => {
  cloud = await startWhatsappCloud({ token: TOKEN });
  t = await createTestApp({ env: { WHATSAPP_GRAPH_URL: cloud.graphUrl, JOBS_INTERVAL_MS: "0" }, clock: () => now });
  manager = await t.signIn("manager");
  agent = await t.signIn("sales_agent");
  await putAgents(t, manager, null, [agent]);
}, 60_000);
afterAll(async () => {
  await t.close();
  await cloud.close();
});
beforeEach(() => {
  now = new Date(now.getTime() + 60 * 60 * 1000);
});

describe("connection", () => {
  it("saves the connection, answers the secrets only as hasAppSecret/hasAccessToken and fetches the approved templates", async () => {
    const res = await connect();
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      enabled: true,
      phoneNumberId: "106540352242922",
      hasAppSecret: true,
      hasAccessToken: true,
      verifyToken: VERIFY,
    });
    expect(view.webhookUrl).toMatch(/\/api\/whatsapp\/webhook$/);
    expect(res.body).not.toContain(TOKEN);
    expect(res.body).not.toContain(APP_SECRET);
    // Only APPROVED templates, with their language, category and number of variables.
    expect(view.templates).toEqual([
      expect.objectContaining({ name: "visit_confirmation", language: "ar", category: "UTILITY", variables: 3 }),
      expect.objectContaining({ name: "new_offer", language: "ar", category: "MARKETING", variables: 1 }),
    ]);
    // Stored sealed, never in clear; the audit row says "changed", never the value.
    const [row] = await t.db.select().from(whatsappConnection);
    expect(row.accessToken).toMatch(/^v1:/);
    expect(row.accessToken).not.toContain(TOKEN);
    expect(row.appSecret).not.toContain(APP_SECRET);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.entityType, "whatsapp_connection"));
    expect(JSON.stringify(audits)).not.toContain(TOKEN);
    expect(JSON.stringify(audits)).not.toContain(APP_SECRET);
    expect(audits.at(-1)?.newState).toMatchObject({ accessToken: "changed", appSecret: "changed" });
    // The Graph API was called with the token as a Bearer header.
    const get = await t.app.inject({ method: "GET", url: "/api/whatsapp", headers: t.bearer(manager.token) });
    expect(get.body).not.toContain(TOKEN);
    expect(get.json().hasAccessToken).toBe(true);
  });

  it("keeps the secrets when they are left out, and refuses enabling without them (400 naming each field)", async () => {
    const { appSecret: _a, accessToken: _b, ...rest } = connection;
    const kept = await connect(rest);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ hasAppSecret: true, hasAccessToken: true });
    const refused = await connect({ ...rest, appSecret: null, accessToken: null });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields).sort()).toEqual(["accessToken", "appSecret"]);
    const bad = await connect({ ...connection, phoneNumberId: "abc", verifyToken: "x" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["phoneNumberId", "verifyToken"]);
    expect(bad.json().fields.phoneNumberId).toMatch(/[\u0600-\u06FF]/);
    const agentTry = await t.app.inject({ method: "GET", url: "/api/whatsapp", headers: t.bearer(agent.token) });
    expect(agentTry.statusCode).toBe(403);
  });
});

describe("webhook", () => {
  it("answers Meta's subscription check with the challenge only for the right verify token", async () => {
    const ok = await t.app.inject({
      method: "GET",
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
    const wrong = await t.app.inject({
      method: "GET",
      url: "/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1",
    });
    expect(wrong.statusCode, wrong.body).toBe(403);
  });

  it("refuses a body whose X-Hub-Signature-256 does not match the raw body (401, nothing stored)", async () => {
    const id = nextId();
    const body = notification({ messages: [textMessage("966501110001", id, "مرحبا")] });
    const unsigned = await deliver(body, null);
    expect(unsigned.statusCode).toBe(401);
    const wrongSecret = await deliver(body, "another-secret");
    expect(wrongSecret.statusCode).toBe(401);
    // Signed, then changed by one byte: the signature is over the raw bytes.
    const tampered = await t.app.inject({
      method: "POST",
      url: "/api/whatsapp/webhook",
      payload: body.replace("مرحبا", "مرحبى"),
      headers: { "content-type": "application/json", "x-hub-signature-256": sign(body, APP_SECRET) },
    });
    expect(tampered.statusCode).toBe(401);
    const rows = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, id));
    expect(rows).toEqual([]);
    // Re-serialised JSON with other spacing is other bytes: the original bytes pass.
    expect((await deliver(body)).statusCode).toBe(200);
  });

  it("opens a lead for an unknown phone of any country (source whatsapp, round robin, clock, ad referral)", async () => {
    const id = nextId();
    const body = notification({
      contacts: [{ wa_id: "447911123456", profile: { name: "Oliver" } }],
      messages: [
        textMessage("447911123456", id, "Is the 3-bedroom still available?", {
          referral: {
            source_url: "https://fb.me/abc",
            source_id: "120210000000001",
            source_type: "ad",
            headline: "شقق جدة",
            ctwa_clid: "ARAkLkA8rmlFeiCktEJQ",
          },
        }),
      ],
    });
    const res = await deliver(body);
    expect(res.statusCode).toBe(200);
    const [message] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, id));
    expect(message).toMatchObject({ phone: "+447911123456", direction: "in", kind: "text", status: "received" });
    const leadId = message.leadId ?? 0;
    const [enquiry] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, leadId));
    expect(enquiry).toMatchObject({ source: "whatsapp", phone: "+447911123456", name: "Oliver" });
    expect(enquiry.attribution).toMatchObject({
      ad_id: "120210000000001",
      source_url: "https://fb.me/abc",
      ctwa_clid: "ARAkLkA8rmlFeiCktEJQ",
    });
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead.ownerId).toBe(agent.id);
    const jobs = await t.db.select().from(leadJobs).where(eq(leadJobs.leadId, leadId));
    expect(jobs.map((j) => j.kind).sort()).toEqual(["notify_agent", "notify_managers", "reassign"]);
    // The agent sees it under «عملائي».
    const mine = await t.app.inject({ method: "GET", url: "/api/leads", headers: t.bearer(agent.token) });
    expect(mine.body).toContain("+447911123456");
  });

  it("stores each message once under duplicate deliveries sent at the same time, with one lead", async () => {
    const id = nextId();
    const body = notification({ messages: [textMessage("966501110002", id, "السلام عليكم")] });
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, id));
    expect(rows).toHaveLength(1);
    const enquiries = await t.db.select().from(contactMessages).where(eq(contactMessages.phone, "+966501110002"));
    expect(enquiries).toHaveLength(1);
    // Two different first messages of one new person at once: still one lead.
    const [a, b] = [nextId(), nextId()];
    await Promise.all([
      deliver(notification({ messages: [textMessage("966501110003", a, "1")] })),
      deliver(notification({ messages: [textMessage("966501110003", b, "2")] })),
    ]);
    const two = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.phone, "+966501110003"));
    expect(two).toHaveLength(2);
    expect(new Set(two.map((m) => m.leadId)).size).toBe(1);
  });

  it("joins a known phone's lead instead of opening another", async () => {
    const form = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "سارة", phone: "0501110004", email: "sara@example.com", message: "أريد التفاصيل" },
    });
    expect(form.statusCode, form.body).toBe(201);
    const formLead = form.json().leadId ?? form.json().id;
    const id = nextId();
    expect((await deliver(notification({ messages: [textMessage("966501110004", id, "هذه سارة")] }))).statusCode).toBe(
      200,
    );
    const [message] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, id));
    expect(message.leadId).toBe(formLead);
    const enquiries = await t.db.select().from(contactMessages).where(eq(contactMessages.phone, "+966501110004"));
    expect(enquiries).toHaveLength(1);
  });

  it("keeps a location message with its coordinates, name and address", async () => {
    const id = nextId();
    const body = notification({
      messages: [
        {
          from: "966501110005",
          id,
          type: "location",
          location: { latitude: 21.5433, longitude: 39.1728, name: "جدة", address: "طريق الملك" },
        },
      ],
    });
    expect((await deliver(body)).statusCode).toBe(200);
    const [row] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, id));
    expect(row.location).toEqual({ latitude: 21.5433, longitude: 39.1728, name: "جدة", address: "طريق الملك" });
  });
});
