/**
 * The automatic greeting of a new enquiry (docs/whatsapp.md "Greeting"), per project, off by default:
 * - GET /api/whatsapp/greetings lists every project with its greeting; PUT /api/whatsapp/greetings/{projectId} sets
 *   it (an approved UTILITY template of the account with at most two variables: {{1}} the buyer's name, {{2}} the
 *   project's name). Audited.
 * - The lead listener `whatsappGreetingListener` (registered in app.ts on leads/events.ts "created") queues the
 *   template in the enquiry's own transaction when the project's greeting is on, the connection is on, and the person
 *   ticked «تواصلوا معي عبر واتساب» (business-initiated messages go only to opted-in people). The send queue's timer
 *   sends it within seconds (JOBS_INTERVAL_MS), well within a minute. It is marked automated («ترحيب آلي»): it is on
 *   the conversation with what sent it, and it never stops the response clock (outbox.ts).
 */
import { asc, eq } from "drizzle-orm";
import { GREETING_TEXTS, type GreetingUpdate, type GreetingView } from "#domain/whatsapp.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { projects } from "#server/db/schema.ts";
import { whatsappConnection, whatsappGreetings } from "#server/db/tables/whatsapp.ts";
import { badRequest, notFound } from "#server/lib/http-errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import type { LeadListener } from "../leads/events.ts";
import { queueAutomatedTemplate } from "./service.ts";

/** What sent a greeting, as the conversation shows it. */
export const GREETING_LABEL = "ترحيب آلي";

/** GET /api/whatsapp/greetings: every project (by name) with its greeting (off when never set). */
export async function listGreetings(db: Db): Promise<GreetingView[]> {
  const rows = await db
    .select({ projectId: projects.id, projectName: projects.name, greeting: whatsappGreetings })
    .from(projects)
    .leftJoin(whatsappGreetings, eq(whatsappGreetings.projectId, projects.id))
    .orderBy(asc(projects.name), asc(projects.id));
  return rows.map((r) => ({
    projectId: r.projectId,
    projectName: r.projectName,
    enabled: r.greeting?.enabled ?? false,
    templateName: r.greeting?.templateName ?? "",
    language: r.greeting?.language ?? "",
  }));
}

/**
 * PUT /api/whatsapp/greetings/{projectId}. Errors: 404 project; 400 {templateName} when turning it on with a template
 * that is not an approved UTILITY template of the account with at most two variables.
 */
export async function saveGreeting(
  db: Db,
  actor: AuditActor,
  projectId: number,
  input: GreetingUpdate,
  now: Date,
): Promise<GreetingView> {
  const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound(GREETING_TEXTS.projectUnknown);
  if (input.enabled) {
    const [connection] = await db.select({ templates: whatsappConnection.templates }).from(whatsappConnection);
    const template = connection?.templates.find((t) => t.name === input.templateName && t.language === input.language);
    if (template?.category !== "UTILITY" || template.variables > 2) {
      throw badRequest({ templateName: GREETING_TEXTS.templateUnknown });
    }
  }
  const values = { enabled: input.enabled, templateName: input.templateName, language: input.language, updatedAt: now };
  await db.transaction(async (tx) => {
    await tx
      .insert(whatsappGreetings)
      .values({ projectId, ...values })
      .onConflictDoUpdate({ target: whatsappGreetings.projectId, set: values });
    await recordAudit(tx, actor, {
      entityType: "whatsapp_greeting",
      entityId: String(projectId),
      action: "update",
      newState: { enabled: input.enabled, templateName: input.templateName, language: input.language },
    });
  });
  return { projectId, projectName: project.name, ...values };
}

/** Queues the greeting of a new lead (see the module comment). */
export const whatsappGreetingListener: LeadListener = async (tx: Tx, event) => {
  if (event.kind !== "created") return undefined;
  const lead = event.lead;
  if (!lead.projectId || !lead.phone || !lead.whatsappOptInVersion) return undefined;
  const [greeting] = await tx.select().from(whatsappGreetings).where(eq(whatsappGreetings.projectId, lead.projectId));
  if (!greeting?.enabled) return undefined;
  const [connection] = await tx.select().from(whatsappConnection).where(eq(whatsappConnection.id, 1));
  const template = connection?.templates.find(
    (t) => t.name === greeting.templateName && t.language === greeting.language,
  );
  if (!template || template.variables > 2) return undefined;
  const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, lead.projectId));
  await queueAutomatedTemplate(tx, {
    leadId: lead.id,
    phone: lead.phone,
    templateName: template.name,
    language: template.language,
    variables: [lead.name, project?.name ?? ""].slice(0, template.variables),
    automated: GREETING_LABEL,
    at: event.at,
  });
  return undefined;
};
