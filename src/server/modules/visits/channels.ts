/**
 * How a visit's messages reach the buyer (docs/decisions/091-visit-messages-and-reminder-channels.md): a channel per
 * way of reaching a person. E-mail is the channel delivered here (./mail.ts); the WhatsApp module plugs its channel
 * in with `registerVisitChannel` once its connection exists, and from then on every confirmation, change,
 * cancellation and reminder is queued for it too. A message is a visit_messages row per channel, stored in the
 * transaction of the booking change (so it is never lost nor sent for a change that rolled back) and sent by that
 * channel's outbox queue of the job engine (once across instances, with retries). A channel with an outbox of its own
 * (WhatsApp) queues there instead, in the same transaction (docs/decisions/108-visit-messages-on-whatsapp.md).
 */
import type { Tx } from "#server/db/connection.ts";
import { visitMessages } from "#server/db/tables/visits.ts";

/** What a message is about. */
export type VisitMessageKind = "confirmation" | "rescheduled" | "cancelled" | "reminder";

/** The buyer's ways of being reached, as a visit stores them. */
export interface VisitContact {
  /** E.164. */
  phone: string;
  email: string | null;
}

/** A channel's side of the queue: who it reaches. Its sending is its own outbox queue (registered by its module). */
export interface VisitChannel {
  /** Stored in visit_messages.channel ("email", "whatsapp"); the channel's outbox claims the rows of this name. */
  readonly name: string;
  /** The recipient on this channel (an e-mail address, an E.164 number), or null when it cannot reach the buyer. */
  recipientOf(contact: VisitContact): string | null;
  /**
   * A channel with an outbox of its own (WhatsApp's send queue) queues the message there, inside the booking
   * change's transaction, instead of a visit_messages row. Returns whether it queued one.
   */
  queue?(tx: Tx, message: { visitId: number; recipient: string; kind: VisitMessageKind; now: Date }): Promise<boolean>;
}

/** The e-mail channel: the buyer's e-mail when they gave one. */
export const EMAIL_CHANNEL: VisitChannel = { name: "email", recipientOf: (c) => c.email };

const channels = new Map<string, VisitChannel>([[EMAIL_CHANNEL.name, EMAIL_CHANNEL]]);

/** Adds (or replaces, by name) a channel; the WhatsApp module calls this from its plugin once connected. */
export function registerVisitChannel(channel: VisitChannel): void {
  channels.set(channel.name, channel);
}

/** Removes a channel (its connection was removed); messages already queued stay in its outbox. */
export function unregisterVisitChannel(name: string): void {
  if (name !== EMAIL_CHANNEL.name) channels.delete(name);
}

/** Queues message `kind` of visit `visitId` on every channel that reaches the buyer, due at `now`. Returns the count. */
export async function queueVisitMessage(
  tx: Tx,
  visit: { id: number } & VisitContact,
  kind: VisitMessageKind,
  now: Date,
): Promise<number> {
  let own = 0;
  const rows = [];
  for (const channel of channels.values()) {
    const recipient = channel.recipientOf(visit);
    if (recipient === null) continue;
    if (channel.queue) own += (await channel.queue(tx, { visitId: visit.id, recipient, kind, now })) ? 1 : 0;
    else rows.push({ visitId: visit.id, channel: channel.name, recipient, kind, nextAt: now, createdAt: now });
  }
  if (rows.length) await tx.insert(visitMessages).values(rows);
  return rows.length + own;
}
