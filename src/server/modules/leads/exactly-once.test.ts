/**
 * Exactly-once delivery per event id with two instances on one database (docs/webhooks.md "Several instances";
 * docs/decisions/010-lead-outbox-claims.md): two apps — on PostgreSQL each with its own pool, on PGlite sharing the
 * one connection — poll the same outbox while a real local receiver takes 4 s per answer. The 4 s are a fake clock:
 * the receiver holds every request; each round both workers poll, then the clock moves 4 s and the receiver answers
 * its oldest request only, so every request stays in flight over several polls of the other worker (about 16 s of
 * fake time) and the whole run spans about 100 s. A lease shorter than an attempt in flight, or one lease for a
 * batch sent one after another (20 × 4 s > 40 s), would let the other worker claim a row that is still being sent.
 */
import http from "node:http";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import type { Database } from "../../db/connection.ts";
import { landingPages, projects } from "../../db/schema.ts";
import { webhookDeliveries } from "../../db/tables/lead-desk.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";
import { listenLocally, stopLocally } from "../../test-utils/listen.ts";
import { claimNextDelivery, recordAttempt } from "./outbox.ts";

/** A receiver that holds every response until `answerOldest()`; `waitForHeld(n)` resolves once n requests wait. */
async function holdingReceiver() {
  const held: http.ServerResponse[] = [];
  const eventIds: string[] = [];
  let waiter: { count: number; resolve: () => void } | null = null;
  const check = () => {
    if (waiter && held.length >= waiter.count) {
      waiter.resolve();
      waiter = null;
    }
  };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      eventIds.push(String(req.headers["webhook-id"]));
      held.push(res);
      check();
    });
  });
  const base = await listenLocally(server);
  return {
    url: `${base}/crm`,
    eventIds,
    waitForHeld(count: number): Promise<void> {
      return new Promise((resolve) => {
        waiter = { count, resolve };
        check();
      });
    },
    /** Answers the request that has waited longest; false when none waits. */
    answerOldest(): boolean {
      const res = held.shift();
      res?.end("ok");
      return Boolean(res);
    },
    close: () => stopLocally(server),
  };
}

const LEADS = 25;
const RECEIVER_LATENCY_MS = 4000;

let t: TestApp;
let peer: Database;
let second: FastifyInstance;
let receiver: Awaited<ReturnType<typeof holdingReceiver>>;
let fakeNow = Date.now();
const clock = () => new Date(fakeNow);

beforeAll(async () => {
  receiver = await holdingReceiver();
  // Timers off: the test polls both workers itself, so it decides when each one looks at the outbox.
  const env = { WEBHOOK_ALLOW_PRIVATE: "1", JOBS_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" };
  t = await createTestApp({ env, clock });
  peer = await t.openPeerDatabase();
  second = await buildApp({ db: peer.db, config: t.config, site: t.site, storage: t.storage, logger: false, clock });
  await second.ready();
});

afterAll(async () => {
  await second.close();
  await peer.close();
  await t.close();
  await receiver.close();
});

it("delivers 25 leads 25 times with two workers and a receiver that answers after 4 s", async () => {
  const manager = (await t.signIn("manager")).token;
  const [project] = await t.db.insert(projects).values({ name: "مشروع المرة الواحدة", city: "جدة" }).returning();
  const page = await t.app.inject({
    method: "POST",
    url: `/api/landing-pages/${project.id}`,
    payload: { slug: "exactly-once", poster: "/media/images/eeeeeeeeeeeeeeee.webp", webhookUrl: receiver.url },
    headers: t.bearer(manager),
  });
  expect(page.statusCode).toBe(201);
  const leadIds: number[] = [];
  for (let i = 0; i < LEADS; i += 1) {
    const res = await (i % 2 ? second : t.app).inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: `عميل ${i}`, email: `once${i}@example.com`, phone: "0501111111", landingPageId: page.json().id },
    });
    expect(res.statusCode).toBe(201);
    leadIds.push(res.json().id);
  }
  fakeNow = Date.now();

  const workers = [t.app.leadOutbox, second.leadOutbox];
  let rounds = 0;
  let maxInFlight = 0;
  for (; rounds < 4 * LEADS; rounds += 1) {
    await Promise.all(workers.map((w) => w.pump()));
    const inFlight = workers.reduce((sum, w) => sum + w.inFlight, 0);
    if (inFlight === 0) break;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Every request sent has reached the receiver and both workers have polled since: 4 s pass, it answers one.
    await receiver.waitForHeld(inFlight);
    fakeNow += RECEIVER_LATENCY_MS;
    receiver.answerOldest();
    await Promise.race(workers.filter((w) => w.inFlight > 0).map((w) => w.settleAny()));
  }

  // Both workers were sending at once, and the run outlasted a lease many times over.
  expect(maxInFlight).toBeGreaterThan(2);
  expect(rounds * RECEIVER_LATENCY_MS).toBeGreaterThanOrEqual(LEADS * RECEIVER_LATENCY_MS);
  expect(receiver.eventIds).toHaveLength(LEADS);
  expect(new Set(receiver.eventIds).size).toBe(LEADS);
  const rows = await t.db
    .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.contactMessageId, leadIds));
  expect(rows).toHaveLength(LEADS);
  expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
  expect(t.app.leadOutbox.summary.delivered + second.leadOutbox.summary.delivered).toBe(LEADS);
  expect(t.app.leadOutbox.summary.delivered).toBeGreaterThan(0);
  expect(second.leadOutbox.summary.delivered).toBeGreaterThan(0);
});

it("records an attempt only while the claim is still ours (the lease end is the claim token)", async () => {
  const [page] = await t.db.select().from(landingPages).where(eq(landingPages.slug, "exactly-once"));
  const lead = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "عميل المهلة", email: "lease@example.com", phone: "0501111112", landingPageId: page.id },
  });
  expect(lead.statusCode).toBe(201);
  // Leads are stamped with the app clock (the fake one here), so the claims start from it.
  const start = new Date(fakeNow + 1000);
  const first = await claimNextDelivery(t.db, start, 5000);
  expect(first?.contactMessageId).toBe(lead.json().id);
  // While the lease lives, the other instance finds nothing to claim.
  expect(await claimNextDelivery(peer.db, new Date(start.getTime() + 4999), 5000)).toBeNull();
  // After it, the other instance takes the row over; the first worker's late result is not written.
  const later = new Date(start.getTime() + 5000);
  const second = await claimNextDelivery(peer.db, later, 5000);
  expect(second?.id).toBe(first?.id);
  if (!first || !second) throw new Error("claims expected");
  const ok = { ok: true, statusCode: 200, error: null };
  expect(await recordAttempt(t.db, first, { ok: false, statusCode: 500, error: "late" }, later)).toBe("lost");
  expect(await recordAttempt(peer.db, second, ok, later)).toBe("delivered");
  const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, first.id));
  expect(row).toMatchObject({ status: "delivered", attempts: 1, lastError: null, lockedUntil: null });
});
