/**
 * What holds spam off POST /api/contact without refusing an ad burst's visitors (SPEC §7.2 "rate-limited per IP";
 * docs/decisions/053-enquiry-limits-that-survive-an-ad-burst.md):
 * - per IP: config.contactRateLimit.max (default 600) per window (default 10 minutes) — many visitors of a campaign
 *   share one carrier-grade NAT address on Saudi mobile networks, so this only stops a flood;
 * - per person: config.contactRateLimit.personMax (default 5) per phone number (E.164) and per e-mail (lower-cased)
 *   in the same window — what a flood from one address cannot spread across without inventing people;
 * - the honeypot (`website`) and the minimum fill time (`elapsedMs`, set by the form's island; absent without
 *   JavaScript, so such a send is accepted): `isBotSend`; the route answers such a send like a success, stores nothing;
 * - the duplicate flag of the service (resolution 5) marks what still gets through.
 * The counters are @fastify/rate-limit's, kept in the database (lib/rate-limit-store.ts) on the app's clock, so every
 * instance counts the same requests and tests move the clock; a counter failure never refuses a lead (skipOnError).
 * Over a limit → 429, `Retry-After` in seconds and `message`: one Arabic sentence with the wait in whole minutes
 * (`enquiryWaitText`, #domain/schemas/contact.ts).
 */
import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { enquiryWaitText } from "#domain/schemas/contact.ts";
import { HttpError } from "../../lib/http-errors.ts";
import { databaseRateLimitStore } from "../../lib/rate-limit-store.ts";

/** The 429 of an enquiry over a limit, answered in the one error shape: `message` carries the wait in minutes. */
function tooMany(ttlMs: number): HttpError {
  return new HttpError(429, enquiryWaitText(Math.ceil(ttlMs / 60_000)));
}

/** Registers the plugin on `app` (an encapsulated routes plugin) without a global limit. */
export async function registerLeadRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(app.db, () => app.clock()),
    skipOnError: true,
  });
}

/** The per-route `config.rateLimit` of POST /api/contact: the per-IP limit, counted before the body is read. */
export function leadRateLimit(app: FastifyInstance): RateLimitOptions {
  return {
    max: app.config.contactRateLimit.max,
    timeWindow: app.config.contactRateLimit.timeWindowMs,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  };
}

/** The validated body fields the per-person limit reads (the contact schema's output: E.164 phone, lower-cased e-mail). */
interface PersonFields {
  phone?: string;
  email?: string;
}

/**
 * A preHandler of POST /api/contact (after validation): counts the send on its phone's and its e-mail's counters
 * (`contact-phone:{E.164}`, `contact-email:{address}`) and answers 429 when either is over
 * config.contactRateLimit.personMax in the window. A send without phone or e-mail counts on neither.
 */
export function leadPersonLimit(app: FastifyInstance) {
  const { personMax, timeWindowMs } = app.config.contactRateLimit;
  const counter = (field: keyof PersonFields) =>
    app.createRateLimit({
      max: personMax,
      timeWindow: timeWindowMs,
      keyGenerator: (request) => `contact-${field}:${(request.body as PersonFields)[field] ?? ""}`,
      allowList: (request) => !(request.body as PersonFields)[field],
    });
  const counters = [counter("phone"), counter("email")];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let ttlMs = 0;
    for (const count of counters) {
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) ttlMs = Math.max(ttlMs, result.ttl);
    }
    if (ttlMs === 0) return;
    reply.header("retry-after", Math.ceil(ttlMs / 1000));
    throw tooMany(ttlMs);
  };
}

/**
 * Whether a validated send is a bot's: the honeypot is filled, or the form's island measured less than
 * config.contactRateLimit.minFillMs between the page's load and the send (no measure — no JavaScript — is a person).
 */
export function isBotSend(app: FastifyInstance, body: { website?: string; elapsedMs?: number }): boolean {
  if (body.website) return true;
  const { minFillMs } = app.config.contactRateLimit;
  return body.elapsedMs !== undefined && minFillMs > 0 && body.elapsedMs < minFillMs;
}
