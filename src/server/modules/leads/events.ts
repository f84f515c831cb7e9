/**
 * Lead events (docs/decisions/062-lead-modules-and-events.md): the one interface through which other parts hear of
 * what happens to a lead, owned by the leads side. Intake says "created" when an enquiry opens a lead, the desk says
 * "stage_changed"; listeners (the conversions module's ad-platform events, intake's stage webhook) register once at
 * start (src/server/app.ts) and run in the transaction of the change, so a change and what it queues commit together.
 * The leads side never imports a listener's module.
 */
import type { LeadStage } from "#domain/lead-desk.ts";
import type { Tx } from "../../db/connection.ts";
import type { contactMessages } from "../../db/schema.ts";

/** The lead an event is about: its opening enquiry's fields under the lead's id, and the unit it holds (or null). */
export type LeadEventSubject = typeof contactMessages.$inferSelect & { unitId: number | null };

export type LeadEvent =
  | {
      kind: "created";
      lead: LeadEventSubject;
      /** The site's public URL (pages named in events), null when unknown. */
      publicUrl: string | null;
      at: Date;
    }
  | {
      kind: "stage_changed";
      lead: LeadEventSubject;
      stage: LeadStage;
      previousStage: LeadStage;
      lostReason: string | null;
      at: Date;
    };

/** What listeners queued: `webhookQueued` lets the caller wake the webhook outbox after the commit. */
export interface LeadEventOutcome {
  webhookQueued?: boolean;
}

export type LeadListener = (tx: Tx, event: LeadEvent) => Promise<LeadEventOutcome | undefined>;

const listeners = new Map<string, LeadListener>();

/** Registers `listener` under `name`; registering a name again replaces it (building the app twice adds nothing). */
export function onLeadEvent(name: string, listener: LeadListener): void {
  listeners.set(name, listener);
}

/** Tells every listener, in registration order, inside `tx`. Returns the merged outcome. */
export async function emitLeadEvent(tx: Tx, event: LeadEvent): Promise<LeadEventOutcome> {
  const outcome: LeadEventOutcome = {};
  for (const listener of listeners.values()) {
    const result = await listener(tx, event);
    if (result?.webhookQueued) outcome.webhookQueued = true;
  }
  return outcome;
}
