/**
 * The webhook worker as the running server has it (issue 6): started by the landing plugin on onReady, a committed
 * lead is delivered at once (the contact route kicks the worker; the poll interval here is 60 s, so only the kick can
 * deliver within the test), and closing the app stops it.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { projects, webhookDeliveries } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";

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
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_WORKER_INTERVAL_MS: "60000" } });
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
