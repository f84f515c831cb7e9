/**
 * Conversion events through the API against one local receiver per platform (started here; the platforms' base
 * URLs point at them through CONVERSIONS_*_URL), with the worker's timer off and a fake clock: endpoint, auth,
 * payload shape (each platform's zod schema), hashing of the normalised phone and e-mail, dedup ids, fbc from
 * fbclid; consent on / off / withdrawn; 4xx (no retry), 5xx and timeout (retried); the retry action; token secrecy.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_EVENT_MAPS } from "#domain/conversions.ts";
import { contactMessages, landingPages, projects, units } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { conversionConnections, conversionEvents } from "../../db/tables/conversions.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { listenLocally, readBody, stopLocally } from "../../test-utils/listen.ts";
import { googleBodySchema, metaBodySchema, snapBodySchema, tiktokBodySchema, xBodySchema } from "./platforms.ts";

interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A local platform receiver: records every request, answers `answer()` (status, body; "hang" never answers). */
async function startReceiver() {
  const received: Received[] = [];
  let answer: () => { status: number; body: string } | "hang" = () => ({ status: 200, body: '{"code":0}' });
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: JSON.parse(body) });
    const a = answer();
    if (a === "hang") return;
    res.statusCode = a.status;
    res.end(a.body);
  });
  return {
    received,
    base: await listenLocally(server),
    answer: (fn: typeof answer) => {
      answer = fn;
    },
    close: () => stopLocally(server),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A local stand-in of Google's OAuth token endpoint (refresh-token grant): records each form, answers
 * {access_token: "google-access-N", expires_in: 3600}, or 400 invalid_grant once `refuse()` was called.
 */
async function startTokenServer() {
  const requests: Record<string, string>[] = [];
  let refusing = false;
  const server = http.createServer(async (req, res) => {
    requests.push(Object.fromEntries(new URLSearchParams(await readBody(req))));
    res.setHeader("content-type", "application/json");
    if (refusing) {
      res.statusCode = 400;
      res.end('{"error":"invalid_grant"}');
      return;
    }
    res.end(JSON.stringify({ access_token: `google-access-${requests.length}`, expires_in: 3600 }));
  });
  return {
    requests,
    url: `${await listenLocally(server)}/token`,
    refuse: () => {
      refusing = true;
    },
    close: () => stopLocally(server),
  };
}
let tokenServer: Awaited<ReturnType<typeof startTokenServer>>;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const TOKENS = {
  snapchat: "snap-secret-token-AAA",
  tiktok: "tiktok-secret-token-BBB",
  meta: "meta-secret-token-CCC",
  google: "google-secret-token-DDD",
  x: "ck:cs:x-secret-token-EEE:ts",
} as const;
const IDS = {
  snapchat: { pixelId: "snap-pixel-1" },
  tiktok: { pixelCode: "TTPIXEL1" },
  meta: { pixelId: "123456789" },
  google: { customerId: "1234567890" },
  x: { pixelId: "o8z6j" },
} as const;
type Platform = keyof typeof TOKENS;
const PLATFORMS = Object.keys(TOKENS) as Platform[];

let t: TestApp;
let now = new Date("2026-11-23T09:00:00Z");
let manager: TestUser;
let employee: TestUser;
let pageId: number;
let campaigns: { id: number; platformName: string; urlSlug: string }[];
let unitId: number;
const receivers = {} as Record<Platform, Receiver>;
let phoneCounter = 0;

/** The default names without `checkout`, as a connection saved before checkout events has them. */
const savedDefaults = (platform: Platform) => {
  const { checkout: _checkout, ...names } = DEFAULT_EVENT_MAPS[platform];
  return names;
};
const eventMaps: Record<Platform, Record<string, string>> = {
  snapchat: savedDefaults("snapchat"),
  tiktok: savedDefaults("tiktok"),
  meta: savedDefaults("meta"),
  google: { page_view: "", enquiry: "111", contacted: "", qualified: "222", visit: "", reserved: "333", sold: "333" },
  x: { page_view: "", enquiry: "tw-lead", contacted: "", qualified: "", visit: "", reserved: "tw-buy", sold: "tw-buy" },
};

async function connect(platform: Platform, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/conversions/connections/${platform}`,
    payload: {
      enabled: true,
      ids: IDS[platform],
      accessToken: TOKENS[platform],
      eventMap: eventMaps[platform],
      sendAnonymous: false,
      ...extra,
    },
    headers: t.bearer(manager.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function sendLead(fields: { consent: boolean; platform?: string; attribution?: Record<string, string> }) {
  phoneCounter += 1;
  const phone = `05${String(50000000 + phoneCounter)}`.slice(0, 10);
  const campaign = campaigns.find((c) => c.platformName === (fields.platform ?? "snapchat"));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      name: "سارة",
      email: ` Sara.${phoneCounter}@Example.com `,
      phone,
      landingPageId: pageId,
      campaignId: campaign?.id,
      attribution: fields.attribution ?? { sccid: "snap-click-1" },
      ...(fields.consent ? { marketingConsent: true } : {}),
    },
    headers: { "user-agent": "Mozilla/5.0 (iPhone) test" },
    remoteAddress: "203.0.113.9",
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    id: res.json().id as number,
    email: `sara.${phoneCounter}@example.com`,
    phoneDigits: `966${phone.slice(1)}`,
  };
}

const eventsOf = (leadId: number) => t.db.select().from(conversionEvents).where(eq(conversionEvents.leadId, leadId));
const clear = () => {
  for (const p of PLATFORMS) receivers[p].received.length = 0;
};
const drain = () => t.app.conversionOutbox.drain();

beforeAll(async () => {
  for (const p of PLATFORMS) receivers[p] = await startReceiver();
  tokenServer = await startTokenServer();
  t = await createTestApp({
    env: {
      WEBHOOK_WORKER_INTERVAL_MS: "0",
      CONTACT_RATE_LIMIT_MAX: "1000",
      PUBLIC_URL: "https://example.sa",
      CONVERSIONS_TIMEOUT_MS: "300",
      CONVERSIONS_SNAPCHAT_URL: receivers.snapchat.base,
      CONVERSIONS_TIKTOK_URL: receivers.tiktok.base,
      CONVERSIONS_META_URL: receivers.meta.base,
      CONVERSIONS_GOOGLE_URL: receivers.google.base,
      CONVERSIONS_X_URL: receivers.x.base,
      CONVERSIONS_GOOGLE_TOKEN_URL: tokenServer.url,
    },
    clock: () => now,
  });
  manager = await t.signIn("manager");
  employee = await t.signIn("employee");
  const [project] = await t.db
    .insert(projects)
    .values({ name: "مشروع اللؤلؤ", city: "جدة", publishedAt: new Date(), advertisingLicenseNumber: "7200145863" })
    .returning();
  const [unit] = await t.db
    .insert(units)
    .values({ projectId: project.id, unitNumber: "A1", price: 950000 })
    .returning();
  unitId = unit.id;
  const created = await t.app.inject({
    method: "POST",
    url: `/api/landing-pages/${project.id}`,
    payload: { slug: "lulu", poster: "/media/images/cccccccccccccccc.webp" },
    headers: t.bearer(manager.token),
  });
  expect(created.statusCode).toBe(201);
  pageId = created.json().id;
  campaigns = created.json().campaigns;
  await t.db.update(landingPages).set({ publishedAt: new Date() }).where(eq(landingPages.id, pageId));
});

afterAll(async () => {
  await t.close();
  for (const p of PLATFORMS) await receivers[p].close();
  await tokenServer.close();
});

describe("connections", () => {
  it("needs conversions.manage, refuses enabling without a token, keeps the token write-only and sealed", async () => {
    const denied = await t.app.inject({ url: "/api/conversions/connections", headers: t.bearer(employee.token) });
    expect(denied.statusCode).toBe(403);

    const noToken = await t.app.inject({
      method: "PUT",
      url: "/api/conversions/connections/snapchat",
      payload: { enabled: true, ids: {}, eventMap: eventMaps.snapchat },
      headers: t.bearer(manager.token),
    });
    expect(noToken.statusCode).toBe(400);
    expect(Object.keys(noToken.json().fields).sort()).toEqual(["accessToken", "ids.pixelId"]);

    const logged: string[] = [];
    for (const level of ["info", "warn", "error", "debug"] as const) {
      vi.spyOn(t.app.log, level).mockImplementation((...args: unknown[]) => {
        // Request lines: pino's serializers keep the method and URL of `req` and the status of `res`, no body.
        const [first, ...rest] = args as [
          { req?: { method?: string; url?: string }; res?: { statusCode?: number } },
          ...unknown[],
        ];
        const line =
          first?.req || first?.res
            ? { req: { method: first.req?.method, url: first.req?.url }, res: { statusCode: first.res?.statusCode } }
            : first;
        logged.push(JSON.stringify([line, ...rest]));
      });
    }
    const answers: string[] = [];
    for (const p of PLATFORMS) answers.push((await connect(p)).body);
    // Saving again without a token keeps the stored one.
    const kept = await t.app.inject({
      method: "PUT",
      url: "/api/conversions/connections/meta",
      payload: { enabled: true, ids: IDS.meta, eventMap: eventMaps.meta },
      headers: t.bearer(manager.token),
    });
    expect(kept.json().hasToken).toBe(true);
    const list = await t.app.inject({ url: "/api/conversions/connections", headers: t.bearer(manager.token) });
    answers.push(list.body, kept.body);
    expect(list.json().map((c: { platform: string; hasToken: boolean }) => [c.platform, c.hasToken])).toEqual(
      PLATFORMS.map((p) => [p, true]),
    );

    const rows = await t.db.select().from(conversionConnections);
    const audit = JSON.stringify(await t.db.select().from(auditLogs));
    for (const p of PLATFORMS) {
      for (const text of [...answers, audit]) expect(text).not.toContain(TOKENS[p]);
      const row = rows.find((r) => r.platform === p);
      expect(row?.accessToken).toMatch(/^v1:/);
      expect(row?.accessToken).not.toContain(TOKENS[p]);
      expect(t.app.secrets.open(row?.accessToken ?? "")).toBe(TOKENS[p]);
    }

    // Deliveries (one refused with a 4xx that echoes the URL) never put a token in a log line or a stored error.
    receivers.snapchat.answer(() => ({ status: 400, body: `bad token ${TOKENS.snapchat}` }));
    const lead = await sendLead({ consent: true });
    await drain();
    receivers.snapchat.answer(() => ({ status: 200, body: "{}" }));
    const stored = JSON.stringify(await eventsOf(lead.id));
    expect(logged.length).toBeGreaterThan(0);
    for (const p of PLATFORMS) {
      expect(stored).not.toContain(TOKENS[p]);
      for (const line of logged) expect(line).not.toContain(TOKENS[p]);
    }
    vi.restoreAllMocks();
    clear();
  });

  it("test event: sends one event now and reports the platform's answer", async () => {
    await connect("meta", { testEventCode: "TEST123" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/conversions/connections/meta/test",
      headers: t.bearer(manager.token),
    });
    expect(res.json()).toEqual({ ok: true, statusCode: 200, error: null });
    expect(receivers.meta.received.at(-1)?.body).toMatchObject({ test_event_code: "TEST123" });
    // Google names events by conversion action id: without one for the enquiry there is nothing to test.
    await connect("google", { eventMap: { ...eventMaps.google, enquiry: "" } });
    const unnamed = await t.app.inject({
      method: "POST",
      url: "/api/conversions/connections/google/test",
      headers: t.bearer(manager.token),
    });
    expect([unnamed.statusCode, unnamed.json().message]).toEqual([
      409,
      "أدخل اسم حدث «إرسال طلب تواصل» لهذه المنصة أولاً",
    ]);
    await connect("google");
    clear();
  });
});

describe("events per platform", () => {
  beforeEach(clear);
  it("an enquiry with marketing consent reaches every platform with hashed identifiers, click id and dedup id", async () => {
    const lead = await sendLead({
      consent: true,
      attribution: { sccid: "sc-1", fbclid: "fb-click-1", ttclid: "tt-1", gclid: "g-1", twclid: "tw-1" },
    });
    const { phoneDigits } = lead;
    expect((await eventsOf(lead.id)).every((e) => e.kind === "enquiry")).toBe(true);
    const summary = await drain();
    expect(summary.delivered).toBe(5);
    const eventId = (name: string) => `lead${lead.id}-${name}`;

    const snap = receivers.snapchat.received[0];
    expect(snap.path).toBe(`/v3/snap-pixel-1/events?access_token=${TOKENS.snapchat}`);
    snapBodySchema.parse(snap.body);
    expect(snap.body.data).toEqual([
      {
        event_name: "SIGN_UP",
        event_time: Math.floor(now.getTime() / 1000),
        event_id: eventId("SIGN_UP"),
        action_source: "WEB",
        event_source_url: "https://example.sa/campaign/snapchat/lulu",
        user_data: {
          em: [sha256(lead.email)],
          ph: [sha256(phoneDigits)],
          client_ip_address: "203.0.113.9",
          client_user_agent: "Mozilla/5.0 (iPhone) test",
          sc_click_id: "sc-1",
        },
      },
    ]);

    const meta = receivers.meta.received[0];
    expect(meta.path).toBe("/v24.0/123456789/events");
    const metaBody = metaBodySchema.parse(meta.body);
    expect(metaBody.access_token).toBe(TOKENS.meta);
    expect(metaBody.data[0]).toMatchObject({ event_name: "Lead", event_id: eventId("Lead"), action_source: "website" });
    expect(metaBody.data[0].user_data.fbc).toBe(`fb.1.${now.getTime()}.fb-click-1`);
    expect(metaBody.data[0].user_data.ph).toEqual([sha256(phoneDigits)]);

    const tiktok = receivers.tiktok.received[0];
    expect(tiktok.path).toBe("/open_api/v1.3/event/track/");
    expect(tiktok.headers["access-token"]).toBe(TOKENS.tiktok);
    const tt = tiktokBodySchema.parse(tiktok.body);
    expect(tt.event_source_id).toBe("TTPIXEL1");
    expect(tt.data[0].user).toMatchObject({
      ttclid: "tt-1",
      phone: sha256(`+${phoneDigits}`),
      email: sha256(lead.email),
    });

    const google = receivers.google.received[0];
    expect(google.path).toBe("/v1/events:ingest");
    expect(google.headers.authorization).toBe(`Bearer ${TOKENS.google}`);
    const g = googleBodySchema.parse(google.body);
    expect(g.destinations[0]).toEqual({
      operatingAccount: { accountType: "GOOGLE_ADS", accountId: "1234567890" },
      productDestinationId: "111",
    });
    expect(g.events[0]).toMatchObject({ transactionId: eventId("111"), adIdentifiers: { gclid: "g-1" } });

    const x = receivers.x.received[0];
    expect(x.path).toBe("/12/measurement/conversions/o8z6j");
    expect(x.headers.authorization).toMatch(/^OAuth oauth_consumer_key="ck", /);
    expect(x.headers.authorization).toContain('oauth_token="x-secret-token-EEE"');
    expect(x.headers.authorization).toMatch(/oauth_signature_method="HMAC-SHA1".*oauth_signature="[A-Za-z0-9%]+"$/);
    const xb = xBodySchema.parse(x.body);
    expect(xb.conversions[0]).toMatchObject({ event_id: "tw-lead", conversion_id: eventId("tw-lead") });
    expect(xb.conversions[0].identifiers).toContainEqual({ twclid: "tw-1" });

    // Delivered once per event id: nothing left to send.
    expect((await drain()).delivered).toBe(0);
    clear();
  });

  it("without marketing consent: nothing, or an anonymous event to a platform set to accept one", async () => {
    const silent = await sendLead({ consent: false });
    expect(await eventsOf(silent.id)).toEqual([]);

    await connect("snapchat", { sendAnonymous: true });
    const lead = await sendLead({ consent: false });
    await drain();
    expect(receivers.snapchat.received).toHaveLength(1);
    const body = snapBodySchema.parse(receivers.snapchat.received[0].body);
    expect(body.data[0].user_data).toEqual({});
    expect(JSON.stringify(body)).not.toContain("snap-click-1");
    expect((await eventsOf(lead.id)).map((e) => e.platform)).toEqual(["snapchat"]);

    // A campaign page view (bots excluded) is an anonymous event of the campaign's platform.
    clear();
    await t.app.inject({ url: "/api/campaign/snapchat/lulu", headers: { "user-agent": "Googlebot/2.1" } });
    const view = await t.app.inject({
      url: "/api/campaign/snapchat/lulu",
      headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" },
    });
    expect(view.statusCode, view.body).toBe(200);
    await drain();
    expect(receivers.snapchat.received.map((r) => (r.body.data as { event_name: string }[])[0].event_name)).toEqual([
      "PAGE_VIEW",
    ]);
    await connect("snapchat");
    clear();
  });

  it("stage changes: حجز sends Purchase with the unit, its price and the project's licence once; بيع is not sent again", async () => {
    const lead = await sendLead({ consent: true });
    await drain();
    clear();
    const reserve = await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${lead.id}/stage`,
      payload: { stage: "reserved", unitId },
      headers: t.bearer(manager.token),
    });
    expect(reserve.statusCode, reserve.body).toBe(200);
    await drain();
    const snap = snapBodySchema.parse(receivers.snapchat.received[0].body).data[0];
    expect(snap).toMatchObject({
      event_name: "PURCHASE",
      event_id: `lead${lead.id}-PURCHASE`,
      action_source: "OFFLINE",
      custom_data: { currency: "SAR", value: 950000, item_ids: [String(unitId)], licence_number: "7200145863" },
    });
    const meta = metaBodySchema.parse(receivers.meta.received[0].body).data[0];
    expect(meta).toMatchObject({
      action_source: "system_generated",
      custom_data: {
        value: 950000,
        event_source: "crm",
        content_ids: [String(unitId)],
        content_type: "product",
        licence_number: "7200145863",
      },
    });
    const tiktok = tiktokBodySchema.parse(receivers.tiktok.received[0].body).data[0];
    expect(tiktok.properties).toEqual({
      currency: "SAR",
      value: 950000,
      content_type: "product",
      contents: [{ content_id: String(unitId), content_type: "product" }],
      licence_number: "7200145863",
    });
    clear();
    await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${lead.id}/stage`,
      payload: { stage: "sold" },
      headers: t.bearer(manager.token),
    });
    await drain();
    expect(receivers.snapchat.received).toHaveLength(0);
  });

  it("withdrawing consent cancels queued events and stops further ones", async () => {
    const lead = await sendLead({ consent: true });
    const other = await t.app.inject({
      method: "DELETE",
      url: `/api/leads/${lead.id}/marketing-consent`,
      headers: t.bearer(employee.token),
    });
    expect(other.statusCode).toBe(403);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/leads/${lead.id}/marketing-consent`,
      headers: t.bearer(manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cancelledEvents).toBe(5);
    await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${lead.id}/stage`,
      payload: { stage: "qualified" },
      headers: t.bearer(manager.token),
    });
    await drain();
    expect(receivers.snapchat.received).toHaveLength(0);
    expect((await eventsOf(lead.id)).map((e) => [e.kind, e.status])).toEqual(
      PLATFORMS.map(() => ["enquiry", "failed"]),
    );
  });

  it("a PDPL erasure deletes the person's conversion events and user agent", async () => {
    const lead = await sendLead({ consent: true });
    expect((await eventsOf(lead.id)).length).toBeGreaterThan(0);
    const erase = await t.app.inject({
      method: "POST",
      url: "/api/leads/person/erase",
      payload: { email: lead.email },
      headers: t.bearer(manager.token),
    });
    expect(erase.statusCode, erase.body).toBe(200);
    expect(await eventsOf(lead.id)).toEqual([]);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, lead.id));
    expect(row).toMatchObject({ userAgent: null, phone: null, email: null, ipAddress: null });
  });

  it("Google: stored refresh credentials become an access token, kept until it nearly expires; refused ones fail at once", async () => {
    const credentials = "client-1.apps.googleusercontent.com:client-secret-1:refresh-token-1";
    await connect("google", { accessToken: credentials });
    const ingests = () => receivers.google.received.filter((r) => r.path === "/v1/events:ingest");
    await sendLead({ consent: true, attribution: { gclid: "g-2" } });
    await drain();
    expect(tokenServer.requests).toEqual([
      {
        grant_type: "refresh_token",
        client_id: "client-1.apps.googleusercontent.com",
        client_secret: "client-secret-1",
        refresh_token: "refresh-token-1",
      },
    ]);
    expect(ingests().at(-1)?.headers.authorization).toBe("Bearer google-access-1");

    // Within the hour the same token is sent again; within a minute of its expiry a new one is fetched.
    await sendLead({ consent: true, attribution: { gclid: "g-3" } });
    await drain();
    expect(tokenServer.requests).toHaveLength(1);
    expect(ingests().at(-1)?.headers.authorization).toBe("Bearer google-access-1");
    now = new Date(now.getTime() + 59.5 * 60_000);
    await sendLead({ consent: true, attribution: { gclid: "g-4" } });
    await drain();
    expect(tokenServer.requests).toHaveLength(2);
    expect(ingests().at(-1)?.headers.authorization).toBe("Bearer google-access-2");

    // Revoked credentials: Google answers 400 invalid_grant; the event fails without a retry, the error names no secret.
    tokenServer.refuse();
    now = new Date(now.getTime() + 61 * 60_000);
    const sent = ingests().length;
    const refused = await sendLead({ consent: true, attribution: { gclid: "g-5" } });
    await drain();
    expect(ingests()).toHaveLength(sent);
    const [event] = (await eventsOf(refused.id)).filter((e) => e.platform === "google");
    expect(event).toMatchObject({ status: "failed", attempts: 1 });
    expect(event.lastError).toContain("HTTP 400");
    for (const secret of ["client-secret-1", "refresh-token-1", "google-access"]) {
      expect(event.lastError).not.toContain(secret);
    }
    await connect("google");
  });
});

describe("delivery outcomes", () => {
  it("4xx fails at once; 5xx and a timeout are retried on the schedule; the retry action sends again", async () => {
    receivers.meta.answer(() => ({ status: 400, body: '{"error":"bad"}' }));
    receivers.tiktok.answer(() => ({ status: 503, body: "down" }));
    receivers.google.answer(() => "hang");
    const lead = await sendLead({ consent: true });
    await drain();
    const byPlatform = async () => Object.fromEntries((await eventsOf(lead.id)).map((e) => [e.platform, e] as const));
    let rows = await byPlatform();
    expect(rows.meta).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 400 });
    expect(rows.tiktok).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 503 });
    expect(rows.google).toMatchObject({ status: "pending", attempts: 1, lastError: "timed out after 300 ms" });
    expect(rows.tiktok.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    expect(rows.snapchat.status).toBe("delivered");

    receivers.tiktok.answer(() => ({ status: 200, body: '{"code":0}' }));
    receivers.google.answer(() => ({ status: 200, body: "{}" }));
    now = new Date(now.getTime() + 30_000);
    await drain();
    rows = await byPlatform();
    expect(rows.tiktok).toMatchObject({ status: "delivered", attempts: 2 });
    expect(rows.google).toMatchObject({ status: "delivered", attempts: 2 });
    expect(rows.meta.status).toBe("failed");

    // The delivery log per lead and per platform, and the retry action.
    const log = await t.app.inject({
      url: `/api/conversions/deliveries?leadId=${lead.id}&platform=meta`,
      headers: t.bearer(manager.token),
    });
    expect(log.json()).toHaveLength(1);
    receivers.meta.answer(() => ({ status: 200, body: "{}" }));
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/conversions/deliveries/${rows.meta.id}/retry`,
      headers: t.bearer(manager.token),
    });
    expect(retry.statusCode).toBe(202);
    await drain();
    expect((await byPlatform()).meta.status).toBe("delivered");
    const again = await t.app.inject({
      method: "POST",
      url: `/api/conversions/deliveries/${rows.meta.id}/retry`,
      headers: t.bearer(manager.token),
    });
    expect(again.statusCode).toBe(409);
  });
});
