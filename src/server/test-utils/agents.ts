/**
 * The lead desk's agents list for API tests (docs/decisions/022-lead-desk-assignment-and-response-clock.md):
 * `PUT /api/leads/agents` as a manager, so new leads of `projectId` (null: the general list) are handed round
 * `agents` in that order.
 */
import { expect } from "vitest";
import type { TestApp, TestUser } from "./app.ts";

/** Puts `agents` on the list of `projectId` (null: every project) signed in as `manager`; expects 200. */
export async function putAgents(t: TestApp, manager: TestUser, projectId: number | null, agents: TestUser[]) {
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/leads/agents",
    payload: { projectId, userIds: agents.map((a) => a.id) },
    headers: t.bearer(manager.token),
  });
  expect(res.statusCode, res.body).toBe(200);
}
