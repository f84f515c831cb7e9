/**
 * Answers of the lead desk's settings, activity, owner and PDPL routes (src/server/modules/leads/desk/routes.ts),
 * declared once so the routes, the OpenAPI document and the admin screens share them (docs/decisions/022-lead-desk-assignment-and-response-clock.md).
 * Times are ISO 8601 strings; ids of staff are UUIDs; durations in seconds.
 */
import { z } from "zod";

/** GET /api/leads/agents: the agents of each project's list (projectId null = the site default list). */
export const agentListSchema = z.object({
  projectId: z.number().nullable(),
  agents: z.array(z.object({ userId: z.string(), name: z.string(), away: z.boolean() })),
});

/** PUT /api/leads/agents answer: the list as stored. */
export const agentListSavedSchema = z.object({
  projectId: z.number().nullable(),
  userIds: z.array(z.string()),
  /** Unassigned open leads dealt to the agents in turn by this change (docs/decisions/075-merge-and-assign-by-what-people-know.md). */
  assigned: z.number().optional(),
});

/** PUT /api/leads/agents/{userId}/away answer. */
export const agentAwayStateSchema = z.object({
  userId: z.string(),
  away: z.boolean(),
  /** Unassigned open leads dealt in turn when the agent came back. */
  assigned: z.number().optional(),
});

/** POST /api/leads/{id}/activities answer: the lead's first-contact and follow-up times after the activity. */
export const activityLoggedSchema = z.object({
  firstContactAt: z.string().nullable(),
  followUpAt: z.string().nullable(),
  secondsToFirstContact: z.number().nullable(),
});

/** PUT /api/leads/{id}/owner answer. */
export const ownerSetSchema = z.object({ ownerId: z.string() });

/** GET /api/leads/person: everything stored about one person (PDPL access request), as JSON. */
export const personExportSchema = z.object({
  person: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  enquiries: z.array(z.record(z.string(), z.unknown())),
  /** What other channels hold about the person, by channel (e.g. "whatsapp": the messages both ways). */
  channels: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).default({}),
});

/**
 * GET /api/leads/stats: the dashboard's lead figures in the viewer's scope (docs/product.md §2.11, §2.16).
 * `today`/`weekStart` are the Jeddah calendar days (YYYY-MM-DD, UTC+3; the week starts on Sunday) the counts start
 * from, so a card links to the list filtered from that day. `agents`: the median seconds from creation to the first
 * logged contact of the leads each agent owns, over leads created in the last 30 days and contacted.
 */
export const leadStatsSchema = z.object({
  today: z.string(),
  weekStart: z.string(),
  newToday: z.number(),
  newThisWeek: z.number(),
  unassigned: z.number(),
  overdue: z.number(),
  agents: z.array(
    z.object({ ownerId: z.string(), name: z.string(), contacted: z.number(), medianSeconds: z.number() }),
  ),
});
export type LeadStats = z.infer<typeof leadStatsSchema>;

export type AgentList = z.infer<typeof agentListSchema>;
export type ActivityLogged = z.infer<typeof activityLoggedSchema>;
export type PersonExport = z.infer<typeof personExportSchema>;
