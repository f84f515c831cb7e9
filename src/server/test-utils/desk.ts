/**
 * The lead desk's API test set-up (docs/decisions/022-lead-desk-assignment-and-response-clock.md,
 * docs/decisions/057-one-job-engine-and-one-clock.md): a business clock that stands still until the test moves it,
 * a desk (an app on that clock, a manager, sales agents and one project in Jeddah, optionally with the agents on the
 * project's list) and SPEC's contact form sending one project enquiry.
 */
import { expect } from "vitest";
import { projects } from "../db/schema.ts";
import { putAgents } from "./agents.ts";
import { createTestApp, type TestApp, type TestUser } from "./app.ts";

/** A clock for the app's `clock` option that moves only when the test moves it. */
export interface StillClock {
  /** The current instant. */
  now(): Date;
  /** Moves the clock forward by `minutes`. */
  advance(minutes: number): void;
  /** Puts the clock at `at` (earlier or later). */
  set(at: string | Date): void;
}

/** A still clock starting at `start` (an ISO instant). */
export function stillClock(start: string): StillClock {
  let at = new Date(start);
  return {
    now: () => at,
    advance(minutes) {
      at = new Date(at.getTime() + minutes * 60_000);
    },
    set(to) {
      at = new Date(to);
    },
  };
}

/** What `openDesk` makes: the app, the signed-in manager, the signed-in agents (in order) and the project's id. */
export interface Desk {
  t: TestApp;
  manager: TestUser;
  agents: TestUser[];
  projectId: number;
}

/**
 * Builds an app on `clock` with `env`, signs in a manager then `agents` sales agents, inserts the project
 * `projectName` (city جدة) and, with `assign`, puts every agent on that project's list (expects 200).
 */
export async function openDesk(options: {
  clock: StillClock;
  env: Record<string, string>;
  agents: number;
  projectName: string;
  assign?: boolean;
}): Promise<Desk> {
  const t = await createTestApp({ env: options.env, clock: options.clock.now });
  const manager = await t.signIn("manager");
  const agents: TestUser[] = [];
  for (let i = 0; i < options.agents; i += 1) agents.push(await t.signIn("sales_agent"));
  const [project] = await t.db.insert(projects).values({ name: options.projectName, city: "جدة" }).returning();
  if (options.assign) await putAgents(t, manager, project.id, agents);
  return { t, manager, agents, projectId: project.id };
}

/**
 * Posts one project enquiry to SPEC's `POST /api/contact` from `ip` and expects 201. Returns the answer: the
 * enquiry's `id` and the `leadId` it opened or joined.
 */
export async function sendProjectEnquiry(
  t: TestApp,
  enquiry: { name: string; phone: string; message: string; projectId: number; ip: string },
): Promise<{ id: number; leadId: number }> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      name: enquiry.name,
      phone: enquiry.phone,
      message: enquiry.message,
      projectReference: enquiry.projectId,
    },
    remoteAddress: enquiry.ip,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
