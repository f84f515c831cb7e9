/**
 * The online checkout's conversion event (docs/conversions.md "What is sent, and when"; docs/payments.md "Checkout"):
 * a buyer who starts paying a unit's deposit («احجز الآن بعربون») queues the platforms' InitiateCheckout-style event
 * (kind "checkout": Meta and TikTok `InitiateCheckout`, Snapchat `START_CHECKOUT`, Google and X by their ids) in
 * the checkout's own transaction, through the same outbox and consent rules as a lead's events (./outbox.ts): with
 * the marketing consent ticked it carries the hashed phone and e-mail, the IP address, the browser and the ad link's
 * click id of the checkout form; without it, only an identifier-free event to a platform set to accept those. There
 * is no lead yet: the event id is "checkout{id}-{event name}" (one per checkout and platform); the reservation gives
 * it its lead (`linkCheckoutConversions`). Value: the deposit in
 * SAR (also the custom field `deposit`), the unit as the content id and its project's licence number. The national
 * ID is never part of it.
 */
import { and, eq, isNull, like } from "drizzle-orm";
import { type ConversionPlatform, DEFAULT_EVENT_MAPS, PLATFORM_CLICK_ID } from "#domain/conversions.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { conversionConnections, conversionEvents } from "../../db/tables/conversions.ts";
import { hashEmail, hashPhone } from "./outbox.ts";
import type { NeutralEvent } from "./platforms.ts";
import { queueConversionEvent } from "./queue-event.ts";
import { unitFacts } from "./unit-facts.ts";

/** What the event reads of a checkout (tables/payments.ts `checkouts`). */
export interface CheckoutSubject {
  id: number;
  projectId: number;
  unitId: number;
  /** The deposit, whole SAR. */
  amountSar: number;
  /** E.164. */
  phone: string;
  email: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** The ad link's click ids and UTM values (docs/product.md §10.4 field names). */
  attribution: Record<string, string>;
  /** Set when the buyer ticked the marketing consent. */
  marketingConsentVersion: string | null;
}

/** The event id of a checkout's event. */
export const checkoutEventId = (checkoutId: number, eventName: string) =>
  `checkout${checkoutId}-${eventName.replace(/[^A-Za-z0-9_-]/g, "_")}`;

/**
 * Gives the checkout's events their lead once the checkout reserved the unit for lead `leadId`, in the reservation's
 * transaction, so the lead's consent rules reach them as they reach its own events (./service.ts
 * `withdrawMarketingConsent` cancels a lead's queued events; ./outbox.ts refuses to send one of a lead whose marketing
 * consent was withdrawn). Output: rows linked.
 */
export async function linkCheckoutConversions(tx: Db | Tx, checkoutId: number, leadId: number): Promise<number> {
  const linked = await tx
    .update(conversionEvents)
    .set({ leadId })
    .where(
      and(
        eq(conversionEvents.kind, "checkout"),
        isNull(conversionEvents.leadId),
        like(conversionEvents.eventId, `${checkoutEventId(checkoutId, "")}%`),
      ),
    )
    .returning({ id: conversionEvents.id });
  return linked.length;
}

/**
 * Queues the checkout's event to every enabled platform that names the "checkout" kind, in the caller's
 * transaction (a connection saved before this kind existed uses the platform's default name; `publicUrl`: PUBLIC_URL without a trailing slash, for the unit page's address). Output: rows queued.
 */
export async function queueCheckoutConversions(
  tx: Db | Tx,
  checkout: CheckoutSubject,
  now: Date,
  publicUrl: string,
): Promise<number> {
  const connections = (await tx.select().from(conversionConnections)).filter((c) => c.enabled && c.accessToken);
  if (!connections.length) return 0;
  const consented = checkout.marketingConsentVersion !== null;
  const { contentId, licenceNumber } = await unitFacts(tx, checkout.unitId);
  let queued = 0;
  for (const connection of connections) {
    const platform = connection.platform as ConversionPlatform;
    const eventName = connection.eventMap.checkout ?? DEFAULT_EVENT_MAPS[platform].checkout;
    if (!eventName) continue;
    if (!consented && !connection.sendAnonymous) continue;
    const clickId = consented ? (checkout.attribution[PLATFORM_CLICK_ID[platform]] ?? null) : null;
    const event: NeutralEvent = {
      eventName,
      kind: "checkout",
      eventTime: now.toISOString(),
      url: `${publicUrl}/project/${checkout.projectId}/unit/${checkout.unitId}`,
      clickId,
      clickSeenAt: clickId ? now.toISOString() : null,
      ip: consented ? checkout.ipAddress : null,
      userAgent: consented ? checkout.userAgent : null,
      emailSha256: consented ? hashEmail(checkout.email) : null,
      phoneSha256: consented ? hashPhone(checkout.phone) : null,
      phonePlusSha256: consented ? hashPhone(checkout.phone, true) : null,
      value: checkout.amountSar,
      depositSar: checkout.amountSar,
      contentId,
      licenceNumber,
      leadId: null,
      anonymous: !consented,
    };
    const row = { platform, eventId: checkoutEventId(checkout.id, eventName), kind: "checkout" as const, eventName };
    queued += await queueConversionEvent(tx, row, event, now);
  }
  return queued;
}
