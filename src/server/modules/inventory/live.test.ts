/**
 * Live inventory (docs/decisions/078-stacking-plan-and-bulk-generation.md): a grid's event stream, opened with a
 * short-lived ticket, hears a hold made through the API (another instance on PostgreSQL: NOTIFY through the
 * database); a ticket that is forged or expired (fake clock) answers 401.
 */
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import type { Database } from "../../db/connection.ts";
import { projects, units } from "../../db/schema.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";

let now = new Date("2026-12-01T09:00:00.000Z");
let t: TestApp;
let peer: Database;
let listener: FastifyInstance;
let agent: TestUser;
let projectId: number;
let unitId: number;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { JOBS_INTERVAL_MS: "0" } });
  peer = await t.openPeerDatabase();
  // The instance the screen is connected to; the hold is made through the other one.
  listener = await buildApp({
    db: peer.db,
    config: t.config,
    site: t.site,
    storage: t.storage,
    logger: false,
    clock: () => now,
  });
  await listener.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(listener.server.address() as AddressInfo).port}`;
  agent = await t.signIn("sales_agent");
  const [project] = await t.db
    .insert(projects)
    .values({ name: "برج البث", city: "جدة" })
    .returning({ id: projects.id });
  projectId = project.id;
  const [unit] = await t.db
    .insert(units)
    .values({ projectId, unitNumber: "0304", price: 1 })
    .returning({ id: units.id });
  unitId = unit.id;
}, 120_000);

afterAll(async () => {
  await listener.close();
  await peer.close();
  await t.close();
});

async function ticket(): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/inventory/stream-ticket",
    headers: t.bearer(agent.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().ticket;
}

it("streams a committed change of the project to a grid opened with a ticket", async () => {
  const controller = new AbortController();
  const res = await fetch(
    `${base}/api/projects/${projectId}/inventory/events?ticket=${encodeURIComponent(await ticket())}`,
    {
      signal: controller.signal,
    },
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  expect(res.headers.get("x-accel-buffering")).toBe("no");
  expect(res.headers.get("content-encoding")).toBeNull();
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const until = async (marker: string) => {
    while (!text.includes(marker)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before ${marker}`);
      text += decoder.decode(value);
    }
  };
  // Once the stream is open (its first line arrived), a hold through the other instance.
  await until("retry:");
  const hold = await t.app.inject({
    method: "POST",
    url: `/api/units/${unitId}/holds`,
    payload: {},
    headers: t.bearer(agent.token),
  });
  expect(hold.statusCode).toBe(201);
  await until("event: change");
  expect(text).toContain(`event: change\ndata: {"projectId":${projectId}}`);
  controller.abort();
});

it("refuses a forged or expired ticket with 401", async () => {
  const url = (value: string) => `/api/projects/${projectId}/inventory/events?ticket=${encodeURIComponent(value)}`;
  expect((await t.app.inject({ method: "GET", url: url("forged") })).statusCode).toBe(401);
  const old = await ticket();
  now = new Date(now.getTime() + 61_000);
  expect((await t.app.inject({ method: "GET", url: url(old) })).statusCode).toBe(401);
});
