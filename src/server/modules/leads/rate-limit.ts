/**
 * The rate limit of new leads (POST /api/contact, SPEC §7.2 "rate-limited per IP"): @fastify/rate-limit with its
 * counters in the database (lib/rate-limit-store.ts), so every instance counts the same requests; a counter failure
 * never refuses a lead (skipOnError). Limit: config.contactRateLimit (default 10 per IP per 10 minutes: generous for
 * an office NAT, low enough that a flood stops quickly). Over the limit → 429 with an Arabic message and Retry-After.
 */
import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { databaseRateLimitStore } from "../../lib/rate-limit-store.ts";

/** Registers the plugin on `app` (an encapsulated routes plugin) without a global limit. */
export async function registerLeadRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db), skipOnError: true });
}

/** The per-route `config.rateLimit` of POST /api/contact. */
export function leadRateLimit(app: FastifyInstance): RateLimitOptions {
  return {
    max: app.config.contactRateLimit.max,
    timeWindow: app.config.contactRateLimit.timeWindowMs,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: "Too Many Requests",
      message: `طلبات كثيرة، يرجى المحاولة بعد ${Math.ceil(context.ttl / 60000)} دقيقة`,
    }),
  };
}
