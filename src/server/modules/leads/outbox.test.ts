/**
 * Webhook delivery of leads against a real receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=1), with the
 * worker's timer off so each test drives `deliverDue(db, now)` itself with a fake clock:
 * signed and verifiable with standardwebhooks; the campaign's webhook wins over the page's; receiver down → stored
 * and delivered later, across an app restart on the same database; an always-failing receiver ends in "failed"
 * after the schedule (≥ 24 h); private targets are refused at call time when not allowed; the retry action.
 */
import http from "node:http";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { projects } from "../../db/schema.ts";
import { webhookDeliveries } from "../../db/tables/lead-desk.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";
import { listenLocally, readBody, stopLocally } from "../../test-utils/listen.ts";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./outbox.ts";
import { deliverDue } from "./worker.ts";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering `status()` to every POST and recording what it got. */
async function startReceiver(status: () => number = () => 200, port = 0) {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({ path: req.url ?? "", headers: req.headers, body });
    res.statusCode = status();
    res.end(res.statusCode < 300 ? "ok" : "receiver error");
  });
  const base = await listenLocally(server, port);
  return {
    received,
    port: Number(new URL(base).port),
    url: (path: string) => `${base}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let manager: string;
let employee: string;
let pageId: number;
let campaigns: { id: number; platformName: string }[];
const opts = { allowPrivate: true, timeoutMs: 2000 };

async function setCampaignWebhook(platform: string, url: string): Promise<string> {
  const id = campaigns.find((c) => c.platformName === platform)?.id;
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/landing-campaigns/${id}/webhook`,
    payload: { webhookUrl: url, rotateSecret: true },
    headers: t.bearer(manager),
  });
  expect(res.statusCode).toBe(200);
  return res.json().webhookSecret;
}

