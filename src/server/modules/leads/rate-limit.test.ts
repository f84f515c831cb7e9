import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";

const lead = (n: number) => ({
  name: `زائر ${n}`,
  email: `v${n}@example.com`,
  phone: "0551234567",
  message: "استفسار",
});

describe("contact rate limit with counters in the database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT_MAX: "3", CONTACT_RATE_LIMIT_WINDOW_MINUTES: "10" } });
  });
  afterAll(async () => t.close());

  it("counts the requests of one IP across two instances sharing the database, then answers 429 in Arabic", async () => {
    const second = await buildApp({ db: t.db, config: t.config, site: t.site, storage: t.storage, logger: false });
    try {
      const post = (app: typeof second, n: number, ip = "203.0.113.7") =>
        app.inject({ method: "POST", url: "/api/contact", payload: lead(n), remoteAddress: ip });
      expect((await post(t.app, 1)).statusCode).toBe(201);
      expect((await post(second, 2)).statusCode).toBe(201);
      expect((await post(t.app, 3)).statusCode).toBe(201);
      const limited = await post(second, 4);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/طلبات كثيرة/);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      // Another visitor is not affected.
      expect((await post(t.app, 5, "198.51.100.9")).statusCode).toBe(201);
    } finally {
      await second.close();
    }
  });

  it("starts a new window once the old one has ended", async () => {
    await t.db.execute("update rate_limits set reset_at = now() - interval '1 second'");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: lead(6),
      remoteAddress: "203.0.113.7",
    });
    expect(res.statusCode).toBe(201);
  });
});
