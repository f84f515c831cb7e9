/**
 * The request and response shapes of the visit routes (./routes.ts; docs/decisions/088-site-visits.md): answers are
 * described as the services return them; the manage token is text like every input (src/domain/schemas/text.ts).
 */
import { z } from "zod";
import { text } from "#domain/schemas/text.ts";
import { VISIT_LIST_PERIODS, VISIT_PLACE_KINDS, VISIT_STATUSES, visitSettingsSchema } from "#domain/visits.ts";

export const slotSchema = z.object({ startsAt: z.string(), endsAt: z.string(), available: z.boolean() });

export const conflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  nextSlots: z.array(slotSchema),
});

export const settingsViewSchema = visitSettingsSchema.extend({
  projectId: z.number(),
  configured: z.boolean(),
  mapUrl: z.string().optional(),
  days: z.array(z.number()),
  closedDates: z.array(z.string()),
  placeName: z.string(),
  whatsappTemplateName: z.string().optional(),
  whatsappTemplateLanguage: z.string(),
});

export const visitViewSchema = z.object({
  id: z.number(),
  status: z.enum(VISIT_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  name: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  placeKind: z.enum(VISIT_PLACE_KINDS),
  placeName: z.string(),
  mapUrl: z.string().nullable(),
  agentName: z.string().nullable(),
  agentPhone: z.string(),
});

export const tokenParam = z.object({ token: text().min(1).max(500) });

export const dayVisitSchema = z.object({
  id: z.number(),
  leadId: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(VISIT_STATUSES),
  name: z.string(),
  phone: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  unitId: z.number().nullable(),
  agentId: z.string().nullable(),
  outcomeNote: z.string().nullable(),
});

/** GET /api/visits: the period (first and last Riyadh dates), the server's date, the status kept, the visits. */
export const visitListSchema = z.object({
  period: z.enum(VISIT_LIST_PERIODS),
  today: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(VISIT_STATUSES).nullable(),
  visits: z.array(dayVisitSchema),
});
