/**
 * The lead outbox worker as the running server has it (worker.ts, reached as `app.leadOutbox`): started on onReady,
 * a committed lead is delivered at once (the contact route kicks the worker; the poll interval here is 60 s, so only
 * the kick can deliver within the test); a receiver that never answers holds only its own destination's slots, so a
 * healthy receiver's leads arrive without waiting for its timeouts; closing the app stops the worker and gives back
 * the claims still in flight.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { projects } from "../../db/schema.ts";
import { webhookDeliveries } from "../../db/tables/lead-desk.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";
import { ATTEMPT_TIMEOUT_MS } from "./outbox.ts";

let t: TestApp;
let server: http.Server;
const bodies: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString("utf8");
    });
    req.on("end", () => {
      bodies.push(body);
      res.end("ok");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "1", JOBS_INTERVAL_MS: "60000" } });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it("delivers a new lead right after it is committed, without waiting for the next poll", async () => {
  const manager = (await t.signIn("manager")).token;
  const [project] = await t.db.insert(projects).values({ name: "مشروع العامل", city: "جدة" }).returning();
  const port = (server.address() as AddressInfo).port;
  const page = await t.app.inject({
    method: "POST",
    url: `/api/landing-pages/${project.id}`,
    payload: {
      slug: "worker-page",
      poster: "/media/images/dddddddddddddddd.webp",
      webhookUrl: `http://127.0.0.1:${port}/in`,
    },
    headers: t.bearer(manager),
  });
  expect(page.statusCode).toBe(201);

  const lead = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "عميل فوري", email: "now@example.com", phone: "0509999999", landingPageId: page.json().id },
  });
  expect(lead.statusCode).toBe(201);

  const deadline = Date.now() + 5000;
  let status = "pending";
  while (Date.now() < deadline && status !== "delivered") {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [row] = await t.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.contactMessageId, lead.json().id));
    status = row?.status ?? "missing";
  }
  expect(status).toBe("delivered");
  expect(bodies.some((b) => b.includes("عميل فوري"))).toBe(true);
});

it("delivers a healthy receiver's leads while a dead receiver's attempts are still waiting for their timeout", async () => {
  const manager = (await t.signIn("manager")).token;
  // The dead receiver accepts connections and never answers.
  const dead = http.createServer(() => {});
  dead.listen(0, "127.0.0.1");
  await once(dead, "listening");
  let open = 0;
  dead.on("request", () => {
    open += 1;
  });
  const healthyNames: string[] = [];
  let onHealthy = () => {};
  const healthy = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString("utf8");
    });
    req.on("end", () => {
      healthyNames.push(JSON.parse(body).data.name);
      res.end("ok");
      onHealthy();
    });
  });
  healthy.listen(0, "127.0.0.1");
  await once(healthy, "listening");
  const urlOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;

  try {
    const [project] = await t.db.insert(projects).values({ name: "مشروع الوجهتين", city: "جدة" }).returning();
    const page = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${project.id}`,
      payload: { slug: "two-receivers", poster: "/media/images/ffffffffffffffff.webp", webhookUrl: urlOf(healthy) },
      headers: t.bearer(manager),
    });
    expect(page.statusCode).toBe(201);
    const google = page.json().campaigns.find((c: { platformName: string }) => c.platformName === "google");
    const hook = await t.app.inject({
      method: "PUT",
      url: `/api/landing-campaigns/${google.id}/webhook`,
      payload: { webhookUrl: urlOf(dead) },
      headers: t.bearer(manager),
    });
    expect(hook.statusCode).toBe(200);

    const lead = async (name: string, campaignId?: number) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: {
          name,
          email: `${Date.now()}.${Math.random()}@example.com`,
          phone: "0502222222",
          landingPageId: page.json().id,
          campaignId,
        },
        remoteAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    // Three leads for the dead receiver first (oldest due first), then three for the healthy one.
    const started = Date.now();
    const deadLeads = [await lead("ميت 1", google.id), await lead("ميت 2", google.id), await lead("ميت 3", google.id)];
    const arrived = new Promise<void>((resolve) => {
      onHealthy = () => {
        if (healthyNames.length >= 3) resolve();
      };
    });
    await lead("سليم 1");
    await lead("سليم 2");
    await lead("سليم 3");
    await arrived;

    expect(healthyNames.sort()).toEqual(["سليم 1", "سليم 2", "سليم 3"]);
    expect(Date.now() - started).toBeLessThan(ATTEMPT_TIMEOUT_MS);
    // The dead receiver holds two attempts (its own limit); none has timed out, the third waits its turn.
    expect(open).toBe(2);
    const deadRows = await t.db
      .select({ attempts: webhookDeliveries.attempts, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.contactMessageId, deadLeads));
    expect(deadRows).toEqual([
      { attempts: 0, status: "pending" },
      { attempts: 0, status: "pending" },
      { attempts: 0, status: "pending" },
    ]);
  } finally {
    await t.app.leadOutbox.stop();
    dead.closeAllConnections();
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    await new Promise<void>((resolve) => healthy.close(() => resolve()));
  }
});
