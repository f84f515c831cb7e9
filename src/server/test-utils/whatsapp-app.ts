/**
 * The common start of the WhatsApp API tests (docs/decisions/092-whatsapp-cloud-api-in-the-lead-desk.md): the Cloud
 * API stand-in, a fresh app that reaches it (jobs run only when a test calls `app.jobs.runDue()`), a manager signed
 * in, and WhatsApp connected through `PUT /api/whatsapp` with secrets named after the test file.
 *
 *   const w = await openWhatsappTest("review", { clock: () => now });
 *   await w.buyerWrites("966507770001", "wamid.review1", "مرحبا");
 *   await w.close();
 */

import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { whatsappMessages } from "../db/tables/whatsapp.ts";
import { createTestApp, type TestApp, type TestUser } from "./app.ts";
import { notification, sign, startWhatsappCloud, textMessage, type WhatsappCloud } from "./whatsapp-cloud.ts";

/** The WhatsApp Business ids the connection names (any digits: the stand-in answers every id). */
export const WHATSAPP_IDS = { phoneNumberId: "106540352242922", businessAccountId: "102290129340398" };

export interface WhatsappTest {
  cloud: WhatsappCloud;
  t: TestApp;
  manager: TestUser;
  /** The access token (the stand-in's one valid token), app secret (signs webhooks) and verify token. */
  secrets: { accessToken: string; appSecret: string; verifyToken: string };
  /** Posts `body` to the webhook signed with the app secret, as Meta does; expects 200. */
  deliver(body: string): Promise<void>;
  /** A buyer's text message `waMessageId` from `waId` arrives; returns the lead it opened or joined (0: none). */
  buyerWrites(waId: string, waMessageId: string, text: string): Promise<number>;
  /** Switches on project `projectId`'s greeting with Arabic template `templateName` as the manager; the answer. */
  putGreeting(projectId: number, templateName: string): Promise<LightMyRequestResponse>;
  /** Merges lead `otherId` into lead `keptId` as the manager (expects 200). */
  mergeLeads(keptId: number, otherId: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the stand-in and the app (`env` added to its settings, `clock` its one clock), signs in a manager and
 * connects WhatsApp (expects 200). `name` tells the secrets of one test file from another's.
 */
export async function openWhatsappTest(
  name: string,
  options: { clock: () => Date; env?: Record<string, string> },
): Promise<WhatsappTest> {
  const secrets = {
    accessToken: `EAAG-token-${name}`,
    appSecret: `${name}-app-secret`,
    verifyToken: `verify-token-${name}`,
  };
  const cloud = await startWhatsappCloud({ token: secrets.accessToken });
  const t = await createTestApp({
    env: { WHATSAPP_GRAPH_URL: cloud.graphUrl, JOBS_INTERVAL_MS: "0", ...options.env },
    clock: options.clock,
  });
  const manager = await t.signIn("manager");
  const connect = await t.app.inject({
    method: "PUT",
    url: "/api/whatsapp",
    payload: { enabled: true, ...WHATSAPP_IDS, ...secrets },
    headers: t.bearer(manager.token),
  });
  expect(connect.statusCode, connect.body).toBe(200);

  const deliver = async (body: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/whatsapp/webhook",
      payload: body,
      headers: { "content-type": "application/json", "x-hub-signature-256": sign(body, secrets.appSecret) },
    });
    expect(res.statusCode).toBe(200);
  };
  return {
    cloud,
    t,
    manager,
    secrets,
    deliver,
    async buyerWrites(waId, waMessageId, text) {
      await deliver(notification({ messages: [textMessage(waId, waMessageId, text)] }));
      const [row] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, waMessageId));
      return row.leadId ?? 0;
    },
    putGreeting: (projectId, templateName) =>
      t.app.inject({
        method: "PUT",
        url: `/api/whatsapp/greetings/${projectId}`,
        payload: { enabled: true, templateName, language: "ar" },
        headers: t.bearer(manager.token),
      }),
    async mergeLeads(keptId, otherId) {
      const merged = await t.app.inject({
        method: "POST",
        url: `/api/leads/${keptId}/merge`,
        payload: { otherId },
        headers: t.bearer(manager.token),
      });
      expect(merged.statusCode, merged.body).toBe(200);
    },
    async close() {
      await t.close();
      await cloud.close();
    },
  };
}
