/**
 * Environment → typed configuration, validated once at start (README "Configuration" documents each key).
 * Errors: throws a readable list of the invalid keys; nothing else reads process.env.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { z } from "zod";
import { passwordProblem, primeCommonPasswords } from "#domain/password-policy.ts";

const bool = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");
/** An optional text setting; an empty value counts as unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));
const megabytes = (fallback: number) =>
  z.coerce
    .number()
    .positive()
    .default(fallback)
    .transform((mb) => Math.round(mb * 1024 * 1024));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MEDIA_DIR: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_USERNAME: z.string().trim().toLowerCase().min(3).default("admin"),
  // Checked against the staff password rule in loadConfig (adminPasswordProblem), with ADMIN_USERNAME.
  ADMIN_PASSWORD: z
    .literal("")
    .transform(() => undefined)
    .or(z.string())
    .optional(),
  SEED: z.enum(["demo", "none"]).default("demo"),
  SITE_CONFIG: z.string().optional(),
  COMPLIANCE_CONFIG: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool,
  WEBHOOK_ALLOW_PRIVATE: bool,
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  CONTACT_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  CONTACT_PERSON_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_MIN_FILL_MS: z.coerce.number().int().min(0).default(2000),
  // The job engine's one timer (jobs/engine.ts); WEBHOOK_WORKER_INTERVAL_MS is its deprecated former name.
  JOBS_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  WEBHOOK_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  // A movable clock for end-to-end journeys (jobs/test-clock.ts); refused on a server reachable from outside.
  TEST_CLOCK: bool,
  UPLOAD_IMAGE_MAX_MB: megabytes(10),
  UPLOAD_PDF_MAX_MB: megabytes(20),
  UPLOAD_VIDEO_MAX_MB: megabytes(200),
  // Operations (docs/operations.md).
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  OVERLOAD_MAX_HEAP_MB: z.coerce.number().min(0).default(0),
  OVERLOAD_MAX_RSS_MB: z.coerce.number().min(0).default(0),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(10),
  MAINTENANCE_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(8000).default(5000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(120_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1_000),
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$|^[A-Za-z0-9+/]{43}=$/, "SECRETS_KEY must be 32 bytes as 64 hex characters or base64")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool,
  MEDIA_PUBLIC_URL: optionalText.pipe(z.url().optional()),
  // Lead desk e-mail (docs/operations.md "E-mail"): unset SMTP_URL sends no e-mail.
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
  ),
  SMTP_FROM: optionalText,
  // Conversion APIs of the ad platforms (docs/conversions.md): base URLs, so tests point them at local receivers.
  CONVERSIONS_SNAPCHAT_URL: z.url().default("https://tr.snapchat.com"),
  CONVERSIONS_TIKTOK_URL: z.url().default("https://business-api.tiktok.com"),
  CONVERSIONS_META_URL: z.url().default("https://graph.facebook.com"),
  CONVERSIONS_GOOGLE_URL: z.url().default("https://datamanager.googleapis.com"),
  CONVERSIONS_X_URL: z.url().default("https://ads-api.x.com"),
  CONVERSIONS_GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  CONVERSIONS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  // Leads from the ad platforms' own forms (docs/lead-forms.md): base URLs without a version, so tests point them at
  // local stand-ins, and the backfill period.
  LEAD_FORMS_META_GRAPH_URL: z.url().default("https://graph.facebook.com"),
  LEAD_FORMS_TIKTOK_URL: z.url().default("https://business-api.tiktok.com"),
  LEAD_FORMS_SNAPCHAT_URL: z.url().default("https://adsapi.snapchat.com"),
  LEAD_FORMS_SNAPCHAT_AUTH_URL: z.url().default("https://accounts.snapchat.com"),
  LEAD_FORMS_BACKFILL_MINUTES: z.coerce.number().min(0).default(10),
  LEAD_FORMS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  // WhatsApp Cloud API (docs/whatsapp.md): the Graph API base URL with its version; tests point it at a stand-in.
  WHATSAPP_GRAPH_URL: z.url().default("https://graph.facebook.com/v23.0"),
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  // Online deposits (docs/payments.md): the Moyasar REST API's base URL, so tests point it at a local stand-in.
  PAYMENTS_MOYASAR_URL: z.url().default("https://api.moyasar.com"),
  // Online checkout (docs/payments.md "Checkout"): minutes a unit is held online while the buyer pays.
  PAYMENTS_HOLD_MINUTES: z.coerce.number().int().min(5).max(60).default(15),
});

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mediaDir: string;
  publicUrl: string;
  adminUsername: string;
  adminPassword: string | undefined;
  seed: "demo" | "none";
  siteConfigPath: string | undefined;
  /** COMPLIANCE_CONFIG: path of the advertising-compliance rules (default config/compliance.json; docs/compliance.md). */
  complianceConfigPath: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  webhookAllowPrivate: boolean;
  /**
   * Enquiries on POST /api/contact (docs/decisions/053-enquiry-limits-that-survive-an-ad-burst.md): `max` per IP and
   * `personMax` per phone and per e-mail within `timeWindowMs` (ms); a send whose form was filled in under
   * `minFillMs` (ms, measured by the form's island; 0: no check) is treated as a bot's.
   */
  contactRateLimit: { max: number; timeWindowMs: number; personMax: number; minFillMs: number };
  /**
   * The job engine's one timer (jobs/engine.ts), ms: how often every queue (webhooks, conversions, e-mail, the lead
   * clock, retention, maintenance) looks for due work; 0: no timer (tests drive `app.jobs.runDue()`).
   */
  jobsIntervalMs: number;
  /**
   * A movable test clock (TEST_CLOCK=1; jobs/test-clock.ts). Accepted only on a server nobody else reaches: loopback
   * HOST and PUBLIC_URL, no TRUST_PROXY (the compiled server always runs with NODE_ENV=production, so "production" is
   * told by where it is reachable).
   */
  testClock: boolean;
  /** Deprecated settings that were read, one readable line each; start.ts logs them as warnings. */
  deprecations: string[];
  /** Lead desk e-mail (SMTP_URL; the URL holds credentials: never logged); undefined: no e-mail. */
  smtp: { url: string; from: string } | undefined;
  /** Upload limits in bytes per kind. */
  uploadLimits: { image: number; pdf: number; video: number };
  /** node-postgres pool size per instance (DATABASE_URL only). */
  dbPoolSize: number;
  /**
   * Load shedding (plugins/operations.ts): a limit of 0 is off; over a limit requests answer 503 with
   * Retry-After = retryAfterSeconds. Delay in ms, sizes in bytes, sampled every sampleIntervalMs.
   */
  overload: {
    maxEventLoopDelayMs: number;
    maxHeapUsedBytes: number;
    maxRssBytes: number;
    retryAfterSeconds: number;
    sampleIntervalMs: number;
  };
  /**
   * On shutdown, the longest the instance keeps serving (readiness 503, `Connection: close`) before it stops
   * accepting, ms: until the requests already sent to it are answered and none arrives for 250 ms
   * (plugins/operations.ts `drain`), while the load balancer moves on (docs/operations.md).
   */
  shutdownDrainMs: number;
  /** How long a rendered public page is answered from memory, ms; 0: every request renders (pages/page-cache.ts). */
  pageCacheTtlMs: number;
  /** How often the maintenance job (expired sessions, old login attempts) runs across all instances, ms; 0: never. */
  maintenanceIntervalMs: number;
  /**
   * Connection limits of the HTTP server (README "Configuration"), so idle or slow clients cannot hold the process's
   * sockets: `keepAliveTimeoutMs` closes an idle kept-alive connection, `headersTimeoutMs` bounds the wait for a
   * request's headers, `requestTimeoutMs` the whole request (uploads included), `idleTimeoutMs` any silent socket;
   * `maxConnections` refuses (closes) further sockets beyond that many open ones.
   */
  http: {
    keepAliveTimeoutMs: number;
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    idleTimeoutMs: number;
    maxConnections: number;
  };
  /** 32-byte key (AES-256-GCM) for secrets stored in the database; undefined = derive and keep one in DATA_DIR. */
  secretsKey: Buffer | undefined;
  /** The S3-compatible bucket uploads are stored in; undefined → the local folder `mediaDir`. */
  s3: S3Config | undefined;
  /**
   * Public base URL of the media (a CDN in front of the bucket), no trailing slash: /media/<key> then redirects to
   * <mediaPublicUrl>/<key>. Undefined → /media serves the bytes itself.
   */
  mediaPublicUrl: string | undefined;
  /** Base URLs of the ad platforms' conversion APIs (no trailing slash) and the per-attempt timeout, ms. */
  conversions: {
    urls: { snapchat: string; tiktok: string; meta: string; google: string; x: string };
    /** Google's OAuth token endpoint, where refresh credentials become access tokens (conversions/google-oauth.ts). */
    googleTokenUrl: string;
    timeoutMs: number;
  };
  /** Online deposits (docs/payments.md): the Moyasar API's base URL (no trailing slash). */
  payments: { moyasarUrl: string; holdMinutes: number };
  /** Whether cookies carry the Secure flag (always, except plain-http non-localhost PUBLIC_URLs in development). */
  secureCookies: boolean;
  /**
   * The ad platforms' lead forms (docs/lead-forms.md): base URLs (no trailing slash, no API version), how often the
   * backfill reads each form's new leads (ms; 0: never) and the per-call timeout (ms).
   */
  leadForms: {
    urls: { meta: string; tiktok: string; snapchat: string; snapchatAuth: string };
    backfillMs: number;
    timeoutMs: number;
  };
  /** WhatsApp Cloud API (docs/whatsapp.md): the Graph API base URL with its version (no trailing slash), per-call timeout ms. */
  whatsapp: { graphUrl: string; timeoutMs: number };
}

