import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { contactMessages } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";

const lead = (n: number, fields: Record<string, unknown> = {}) => ({
  name: `زائر ${n}`,
  email: `v${n}@example.com`,
  phone: "0551234567",
  message: "استفسار",
  ...fields,
});

/** A Saudi mobile number of its own for each n. */
const phoneOf = (n: number) => `05${String(50_000_000 + n).padStart(8, "0")}`;

/** A clock the test moves by hand (buildApp `clock`): the counters' windows run on it, no test waits. */
function movableClock(start = "2031-03-01T09:00:00Z") {
  let now = Date.parse(start);
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe("enquiry limits: defaults", () => {
  it("lets a carrier NAT through an ad burst (600 per IP) and the same person 5 times per 10 minutes", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.contactRateLimit).toMatchObject({
      max: 600,
      timeWindowMs: 10 * 60 * 1000,
      personMax: 5,
      minFillMs: 2000,
    });
  });
});

describe("contact rate limit per IP, counters in the database", () => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp({
      clock: clock.now,
      env: { CONTACT_RATE_LIMIT_MAX: "3", CONTACT_RATE_LIMIT_WINDOW_MINUTES: "10" },
    });
  });
  afterAll(async () => t.close());

  it("counts the requests of one IP across two instances sharing the database, then answers 429 with the wait", async () => {
    const second = await buildApp({
      db: t.db,
      config: t.config,
      site: t.site,
      storage: t.storage,
      logger: false,
      clock: clock.now,
    });
    try {
      const post = (app: typeof second, n: number, ip = "203.0.113.7") =>
        app.inject({ method: "POST", url: "/api/contact", payload: lead(n, { phone: phoneOf(n) }), remoteAddress: ip });
      expect((await post(t.app, 1)).statusCode).toBe(201);
      expect((await post(second, 2)).statusCode).toBe(201);
      expect((await post(t.app, 3)).statusCode).toBe(201);
      clock.advance(4 * 60 * 1000);
      const limited = await post(second, 4);
      expect(limited.statusCode).toBe(429);
      // Six minutes of the window are left: one sentence with the wait in minutes and the other ways to reach us.
      expect(limited.json().message).toBe(
        "وصلتنا طلبات كثيرة خلال وقت قصير، يمكنك الإرسال مرة أخرى بعد ٦ دقائق أو التواصل معنا الآن عبر واتساب أو الاتصال.",
      );
      expect(Number(limited.headers["retry-after"])).toBe(6 * 60);
      // Another visitor is not affected.
      expect((await post(t.app, 5, "198.51.100.9")).statusCode).toBe(201);
    } finally {
      await second.close();
    }
  });

  it("starts a new window once the old one has ended on the app's clock", async () => {
    const post = () =>
      t.app.inject({ method: "POST", url: "/api/contact", payload: lead(6), remoteAddress: "203.0.113.7" });
    expect((await post()).statusCode).toBe(429);
    clock.advance(6 * 60 * 1000);
    expect((await post()).statusCode).toBe(201);
  });
});

describe("contact rate limit per phone and per e-mail", () => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, env: { CONTACT_PERSON_RATE_LIMIT_MAX: "5" } });
  });
  afterAll(async () => t.close());

  const post = (payload: object, ip = "203.0.113.20") =>
    t.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: ip });
  const stored = async (phone: string) =>
    (await t.db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.phone, phone)))[0].n;

  it("stores the same phone 5 times in 10 minutes, whatever the address, then refuses it with the wait", async () => {
    // The same person from five addresses, typing the number in different ways (one E.164 counter).
    for (const [i, phone] of ["0551112233", "551112233", "+966551112233", "00966551112233", "٠٥٥١١١٢٢٣٣"].entries()) {
      expect((await post(lead(i, { phone }), `198.51.100.${i + 1}`)).statusCode).toBe(201);
    }
    clock.advance(60 * 1000);
    const refused = await post(lead(9, { phone: "0551112233" }), "198.51.100.99");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain("بعد ٩ دقائق");
    expect(Number(refused.headers["retry-after"])).toBe(9 * 60);
    expect(await stored("+966551112233")).toBe(5);
    // Someone else behind the same address is not affected.
    expect((await post(lead(10, { phone: "0551112244" }), "198.51.100.99")).statusCode).toBe(201);
    // The window ends: the person is welcome again.
    clock.advance(9 * 60 * 1000);
    expect((await post(lead(11, { phone: "0551112233" }))).statusCode).toBe(201);
    expect(await stored("+966551112233")).toBe(6);
  });

  it("counts an e-mail address across phones, case-insensitively", async () => {
    for (let i = 0; i < 5; i++) {
      const email = i % 2 ? "Same.Person@Example.com" : "same.person@example.com";
      expect((await post(lead(20 + i, { phone: phoneOf(20 + i), email }))).statusCode).toBe(201);
    }
    const refused = await post(lead(30, { phone: phoneOf(30), email: "same.person@example.com" }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain("بعد ١٠ دقائق");
  });

  it("answers a bot like a success and stores nothing: the honeypot, or a form sent faster than a person fills it", async () => {
    const phone = "0551119900";
    expect((await post(lead(40, { phone, website: "https://spam.example" }))).statusCode).toBe(201);
    expect((await post(lead(41, { phone, elapsedMs: 1999 }))).statusCode).toBe(201);
    expect(await stored("+966551119900")).toBe(0);
    // A person: the island measured more than the minimum, or no measure at all (sent without JavaScript).
    expect((await post(lead(42, { phone, elapsedMs: 2000 }))).statusCode).toBe(201);
    expect((await post(lead(43, { phone }))).statusCode).toBe(201);
    expect(await stored("+966551119900")).toBe(2);
  });

  it("refuses a measure that is not a number, naming the field", async () => {
    const res = await post(lead(50, { phone: phoneOf(50), elapsedMs: "soon" }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(["elapsedMs"]);
  });
});
