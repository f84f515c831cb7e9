/**
 * The WhatsApp channel of visit messages (docs/decisions/108-visit-messages-on-whatsapp.md): the confirmation, a
 * change of time and each reminder go to the buyer's phone as the utility template the project's visit settings
 * name (`whatsappTemplateName` / `whatsappTemplateLanguage`), with {{1}} the buyer's name, {{2}} the project's name
 * and {{3}} the date and time (Hijri and Gregorian, Riyadh). Queued through the WhatsApp module's
 * `queueAutomatedTemplate` inside the booking change's transaction, so its send queue sends it at most once and its
 * consent rules apply (a person who wrote first or ticked «تواصلوا معي عبر واتساب»). Nothing is queued when WhatsApp
 * is not connected, the project names no template, the template is unknown or its variables differ, or the visit
 * has no lead; a cancellation is not sent on WhatsApp (the e-mail carries it).
 */
import { eq } from "drizzle-orm";
import { formatVisitTime } from "#domain/visits.ts";
import type { Tx } from "#server/db/connection.ts";
import { projects } from "#server/db/schema.ts";
import { visitSettings, visits } from "#server/db/tables/visits.ts";
import { queueAutomatedTemplate } from "../whatsapp/service.ts";
import type { VisitChannel, VisitMessageKind } from "./channels.ts";

/** What the conversation shows as the sender of each kind (Arabic). */
const AUTOMATED: Partial<Record<VisitMessageKind, string>> = {
  confirmation: "تأكيد موعد الزيارة",
  rescheduled: "تأكيد موعد الزيارة",
  reminder: "تذكير بموعد الزيارة",
};

async function queueOnWhatsapp(
  tx: Tx,
  message: { visitId: number; recipient: string; kind: VisitMessageKind; now: Date },
): Promise<boolean> {
  const automated = AUTOMATED[message.kind];
  if (!automated) return false;
  const [row] = await tx
    .select({
      leadId: visits.leadId,
      name: visits.name,
      startsAt: visits.startsAt,
      projectName: projects.name,
      templateName: visitSettings.whatsappTemplateName,
      language: visitSettings.whatsappTemplateLanguage,
    })
    .from(visits)
    .innerJoin(projects, eq(projects.id, visits.projectId))
    .innerJoin(visitSettings, eq(visitSettings.projectId, visits.projectId))
    .where(eq(visits.id, message.visitId))
    .limit(1);
  if (!row?.templateName || row.leadId === null) return false;
  const queued = await queueAutomatedTemplate(tx, {
    leadId: row.leadId,
    phone: message.recipient,
    templateName: row.templateName,
    language: row.language,
    variables: [row.name, row.projectName, formatVisitTime(row.startsAt)],
    automated,
    at: message.now,
  });
  return queued.queued;
}

/** The channel the visits plugin registers (modules/visits/jobs.ts): the buyer's E.164 phone. */
export const WHATSAPP_VISIT_CHANNEL: VisitChannel = {
  name: "whatsapp",
  recipientOf: (contact) => contact.phone,
  queue: queueOnWhatsapp,
};