async function sendLead(platform: string, name: string): Promise<number> {
  const campaignId = campaigns.find((c) => c.platformName === platform)?.id;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      name,
      email: `${platform}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
      phone: "0507777777",
      landingPageId: pageId,
      campaignId,
      attribution: { utmSource: platform, gclid: "g-1" },
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function deliveryOf(leadId: number) {
  const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.contactMessageId, leadId));
  return row;
}

let pageReceiver: Awaited<ReturnType<typeof startReceiver>>;
let pageSecret: string;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "1", JOBS_INTERVAL_MS: "0" } });
  manager = (await t.signIn("manager")).token;
  employee = (await t.signIn("employee")).token;
  const [project] = await t.db.insert(projects).values({ name: "مشروع المرجان", city: "جدة" }).returning();
  pageReceiver = await startReceiver();
  const created = await t.app.inject({
    method: "POST",
    url: `/api/landing-pages/${project.id}`,
    payload: { slug: "marjan", poster: "/media/images/cccccccccccccccc.webp", webhookUrl: pageReceiver.url("/page") },
    headers: t.bearer(manager),
  });
  expect(created.statusCode).toBe(201);
  pageId = created.json().id;
  pageSecret = created.json().webhookSecret;
  campaigns = created.json().campaigns;
});

afterAll(async () => {
  await pageReceiver.close();
  await t.app.close();
  await t.close();
});

describe("webhook delivery", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it("delivers a signed lead that standardwebhooks verifies; the campaign's webhook wins over the page's", async () => {
    receiver = await startReceiver();
    const secret = await setCampaignWebhook("google", receiver.url("/crm"));
    const leadId = await sendLead("google", "عبدالله");

    const queued = await deliveryOf(leadId);
    expect(queued).toMatchObject({ status: "pending", attempts: 0, secretRef: expect.stringMatching(/^campaign:/) });

    const now = new Date();
    const summary = await deliverDue(t.db, now, opts);
    expect(summary.delivered).toBeGreaterThanOrEqual(1);
    expect(receiver.received).toHaveLength(1);
    expect(pageReceiver.received.some((r) => r.body.includes("عبدالله"))).toBe(false);

    const [request] = receiver.received;
    expect(request.path).toBe("/crm");
    expect(request.headers["content-type"]).toBe("application/json");
    const verified = new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    }) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe("lead.created");
    expect(verified.data).toMatchObject({
      id: leadId,
      name: "عبدالله",
      phone: "+966507777777",
      source: "campaign",
      campaign: { platform: "google", urlSlug: "google/marjan" },
      project: { name: "مشروع المرجان" },
      attribution: { utmSource: "google", gclid: "g-1" },
    });
    expect(() =>
      new Webhook(pageSecret).verify(request.body, {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      }),
    ).toThrow();

    expect(await deliveryOf(leadId)).toMatchObject({ status: "delivered", attempts: 1, lastError: null });
    const list = await t.app.inject({ url: "/api/contact/messages", headers: t.bearer(manager) });
    const lead = list.json().find((m: { id: number }) => m.id === leadId);
    expect(lead.delivery).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("goes to the page's webhook when the campaign has none", async () => {
    const before = pageReceiver.received.length;
    const leadId = await sendLead("x", "نورة");
    await deliverDue(t.db, new Date(), opts);
    expect(pageReceiver.received.length).toBe(before + 1);
    const last = pageReceiver.received.at(-1);
    expect(last?.path).toBe("/page");
    expect(() =>
      new Webhook(pageSecret).verify(last?.body ?? "", {
        "webhook-id": String(last?.headers["webhook-id"]),
        "webhook-timestamp": String(last?.headers["webhook-timestamp"]),
        "webhook-signature": String(last?.headers["webhook-signature"]),
      }),
    ).not.toThrow();
    expect((await deliveryOf(leadId)).status).toBe("delivered");
  });

  it("keeps the lead while the receiver is down and delivers it after it is back, across a restart", async () => {
    // Find a free port, then leave it closed: the receiver is "down".
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();
    const secret = await setCampaignWebhook("tiktok", `http://127.0.0.1:${port}/leads`);
    const leadId = await sendLead("tiktok", "ماجد");

    const start = new Date();
    const first = await deliverDue(t.db, start, opts);
    expect(first.retrying).toBe(1);
    const waiting = await deliveryOf(leadId);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.nextAttemptAt.getTime()).toBe(start.getTime() + RETRY_DELAYS_MS[0]);

    // Not yet due: nothing happens.
    expect(await deliverDue(t.db, new Date(start.getTime() + 1000), opts)).toEqual({
      delivered: 0,
      retrying: 0,
      failed: 0,
    });

    // Restart: close the app, build a new one on the same database.
    await t.app.close();
    const restarted = await buildApp({ db: t.db, config: t.config, site: t.site, storage: t.storage, logger: false });
    await restarted.ready();
    t.app = restarted;

    receiver = await startReceiver(() => 200, port);
    const later = new Date(start.getTime() + RETRY_DELAYS_MS[0]);
    const second = await deliverDue(t.db, later, opts);
    expect(second.delivered).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0].body);
    expect(body.data.id).toBe(leadId);
    expect(receiver.received[0].headers["webhook-id"]).toBe(waiting.eventId);
    expect(() =>
      new Webhook(secret).verify(receiver?.received[0].body ?? "", {
        "webhook-id": String(receiver?.received[0].headers["webhook-id"]),
        "webhook-timestamp": String(receiver?.received[0].headers["webhook-timestamp"]),
        "webhook-signature": String(receiver?.received[0].headers["webhook-signature"]),
      }),
    ).not.toThrow();
    expect(await deliveryOf(leadId)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("ends in failed after the whole schedule (≥ 24 h) when the receiver always fails, then can be retried", async () => {
    let status = 500;
    receiver = await startReceiver(() => status);
    await setCampaignWebhook("instagram", receiver.url("/broken"));
    const leadId = await sendLead("instagram", "هند");

    const start = new Date();
    let now = start;
    for (let i = 0; i < MAX_ATTEMPTS + 2; i += 1) {
      await deliverDue(t.db, now, opts);
      const row = await deliveryOf(leadId);
      if (row.status !== "pending") break;
      now = row.nextAttemptAt;
    }
    const failed = await deliveryOf(leadId);
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastStatusCode: 500 });
    expect(failed.lastError).toContain("HTTP 500");
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    expect(now.getTime() - start.getTime()).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    // Intervals grow: each wait is at least the one before.
    for (let i = 1; i < RETRY_DELAYS_MS.length; i += 1) {
      expect(RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i - 1]);
    }

    const list = await t.app.inject({ url: "/api/contact/messages?delivery=failed", headers: t.bearer(manager) });
    expect(list.json().map((m: { id: number }) => m.id)).toContain(leadId);

    // The receiver is fixed; staff retry from the messages screen.
    status = 200;
    const denied = await t.app.inject({
      method: "POST",
      url: `/api/contact/messages/${leadId}/webhook-retry`,
      headers: t.bearer(employee),
    });
    expect(denied.statusCode).toBe(403);
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/contact/messages/${leadId}/webhook-retry`,
      headers: t.bearer(manager),
    });
    expect(retry.statusCode).toBe(202);
    expect((await deliveryOf(leadId)).status).toBe("pending");
    await deliverDue(t.db, new Date(), opts);
    expect((await deliveryOf(leadId)).status).toBe("delivered");
    const again = await t.app.inject({
      method: "POST",
      url: `/api/contact/messages/${leadId}/webhook-retry`,
      headers: t.bearer(manager),
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses a private target at call time when private targets are not allowed", async () => {
    receiver = await startReceiver();
    await setCampaignWebhook("snapchat", receiver.url("/inside"));
    const leadId = await sendLead("snapchat", "سلمان");
    await deliverDue(t.db, new Date(), { allowPrivate: false, timeoutMs: 2000 });
    expect(receiver.received).toHaveLength(0);
    const row = await deliveryOf(leadId);
    expect(row.status).toBe("pending");
    expect(row.lastError).toContain("address refused");
  });

  it("gives up an attempt after the timeout", async () => {
    const server = http.createServer(() => {
      // never answers
    });
    await setCampaignWebhook("facebook", `${await listenLocally(server)}/slow`);
    const leadId = await sendLead("facebook", "ليان");
    const started = Date.now();
    await deliverDue(t.db, new Date(), { allowPrivate: true, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
    const row = await deliveryOf(leadId);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toContain("timed out");
    await stopLocally(server);
  });

  it("fails at once, without retries, when the campaign and its secret were deleted meanwhile", async () => {
    receiver = await startReceiver();
    const created = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${pageId}/custom-campaign`,
      payload: {
        platformName: "whatsapp",
        urlSlug: "short-lived",
        displayName: "مؤقتة",
        webhookUrl: receiver.url("/x"),
      },
      headers: t.bearer(manager),
    });
    expect(created.statusCode).toBe(201);
    campaigns.push({ id: created.json().id, platformName: "whatsapp" });
    const leadId = await sendLead("whatsapp", "وعد");
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/landing-campaigns/${created.json().id}`,
      headers: t.bearer(manager),
    });
    expect(removed.statusCode).toBe(204);
    await deliverDue(t.db, new Date(), opts);
    expect(receiver.received).toHaveLength(0);
    expect(await deliveryOf(leadId)).toMatchObject({ status: "failed", attempts: 1 });

    // A retry goes to the webhook the lead has now: the landing page's.
    const before = pageReceiver.received.length;
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/contact/messages/${leadId}/webhook-retry`,
      headers: t.bearer(manager),
    });
    expect(retry.statusCode).toBe(202);
    await deliverDue(t.db, new Date(), opts);
    expect(pageReceiver.received.length).toBe(before + 1);
    expect(await deliveryOf(leadId)).toMatchObject({ status: "delivered", secretRef: `landing_page:${pageId}` });
  });
});
