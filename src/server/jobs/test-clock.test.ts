/**
 * The movable test clock (clock.ts, test-clock.ts): switched on only by TEST_CLOCK and refused on a server reachable
 * from outside (config.ts); its API exists only then and only over loopback; moving it runs the jobs due at the new
 * time (a lead's response clock) and it never moves back.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { projects } from "../db/schema.ts";
import { notifications } from "../db/tables/lead-desk.ts";
import { putAgents } from "../test-utils/agents.ts";
import { createTestApp, type TestApp } from "../test-utils/app.ts";
import { movableClock } from "./clock.ts";

describe("TEST_CLOCK", () => {
  it("is off by default and accepted only on a server nobody else reaches", () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: "1", PUBLIC_URL: "http://127.0.0.1:3100" }).testClock).toBe(true);
    for (const env of [
      { PUBLIC_URL: "https://example.sa" },
      { HOST: "0.0.0.0" },
      { TRUST_PROXY: "1" },
      { NODE_ENV: "production", PUBLIC_URL: "https://jeddah-developer.sa", HOST: "0.0.0.0" },
    ]) {
      expect(() => loadConfig({ ...env, TEST_CLOCK: "1" })).toThrow(/TEST_CLOCK: .*refused/);
    }
  });
});

describe("movableClock", () => {
  it("runs with the wall clock plus an offset that only moves forward", () => {
    let wall = new Date("2026-11-27T09:00:00Z");
    const clock = movableClock(() => wall);
    expect(clock.advance(60_000)).toEqual(new Date("2026-11-27T09:01:00Z"));
    wall = new Date("2026-11-27T09:00:05Z");
    expect(clock.now()).toEqual(new Date("2026-11-27T09:01:05Z"));
    expect(clock.set(new Date("2026-11-28T00:00:00Z"))).toEqual(new Date("2026-11-28T00:00:00Z"));
    expect(() => clock.set(new Date("2026-11-27T00:00:00Z"))).toThrow(RangeError);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });
});

describe("/api/test/clock", () => {
  let t: TestApp;
  let plain: TestApp;
  let wall = new Date("2026-11-23T09:00:00Z");
  const clock = movableClock(() => wall);

  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" }, testClock: clock });
    plain = await createTestApp({ env: { JOBS_INTERVAL_MS: "0" } });
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  it("does not exist without the test clock", async () => {
    for (const method of ["GET", "POST"] as const) {
      const res = await plain.app.inject({ method, url: "/api/test/clock", payload: { advanceMs: 1000 } });
      expect(res.statusCode).toBe(404);
    }
  });

  it("answers only over loopback", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/clock", remoteAddress: "203.0.113.5" });
    expect(res.statusCode).toBe(404);
  });

  it("moves the app's clock and runs what is due then: the lead clock's first step", async () => {
    const manager = await t.signIn("manager");
    const agent = await t.signIn("sales_agent");
    const [project] = await t.db.insert(projects).values({ name: "مشروع الساعة", city: "جدة" }).returning();
    await putAgents(t, manager, project.id, [agent]);
    const lead = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "منى", phone: "0560000092", message: "أرغب في زيارة", projectReference: project.id },
      remoteAddress: "203.0.113.92",
    });
    const leadId = lead.json().id as number;
    const waiting = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.leadId, leadId), eq(notifications.kind, "sla_agent")));
    // The wall clock flows on meanwhile; the test clock keeps its offset.
    wall = new Date(wall.getTime() + 2000);

    const early = await t.app.inject({ method: "POST", url: "/api/test/clock", payload: { advanceMs: 4 * 60_000 } });
    expect(early.statusCode).toBe(200);
    expect(early.json().now).toBe("2026-11-23T09:04:02.000Z");
    expect(await waiting()).toHaveLength(0);

    const due = await t.app.inject({ method: "POST", url: "/api/test/clock", payload: { at: "2026-11-23T09:05:02Z" } });
    expect(due.json().now).toBe("2026-11-23T09:05:02.000Z");
    expect(await waiting()).toHaveLength(1);
    const read = await t.app.inject({ method: "GET", url: "/api/test/clock" });
    expect(read.json()).toEqual({ now: "2026-11-23T09:05:02.000Z" });
    expect(t.app.clock().toISOString()).toBe("2026-11-23T09:05:02.000Z");
  });

  it("refuses bad input with fields and never moves back", async () => {
    const none = await t.app.inject({ method: "POST", url: "/api/test/clock", payload: {} });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().fields)).toEqual(["advanceMs"]);
    const negative = await t.app.inject({ method: "POST", url: "/api/test/clock", payload: { advanceMs: -5 } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields.advanceMs).toBeTruthy();
    const back = await t.app.inject({
      method: "POST",
      url: "/api/test/clock",
      payload: { at: "2026-01-01T00:00:00Z" },
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().fields.at).toBeTruthy();
    const text = await t.app.inject({ method: "POST", url: "/api/test/clock", payload: { at: "tomorrow" } });
    expect(text.statusCode).toBe(400);
    expect(text.json().fields.at).toBeTruthy();
  });
});
