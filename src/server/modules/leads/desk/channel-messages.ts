/**
 * The messages other channels hold about a lead, on its timeline (#domain/lead-messages.ts; docs/whatsapp.md "On the
 * lead's timeline"): a channel's module (WhatsApp) registers a source once at start (src/server/app.ts), and the lead
 * detail (detail.ts) lists what every source the viewer may read gives, oldest first. The leads side never imports
 * the channel's module (docs/decisions/062-lead-modules-and-events.md).
 */
import type { LeadMessage } from "#domain/lead-messages.ts";
import type { PermissionKey } from "#domain/roles.ts";
import type { Db } from "#server/db/connection.ts";
import type { LeadViewer } from "./common.ts";

/** A channel's messages of one lead (and of the leads merged into it), for a viewer holding `permission`. */
export interface LeadMessageSource {
  /** The permission that reads this channel's messages (e.g. whatsapp.view); without it the timeline omits them. */
  permission: PermissionKey;
  /** The messages of lead `leadId`, oldest first. May audit the viewing (inside `db`). */
  list(db: Db, viewer: LeadViewer, leadId: number): Promise<LeadMessage[]>;
}

const sources = new Map<string, LeadMessageSource>();

/** Registers `source` under the channel `name` (registering a name again replaces it). Called from app.ts. */
export function onLeadMessages(name: string, source: LeadMessageSource): void {
  sources.set(name, source);
}

/**
 * The messages of every registered source whose permission `can` grants, merged oldest first (by time, then channel
 * and id, so the order is stable).
 */
export async function leadMessagesOf(
  db: Db,
  viewer: LeadViewer,
  leadId: number,
  can: (permission: PermissionKey) => Promise<boolean>,
): Promise<LeadMessage[]> {
  const all: LeadMessage[] = [];
  for (const source of sources.values()) {
    if (await can(source.permission)) all.push(...(await source.list(db, viewer, leadId)));
  }
  return all.sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.channel.localeCompare(b.channel) || a.id - b.id,
  );
}
