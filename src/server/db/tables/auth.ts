import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, belongsToUuid, createdAt, extendsUuidRow, updatedAt } from "../columns.ts";
import { users } from "../schema.ts";

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: belongsToUuid("user_id", () => users.id),
    /** SHA-256 (hex) of the current access token; the token itself is never stored. */
    accessTokenHash: text("access_token_hash").notNull(),
    accessExpiresAt: at("access_expires_at").notNull(),
    /** SHA-256 (hex) of the current refresh token (httpOnly cookie), rotated on each refresh. */
    refreshTokenHash: text("refresh_token_hash").notNull(),
    /** The refresh token before the last rotation: presenting it again means theft, and revokes the session. */
    previousRefreshTokenHash: text("previous_refresh_token_hash"),
    refreshExpiresAt: at("refresh_expires_at").notNull(),
    revokedAt: at("revoked_at"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastUsedAt: at("last_used_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sessions_access_token_hash_key").on(t.accessTokenHash),
    uniqueIndex("sessions_refresh_token_hash_key").on(t.refreshTokenHash),
    index("sessions_previous_refresh_token_hash_idx").on(t.previousRefreshTokenHash),
    index("sessions_user_id_idx").on(t.userId),
  ],
);

/**
 * Preview links for drafts (docs/decisions/017-drafts-and-preview.md): a random token (stored as its SHA-256) that
 * shows one draft for 30 minutes while the staff session that asked for it is alive.
 */
export const previewTokens = pgTable(
  "preview_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id").notNull(),
    sessionId: belongsToUuid("session_id", () => sessions.id),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("preview_tokens_expires_at_idx").on(t.expiresAt)],
);

/**
 * The login throttle's counters (docs/decisions/020-staff-sign-in-hardening.md), one row per key: "user:{username}",
 * "ip:{address}", "known-ip:{username}:{address}", "device:{hash}" or "password:{userId}". Every attempt is counted
 * by one atomic upsert before the password is checked; `blockedUntil` is when the next attempt may be made.
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailureAt: at("last_failure_at").notNull(),
    blockedUntil: at("blocked_until").notNull(),
  },
  (t) => [index("login_throttle_last_failure_at_idx").on(t.lastFailureAt)],
);

/** Devices a user signed in from (the httpOnly device cookie holds the token; only its SHA-256 is kept). */
export const knownDevices = pgTable(
  "known_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: belongsToUuid("user_id", () => users.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: at("last_used_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("known_devices_token_hash_key").on(t.tokenHash), index("known_devices_user_id_idx").on(t.userId)],
);

/** Every refresh token a session rotated away from: one coming back ends the whole session (its family). */
export const sessionRefreshTokens = pgTable(
  "session_refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: belongsToUuid("session_id", () => sessions.id),
    rotatedAt: at("rotated_at").notNull().defaultNow(),
  },
  (t) => [index("session_refresh_tokens_session_id_idx").on(t.sessionId)],
);

/** A user's TOTP secret, sealed with the secrets key (lib/secrets.ts); enabledAt null = enrolment not confirmed. */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: extendsUuidRow("user_id", () => users.id),
  secretSealed: text("secret_sealed").notNull(),
  enabledAt: at("enabled_at"),
  /** The last accepted time step (30 s units since the epoch): a code is accepted once. */
  lastStep: integer("last_step"),
  createdAt: createdAt(),
});

/** One-time recovery codes (argon2id hashes); usedAt set when spent. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: belongsToUuid("user_id", () => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_id_idx").on(t.userId)],
);

/** A password accepted, a second factor awaited: the short-lived challenge token's hash and its attempts. */
export const loginChallenges = pgTable("login_challenges", {
  id: uuid("id").primaryKey().defaultRandom(),
  tokenHash: text("token_hash").notNull().unique(),
  userId: belongsToUuid("user_id", () => users.id),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: at("expires_at").notNull(),
  createdAt: createdAt(),
});

/** Per-role security settings a super_admin sets: whether members must sign in with a second factor. */
export const roleSettings = pgTable("role_settings", {
  role: text("role").primaryKey(),
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Request counters of the rate limiter (@fastify/rate-limit store, src/server/lib/rate-limit-store.ts), shared by
 * every instance: key = "{route}:{ip}", count within the window that ends at resetAt.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: at("reset_at").notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);