/** Where an S3-compatible object store is reached (S3_* variables, README "Configuration"). */
export interface S3Config {
  /** Endpoint URL for non-AWS stores (MinIO, R2, …); undefined → AWS for `region`. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Static credentials; both undefined → the SDK's default chain (instance role, AWS_* variables). Never logged. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** "bucket in the path" addressing (MinIO and most self-hosted stores) instead of bucket subdomains. */
  forcePathStyle: boolean;
}

/** Whether a host name or address is this machine's loopback (localhost, 127.0.0.0/8, ::1). */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** Reads and validates the environment. */
/**
 * ADMIN_PASSWORD against the one staff password rule every later password meets (src/domain/password-policy.ts:
 * at least 12 characters, not the username, not a common or breached password; docs/decisions/020-staff-sign-in-hardening.md),
 * as "English summary: Arabic reason of the domain rule", or null when acceptable. The common-password list is read
 * synchronously here (its CommonJS build) because configuration is validated before anything is awaited.
 */
function adminPasswordProblem(password: string, username: string): string | null {
  const { dictionary } = createRequire(import.meta.url)("@zxcvbn-ts/language-common") as {
    dictionary: Record<string, string[]>;
  };
  primeCommonPasswords(dictionary["passwords-common"] ?? []);
  const problem = passwordProblem(password, username);
  return (
    problem &&
    `does not meet the staff password rule (at least 12 characters, not the username, not common): ${problem}`
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const problems = [
    !e.S3_BUCKET &&
      (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY) &&
      "  S3_BUCKET: required when S3_* is set",
    !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY && "  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither",
  ].filter(Boolean);
  const adminProblem = e.ADMIN_PASSWORD === undefined ? null : adminPasswordProblem(e.ADMIN_PASSWORD, e.ADMIN_USERNAME);
  if (adminProblem) problems.push(`  ADMIN_PASSWORD: ${adminProblem}`);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  if (e.TEST_CLOCK && !(isLoopbackHost(e.HOST) && isLoopbackHost(new URL(publicUrl).hostname) && !e.TRUST_PROXY)) {
    throw new Error(
      "Invalid configuration:\n  TEST_CLOCK: the movable test clock is for tests only; refused on a server reachable from outside (HOST and PUBLIC_URL must be loopback, TRUST_PROXY unset)",
    );
  }
  const deprecations: string[] = [];
  if (e.WEBHOOK_WORKER_INTERVAL_MS !== undefined) {
    deprecations.push(
      e.JOBS_INTERVAL_MS === undefined
        ? "WEBHOOK_WORKER_INTERVAL_MS is deprecated: rename it JOBS_INTERVAL_MS (the one timer of every background job)"
        : "WEBHOOK_WORKER_INTERVAL_MS is deprecated and ignored: JOBS_INTERVAL_MS is set",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, "media")),
    publicUrl,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    seed: e.SEED,
    siteConfigPath: e.SITE_CONFIG,
    complianceConfigPath: e.COMPLIANCE_CONFIG,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    jobsIntervalMs: e.JOBS_INTERVAL_MS ?? e.WEBHOOK_WORKER_INTERVAL_MS ?? 2000,
    testClock: e.TEST_CLOCK,
    deprecations,
    contactRateLimit: {
      max: e.CONTACT_RATE_LIMIT_MAX,
      timeWindowMs: Math.round(e.CONTACT_RATE_LIMIT_WINDOW_MINUTES * 60 * 1000),
      personMax: e.CONTACT_PERSON_RATE_LIMIT_MAX,
      minFillMs: e.CONTACT_MIN_FILL_MS,
    },
    smtp: e.SMTP_URL
      ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? `مكتب العملاء <no-reply@${new URL(publicUrl).hostname}>` }
      : undefined,
    uploadLimits: { image: e.UPLOAD_IMAGE_MAX_MB, pdf: e.UPLOAD_PDF_MAX_MB, video: e.UPLOAD_VIDEO_MAX_MB },
    dbPoolSize: e.DB_POOL_SIZE,
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: Math.round(e.OVERLOAD_MAX_HEAP_MB * 1024 * 1024),
      maxRssBytes: Math.round(e.OVERLOAD_MAX_RSS_MB * 1024 * 1024),
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
      sampleIntervalMs: 1000,
    },
    maintenanceIntervalMs: Math.round(e.MAINTENANCE_INTERVAL_MINUTES * 60 * 1000),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    http: {
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      // Node requires headersTimeout <= requestTimeout.
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    secretsKey: e.SECRETS_KEY
      ? Buffer.from(e.SECRETS_KEY, /^[0-9a-fA-F]{64}$/.test(e.SECRETS_KEY) ? "hex" : "base64")
      : undefined,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? "us-east-1",
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ""),
    conversions: {
      urls: {
        snapchat: e.CONVERSIONS_SNAPCHAT_URL.replace(/\/+$/, ""),
        tiktok: e.CONVERSIONS_TIKTOK_URL.replace(/\/+$/, ""),
        meta: e.CONVERSIONS_META_URL.replace(/\/+$/, ""),
        google: e.CONVERSIONS_GOOGLE_URL.replace(/\/+$/, ""),
        x: e.CONVERSIONS_X_URL.replace(/\/+$/, ""),
      },
      googleTokenUrl: e.CONVERSIONS_GOOGLE_TOKEN_URL,
      timeoutMs: e.CONVERSIONS_TIMEOUT_MS,
    },
    payments: { moyasarUrl: e.PAYMENTS_MOYASAR_URL.replace(/\/+$/, ""), holdMinutes: e.PAYMENTS_HOLD_MINUTES },
    secureCookies: true,
    leadForms: {
      urls: {
        meta: e.LEAD_FORMS_META_GRAPH_URL.replace(/\/+$/, ""),
        tiktok: e.LEAD_FORMS_TIKTOK_URL.replace(/\/+$/, ""),
        snapchat: e.LEAD_FORMS_SNAPCHAT_URL.replace(/\/+$/, ""),
        snapchatAuth: e.LEAD_FORMS_SNAPCHAT_AUTH_URL.replace(/\/+$/, ""),
      },
      backfillMs: Math.round(e.LEAD_FORMS_BACKFILL_MINUTES * 60 * 1000),
      timeoutMs: e.LEAD_FORMS_TIMEOUT_MS,
    },
    whatsapp: { graphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/+$/, ""), timeoutMs: e.WHATSAPP_TIMEOUT_MS },
  };
}
