/**
 * Buying online, as the ad platforms and the agent see it (docs/conversions.md "What is sent, and when" and "Consent";
 * docs/payments.md "Checkout"; docs/affordability.md "Kept with an enquiry"), through the API on a fresh database
 * with the Moyasar stand-in, local stand-ins of Meta's and TikTok's endpoints (CONVERSIONS_*_URL), the job engine's
 * timer off and the conversions outbox drained by the test. Asserted: starting a checkout sends InitiateCheckout
 * with the deposit and the ad link's click id (with marketing consent; nothing without it); the paid reservation is
 * the lead desk's حجز event (Purchase) exactly once — the webhook, the buyer's return and a repeated webhook
 * together — with the unit's price as its value, the deposit as the custom field and the checkout form's click id,
 * and the lead keeps the checkout's attribution and the buyer's affordability estimate; the national ID never leaves.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_EVENT_MAPS } from "#domain/conversions.ts";
import { contactMessages, landingCampaigns, landingPages } from "#server/db/schema.ts";
import { auditLogs } from "#server/db/tables/access.ts";
import { conversionEvents } from "#server/db/tables/conversions.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { type JsonReceiver, startJsonReceiver } from "#server/test-utils/json-receiver.ts";
import { invoiceOf, type PaymentsTest, startPaymentsTest, validNationalId } from "#server/test-utils/payments.ts";
import type { MoyasarStandIn } from "./moyasar-stand-in.ts";

interface MetaEvent {
  event_name: string;
  event_id: string;
  action_source: string;
  user_data: { ph?: string[]; fbc?: string };
  custom_data?: { value?: number; currency?: string; deposit?: number; content_ids?: string[] };
}
interface TikTokEvent {
  event: string;
  event_id: string;
  user?: { ttclid?: string; phone?: string };
  properties?: { value?: number; deposit?: number };
}

const PRICE = 950_000;
const DEPOSIT = 5000;
let now = new Date("2026-12-01T09:00:00.000Z");
let p: PaymentsTest;
let t: TestApp;
let standIn: MoyasarStandIn;
let meta: JsonReceiver;
let tiktok: JsonReceiver;
let projectId: number;
let campaignId: number;
let landingPageId: number;
let manager: TestUser;
let agent: TestUser;
let counter = 0;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const metaEvents = () => meta.received.flatMap((b) => b.data as MetaEvent[]);
const tiktokEvents = () => tiktok.received.flatMap((b) => b.data as TikTokEvent[]);
const drain = () => t.app.conversionOutbox.drain();

beforeAll(async () => {
  meta = await startJsonReceiver();
  tiktok = await startJsonReceiver();
  p = await startPaymentsTest({
    name: "conversions",
    clock: () => now,
    env: {
      CONTACT_RATE_LIMIT_MAX: "1000",
      PUBLIC_URL: "https://example.sa",
      CONVERSIONS_META_URL: meta.base,
      CONVERSIONS_TIKTOK_URL: tiktok.base,
    },
  });
  ({ t, standIn, manager } = p);
  agent = await t.signIn("sales_agent");
  projectId = await p.depositProject(
    { name: "أبراج الشاطئ", city: "جدة", publishedAt: now, advertisingLicenseNumber: "7200123456" },
    DEPOSIT,
  );
  const [page] = await t.db
    .insert(landingPages)
    .values({ projectId, slug: "shati", poster: "/media/poster.webp", publishedAt: now })
    .returning();
  landingPageId = page.id;
  const [campaign] = await t.db
    .insert(landingCampaigns)
    .values({ landingPageId, platformName: "snapchat", displayName: "سناب", urlSlug: "snapchat/shati" })
    .returning();
  campaignId = campaign.id;
  for (const platform of ["meta", "tiktok"] as const) {
    // A connection saved without the "checkout" name (an older screen) gets the platform's default.
    const { checkout: _default, ...eventMap } = DEFAULT_EVENT_MAPS[platform];
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/conversions/connections/${platform}`,
      headers: t.bearer(manager.token),
      payload: {
        enabled: true,
        ids: platform === "meta" ? { pixelId: "123456789" } : { pixelCode: "TTPIXEL1" },
        accessToken: `${platform}-token`,
        eventMap,
        sendAnonymous: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().eventMap.checkout).toBe("InitiateCheckout");
  }
}, 120_000);

afterAll(async () => {
  await p.close();
  await meta.close();
  await tiktok.close();
});

beforeEach(() => {
  meta.clear();
  tiktok.clear();
  now = new Date(now.getTime() + 60 * 60_000);
});

async function startCheckout(extra: Record<string, unknown>) {
  counter += 1;
  const unitId = await p.newUnit(projectId, { unitNumber: `K-${counter}`, building: "B", floor: 3, price: PRICE });
  const local = `05${String(60_000_000 + counter)}`;
  const body = {
    unitId,
    name: "ريم الزهراني",
    phone: local,
    email: `conv${counter}@example.com`,
    nationalId: validNationalId(counter * 13, "2"),
    acceptTerms: true,
    ...extra,
  };
  const res = await p.checkout(body, {
    ip: "203.0.113.77",
    headers: { "user-agent": "Mozilla/5.0 (iPhone) checkout" },
  });
  expect(res.statusCode, res.body).toBe(201);
  const started = res.json() as { token: string; url: string };
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.token, started.token));
  return { ...started, unitId, checkoutId: row.id, digits: `966${local.slice(1)}`, body };
}

const webhook = (payload: unknown) => p.webhookSettled(payload);
const confirm = (token: string) => p.confirm(token);

async function leadOf(token: string): Promise<number> {
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.token, token));
  expect(row.state).toBe("paid");
  return row.leadId ?? 0;
}

const ATTRIBUTION = { utmSource: "instagram", utmCampaign: "shati-dec", fbclid: "FB.click-1", ttclid: "TT-click-1" };

describe("starting a checkout", () => {
  it("sends InitiateCheckout with the deposit, the unit and the ad link's click id when the buyer consented", async () => {
    const started = await startCheckout({ marketingConsent: true, attribution: ATTRIBUTION });
    await drain();
    const eventId = `checkout${started.checkoutId}-InitiateCheckout`;
    const [metaEvent, ...moreMeta] = metaEvents().filter((e) => e.event_id === eventId);
    expect(moreMeta).toEqual([]);
    expect(metaEvent).toMatchObject({
      event_name: "InitiateCheckout",
      action_source: "website",
      user_data: { ph: [sha256(started.digits)] },
      custom_data: { value: DEPOSIT, currency: "SAR", deposit: DEPOSIT, content_ids: [String(started.unitId)] },
    });
    expect(metaEvent.user_data.fbc).toMatch(/^fb\.1\.\d+\.FB\.click-1$/);
    const [tiktokEvent] = tiktokEvents().filter((e) => e.event_id === eventId);
    expect(tiktokEvent).toMatchObject({
      event: "InitiateCheckout",
      user: { ttclid: "TT-click-1", phone: sha256(`+${started.digits}`) },
      properties: { value: DEPOSIT, deposit: DEPOSIT },
    });
    expect([...meta.raw, ...tiktok.raw].join("\n")).not.toContain(started.body.nationalId);
  });

  it("sends nothing without the marketing consent (platforms not set to accept identifier-free events)", async () => {
    const started = await startCheckout({ attribution: ATTRIBUTION });
    await drain();
    expect(metaEvents().filter((e) => e.event_id.startsWith(`checkout${started.checkoutId}-`))).toEqual([]);
    expect(tiktokEvents()).toEqual([]);
  });
});

describe("a paid online reservation", () => {
  it("is the lead's حجز event once, with the unit's price, the deposit and the checkout form's click id", async () => {
    const started = await startCheckout({ marketingConsent: true, attribution: ATTRIBUTION });
    const { webhook: paid } = standIn.pay(invoiceOf(started.url));
    expect((await webhook(paid)).statusCode).toBe(200);
    const leadId = await leadOf(started.token);
    // The buyer's return and a repeated webhook change nothing, and queue nothing more.
    expect((await confirm(started.token)).json().state).toBe("paid");
    expect((await webhook(paid)).statusCode).toBe(200);
    await drain();
    await drain();

    const purchases = metaEvents().filter((e) => e.event_name === "Purchase");
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      event_id: `lead${leadId}-Purchase`,
      user_data: { ph: [sha256(started.digits)] },
      custom_data: { value: PRICE, currency: "SAR", deposit: DEPOSIT, content_ids: [String(started.unitId)] },
    });
    expect(purchases[0].user_data.fbc).toMatch(/\.FB\.click-1$/);
    const tiktokPurchases = tiktokEvents().filter((e) => e.event === "Purchase");
    expect(tiktokPurchases).toHaveLength(1);
    expect(tiktokPurchases[0]).toMatchObject({
      user: { ttclid: "TT-click-1" },
      properties: { value: PRICE, deposit: DEPOSIT },
    });
    // The lead keeps the checkout form's attribution (the campaigns report reads it).
    const [enquiry] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, leadId));
    expect(enquiry.attribution).toEqual(ATTRIBUTION);
    expect([...meta.raw, ...tiktok.raw].join("\n")).not.toContain(started.body.nationalId);
  });
});

describe("the marketing consent withdrawn", () => {
  it("cancels the checkout's event still queued once the reservation's lead withdraws it, and sends nothing", async () => {
    const started = await startCheckout({ marketingConsent: true, attribution: ATTRIBUTION });
    // Queued, not yet sent; the buyer returns paid (the reservation), then withdraws the consent on the lead.
    standIn.pay(invoiceOf(started.url));
    expect((await confirm(started.token)).json().state).toBe("paid");
    const leadId = await leadOf(started.token);
    const withdrawn = await t.app.inject({
      method: "DELETE",
      url: `/api/leads/${leadId}/marketing-consent`,
      headers: t.bearer(manager.token),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().cancelledEvents).toBeGreaterThanOrEqual(2);
    await drain();
    const ours = (id: string) => id.startsWith(`checkout${started.checkoutId}-`) || id.startsWith(`lead${leadId}-`);
    expect(metaEvents().filter((e) => ours(e.event_id))).toEqual([]);
    expect(tiktokEvents().filter((e) => ours(e.event_id))).toEqual([]);
    const events = await t.db
      .select()
      .from(conversionEvents)
      .where(and(eq(conversionEvents.kind, "checkout"), eq(conversionEvents.leadId, leadId)));
    expect(events.map((e) => [e.status, e.lastError])).toEqual([
      ["failed", "marketing consent withdrawn"],
      ["failed", "marketing consent withdrawn"],
    ]);
  });
});

describe("the buyer's affordability estimate", () => {
  const estimate = {
    price: String(PRICE),
    salary: "22000",
    otherIncome: "0",
    obligations: "2500",
    sector: "private",
    firstHome: "yes",
    redf: "no",
    years: "25",
    rate: "5",
  };

  it("computed on the unit page before «احجز الآن» is kept on the lead as the buyer's estimate", async () => {
    const started = await startCheckout({ estimate });
    standIn.pay(invoiceOf(started.url));
    expect((await confirm(started.token)).statusCode).toBe(200);
    const leadId = await leadOf(started.token);
    const detail = await t.app.inject({ url: `/api/leads/${leadId}`, headers: t.bearer(manager.token) });
    expect(detail.statusCode).toBe(200);
    const calc = (await t.app.inject({ url: `/api/affordability?${new URLSearchParams(estimate)}` })).json();
    const { estimates } = detail.json();
    expect(estimates).toHaveLength(1);
    expect(estimates[0]).toMatchObject({
      kind: "buyer",
      input: { price: PRICE, salary: 22_000, sector: "private", firstHome: true, redf: false },
      result: { maxFinancing: calc.maxFinancing, monthlyInstalment: calc.monthlyInstalment },
    });
  });

  it("is dropped when not valid, never refusing the checkout, and absent without one", async () => {
    const bad = await startCheckout({ estimate: { ...estimate, salary: "كثير" } });
    standIn.pay(invoiceOf(bad.url));
    await confirm(bad.token);
    const [enquiry] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, await leadOf(bad.token)));
    expect(enquiry.estimate).toBeNull();
  });
});

/** The Jeddah day of `at` (UTC+3). */
const jeddahDay = (at: Date) => new Date(at.getTime() + 3 * 60 * 60_000).toISOString().slice(0, 10);

