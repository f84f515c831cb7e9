/**
 * What the lead-form API tests share (src/server/modules/lead-forms: snapchat.test.ts, tiktok.test.ts, secrecy.test.ts,
 * snapchat-secrecy.test.ts; docs/lead-forms.md): a project whose leads go to one sales agent by round robin, and a
 * second app on the test app's database that writes its log at the most detailed level where the test reads it.
 * Test code only.
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../app.ts";
import { contactMessages, projects } from "../db/schema.ts";
import type { TestApp, TestUser } from "./app.ts";

/** Signs in a manager, makes project `name` and gives its round robin one new sales agent. */
export async function projectWithAgent(
  t: TestApp,
  name: string,
): Promise<{ manager: TestUser; agent: TestUser; projectId: number }> {
  const manager = await t.signIn("manager");
  const [project] = await t.db.insert(projects).values({ name, city: "جدة" }).returning();
  const agent = await t.signIn("sales_agent");
  const agents = await t.app.inject({
    method: "PUT",
    url: "/api/leads/agents",
    payload: { projectId: project.id, userIds: [agent.id] },
    headers: t.bearer(manager.token),
  });
  expect(agents.statusCode, agents.body).toBe(200);
  return { manager, agent, projectId: project.id };
}

/** An app on `t`'s database and configuration whose log lines (level trace) land in `lines`; ready, to be closed. */
export async function appWithLog(t: TestApp, clock: () => Date) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    db: t.db,
    config: t.config,
    site: t.site,
    storage: t.storage,
    logger: { level: "trace", stream },
    clock,
  });
  await app.ready();
  return { app, lines };
}

/**
 * Saves the `platform` connection (`PUT /api/lead-forms/{platform}`) with `payload` as `manager`, on `app` (default
 * the test app; a second instance such as appWithLog's). Returns the answer.
 */
export function putConnection(
  t: TestApp,
  manager: TestUser,
  platform: "meta" | "tiktok" | "snapchat" | "google",
  payload: Record<string, unknown>,
  app: FastifyInstance = t.app,
) {
  return app.inject({ method: "PUT", url: `/api/lead-forms/${platform}`, payload, headers: t.bearer(manager.token) });
}

/** The enquiry (contact_messages row) a stored platform lead names by `enquiryId`; undefined when there is none. */
export async function enquiryOf(t: TestApp, enquiryId: number | null) {
  const [enquiry] = await t.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, enquiryId ?? 0));
  return enquiry;
}
