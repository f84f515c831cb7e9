/**
 * The WhatsApp module's face to other modules (docs/whatsapp.md "Automated messages"): `queueAutomatedTemplate` queues
 * an approved template to a lead's phone inside the caller's transaction, under the same consent rules as a person's
 * send (docs/decisions/092-whatsapp-cloud-api-in-the-lead-desk.md): only to a person who wrote to us on WhatsApp or
 * ticked «تواصلوا معي عبر واتساب»; a MARKETING template only with marketing consent not withdrawn. The message is
 * marked with what sent it (`automated`, Arabic, shown on the conversation) and never stops the response clock.
 * The send queue (outbox.ts) sends it at its next pass (JOBS_INTERVAL_MS).
 *
 * A visit-reminder channel (the visits module) plugs in by calling this with its utility template, e.g.
 * `queueAutomatedTemplate(tx, { leadId, phone, templateName: "visit_reminder", language: "ar",
 * variables: [name, projectName, time], automated: "تذكير بموعد الزيارة", at: now })`.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "#server/db/connection.ts";
import { whatsappConnection, whatsappMessages } from "#server/db/tables/whatsapp.ts";
import { hasMarketingConsent, hasWhatsappOptIn, lastInboundAt } from "./consent.ts";

export interface AutomatedTemplate {
  leadId: number;
  /** E.164. */
  phone: string;
  templateName: string;
  language: string;
  /** The values of {{1}}…{{n}}, in order; exactly as many as the template has. */
  variables: string[];
  /** What sends it, in Arabic («ترحيب آلي», «تذكير بموعد الزيارة», …). */
  automated: string;
  at: Date;
}

/** Why an automated template was not queued. */
export type NotQueued = "not_connected" | "template_unknown" | "variables" | "no_opt_in" | "no_marketing_consent";

/** Queues `message` (see the module comment). Returns the message id, or why it was not queued. Never throws for a rule. */
export async function queueAutomatedTemplate(
  tx: Tx,
  message: AutomatedTemplate,
): Promise<{ queued: true; id: number } | { queued: false; reason: NotQueued }> {
  const [connection] = await tx.select().from(whatsappConnection).where(eq(whatsappConnection.id, 1));
  if (!connection?.enabled) return { queued: false, reason: "not_connected" };
  const template = connection.templates.find((t) => t.name === message.templateName && t.language === message.language);
  if (!template) return { queued: false, reason: "template_unknown" };
  if (template.variables !== message.variables.length) return { queued: false, reason: "variables" };
  const wroteFirst = (await lastInboundAt(tx, message.phone)) !== null;
  if (!wroteFirst && !(await hasWhatsappOptIn(tx, message.phone))) return { queued: false, reason: "no_opt_in" };
  if (template.category === "MARKETING" && !(await hasMarketingConsent(tx, message.phone))) {
    return { queued: false, reason: "no_marketing_consent" };
  }
  let body = template.body;
  message.variables.forEach((v, i) => {
    body = body.replaceAll(`{{${i + 1}}}`, v);
  });
  const [row] = await tx
    .insert(whatsappMessages)
    .values({
      leadId: message.leadId,
      phone: message.phone,
      direction: "out",
      kind: "template",
      body,
      template: {
        name: template.name,
        language: template.language,
        variables: message.variables,
        category: template.category,
      },
      status: "queued",
      automated: message.automated,
      nextAttemptAt: message.at,
      createdAt: message.at,
    })
    .returning({ id: whatsappMessages.id });
  return { queued: true, id: row.id };
}