describe("counted", () => {
  it("the campaign funnel and the dashboard count the online reservation and its deposit", async () => {
    now = new Date(now.getTime() + 3 * 24 * 60 * 60_000);
    const day = jeddahDay(now);
    const phone = "0559990001";
    const enquiry = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "هند", phone, email: "hind@example.com", landingPageId, campaignId },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const started = await startCheckout({ phone });
    standIn.pay(invoiceOf(started.url));
    await confirm(started.token);
    // The campaign's lead took the reservation (one open lead per person).
    expect(await leadOf(started.token)).toBe(enquiry.json().leadId);
    // A checkout that is never paid counts nowhere.
    await startCheckout({});

    const funnel = await t.app.inject({
      url: `/api/conversions/funnel?from=${day}&to=${day}&campaignId=${campaignId}`,
      headers: t.bearer(manager.token),
    });
    expect(funnel.statusCode, funnel.body).toBe(200);
    const [row] = funnel.json().campaigns;
    expect(row.counts.reserved).toBe(1);
    expect(row.online).toEqual({ reservations: 1, depositsSar: DEPOSIT });

    const summary = await t.app.inject({
      url: `/api/payments/summary?from=${day}&to=${day}`,
      headers: t.bearer(manager.token),
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toEqual({ from: day, to: day, onlineReservations: 1, depositsSar: DEPOSIT, refundedSar: 0 });
    const before = await t.app.inject({
      url: `/api/payments/summary?from=2026-01-01&to=2026-01-31`,
      headers: t.bearer(manager.token),
    });
    expect(before.json()).toMatchObject({ onlineReservations: 0, depositsSar: 0 });
  });

  it("a first-time buyer whose visit began on the campaign page counts under that campaign, as its enquiry would", async () => {
    now = new Date(now.getTime() + 3 * 24 * 60 * 60_000);
    const day = jeddahDay(now);
    const started = await startCheckout({ campaign: "snapchat/shati", attribution: { utmSource: "snapchat" } });
    standIn.pay(invoiceOf(started.url));
    expect((await confirm(started.token)).json().state).toBe("paid");
    const leadId = await leadOf(started.token);
    const [enquiry] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, leadId));
    expect(enquiry).toMatchObject({ campaignId, landingPageId, source: "online_reservation" });
    // An unknown campaign is ignored, never refusing the checkout.
    expect((await startCheckout({ campaign: "nowhere/none" })).checkoutId).toBeGreaterThan(0);

    const funnel = await t.app.inject({
      url: `/api/conversions/funnel?from=${day}&to=${day}&campaignId=${campaignId}`,
      headers: t.bearer(manager.token),
    });
    expect(funnel.statusCode, funnel.body).toBe(200);
    const [row] = funnel.json().campaigns;
    expect(row.counts).toMatchObject({ enquiries: 1, reserved: 1 });
    expect(row.online).toEqual({ reservations: 1, depositsSar: DEPOSIT });
  });

  it("the dashboard's figures need payments.view and a valid range", async () => {
    const q = "/api/payments/summary?from=2026-12-05&to=2026-12-01";
    expect((await t.app.inject({ url: q, headers: t.bearer(agent.token) })).statusCode).toBe(403);
    const bad = await t.app.inject({ url: q, headers: t.bearer(manager.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.to).toBeDefined();
  });
});

describe("the lead page's payment", () => {
  it("shows amount, state and reference, the masked ID to payments.view only, and refunds with payments.refund", async () => {
    const agents = await t.app.inject({
      method: "PUT",
      url: "/api/leads/agents",
      payload: { projectId, userIds: [agent.id] },
      headers: t.bearer(manager.token),
    });
    expect(agents.statusCode, agents.body).toBe(200);
    const started = await startCheckout({});
    const { payment } = standIn.pay(invoiceOf(started.url));
    await confirm(started.token);
    const leadId = await leadOf(started.token);
    const url = `/api/leads/${leadId}/payments`;

    const asManager = await t.app.inject({ url, headers: t.bearer(manager.token) });
    expect(asManager.statusCode, asManager.body).toBe(200);
    expect(asManager.json().canRefund).toBe(true);
    const [item] = asManager.json().items;
    expect(item).toMatchObject({
      id: started.checkoutId,
      state: "paid",
      amountSar: DEPOSIT,
      gatewayPaymentId: payment.id,
      nationalIdMasked: `••••••${started.body.nationalId.slice(-4)}`,
      refundable: true,
      withinRefundWindow: true,
    });
    expect(asManager.body).not.toContain(started.body.nationalId);

    // The agent sees the payment of their own lead, without the ID and without the refund.
    const asAgent = await t.app.inject({ url, headers: t.bearer(agent.token) });
    expect(asAgent.statusCode, asAgent.body).toBe(200);
    expect(asAgent.json().canRefund).toBe(false);
    expect(asAgent.json().items[0]).toMatchObject({ amountSar: DEPOSIT, state: "paid", nationalIdMasked: null });
    const other = await t.signIn("sales_agent");
    expect((await t.app.inject({ url, headers: t.bearer(other.token) })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/payments/${item.id}/refund`,
          payload: { reason: "x" },
          headers: t.bearer(agent.token),
        })
      ).statusCode,
    ).toBe(403);

    // Past the project's refund window (7 days) the cancellation no longer offers it.
    now = new Date(now.getTime() + 8 * 24 * 60 * 60_000);
    expect((await t.app.inject({ url, headers: t.bearer(manager.token) })).json().items[0].withinRefundWindow).toBe(
      false,
    );

    const refund = await t.app.inject({
      method: "POST",
      url: `/api/payments/${item.id}/refund`,
      payload: { reason: "ألغى العميل الحجز" },
      headers: t.bearer(manager.token),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = (await t.app.inject({ url, headers: t.bearer(manager.token) })).json().items[0];
    expect(after).toMatchObject({
      state: "refunded",
      refundedSar: DEPOSIT,
      refundable: false,
      refundReason: "ألغى العميل الحجز",
    });
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.entityType, "checkout"));
    expect(audits.some((a) => a.action === "refund" && a.entityId === String(item.id) && a.userId === manager.id)).toBe(
      true,
    );
  });
});
