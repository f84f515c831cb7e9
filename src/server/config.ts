/**
 * Environment → typed configuration, validated once at start (README "Configuration" documents each key).
 * Errors: throws a readable list of the invalid keys; nothing else reads process.env.
 */
import path from "node:path";
import { z } from "zod";

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
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
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
  ADMIN_PASSWORD: z
    .string()
    .min(10, "ADMIN_PASSWORD must have at least 10 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SEED: z.enum(["demo", "none"]).default("demo"),
  SITE_CONFIG: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool,
  WEBHOOK_ALLOW_PRIVATE: bool,
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  CONTACT_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  WEBHOOK_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  UPLOAD_IMAGE_MAX_MB: megabytes(10),
  UPLOAD_PDF_MAX_MB: megabytes(20),
  UPLOAD_VIDEO_MAX_MB: megabytes(200),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool,
  MEDIA_PUBLIC_URL: optionalText.pipe(z.url().optional()),
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
  logLevel: string;
  trustProxy: boolean;
  webhookAllowPrivate: boolean;
  /** Leads accepted per IP per window on POST /api/contact (window in ms). */
  contactRateLimit: { max: number; timeWindowMs: number };
  /** How often the webhook worker looks for due deliveries, ms; 0 turns the worker off (tests drive it by hand). */
  webhookWorkerIntervalMs: number;
  /** Upload limits in bytes per kind. */
  uploadLimits: { image: number; pdf: number; video: number };
  /** The S3-compatible bucket uploads are stored in; undefined → the local folder `mediaDir`. */
  s3: S3Config | undefined;
  /**
   * Public base URL of the media (a CDN in front of the bucket), no trailing slash: /media/<key> then redirects to
   * <mediaPublicUrl>/<key>. Undefined → /media serves the bytes itself.
   */
  mediaPublicUrl: string | undefined;
  /** Whether cookies carry the Secure flag (always, except plain-http non-localhost PUBLIC_URLs in development). */
  secureCookies: boolean;
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

/** Reads and validates the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const s3Problems = [
    !e.S3_BUCKET &&
      (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY) &&
      "  S3_BUCKET: required when S3_* is set",
    !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY && "  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither",
  ].filter(Boolean);
  if (s3Problems.length) throw new Error(`Invalid configuration:\n${s3Problems.join("\n")}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
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
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookWorkerIntervalMs: e.WEBHOOK_WORKER_INTERVAL_MS,
    contactRateLimit: {
      max: e.CONTACT_RATE_LIMIT_MAX,
      timeWindowMs: Math.round(e.CONTACT_RATE_LIMIT_WINDOW_MINUTES * 60 * 1000),
    },
    uploadLimits: { image: e.UPLOAD_IMAGE_MAX_MB, pdf: e.UPLOAD_PDF_MAX_MB, video: e.UPLOAD_VIDEO_MAX_MB },
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
    secureCookies: true,
  };
}
