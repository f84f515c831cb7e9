/**
 * buildApp(deps) → FastifyInstance: external plugins, then ours, then one plugin per module.
 * main.ts listens; tests call buildApp and use app.inject. Nothing here reads the environment.
 */

import type { ServerResponse } from "node:http";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AffordabilityRules } from "#domain/affordability-rules.ts";
import type { ComplianceRules, LicencePolicy } from "#domain/compliance-rules.ts";
import { loadCommonPasswords } from "#domain/password-policy.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import type { AppConfig } from "./config.ts";
import type { Db } from "./db/connection.ts";
import { type Clock, type MovableClock, systemClock } from "./jobs/clock.ts";
import { jobsPlugin } from "./jobs/plugin.ts";
import { testClockRoutes } from "./jobs/test-clock.ts";
import { loadAffordabilityRules } from "./lib/affordability-rules.ts";
import { licencePolicyReader, loadComplianceRules } from "./lib/compliance-rules.ts";
import { loggerOptions } from "./lib/log.ts";
import { createSecretBox, resolveSecretsKey, type SecretBox } from "./lib/secrets.ts";
import type { Storage } from "./lib/storage.ts";
import { affordabilityRoutes } from "./modules/affordability/routes.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { complianceRoutes, licenceAlertsPlugin } from "./modules/compliance/routes.ts";
import { conversionsLeadListener } from "./modules/conversions/outbox.ts";
import { conversionRoutes } from "./modules/conversions/routes.ts";
import { conversionOutboxPlugin } from "./modules/conversions/worker.ts";
import { inventoryLivePlugin } from "./modules/inventory/live.ts";
import { inventoryRoutes } from "./modules/inventory/routes.ts";
import { landingRoutes } from "./modules/landing/routes.ts";
import { leadFormsPlugin } from "./modules/lead-forms/plugin.ts";
import { leadFormRoutes } from "./modules/lead-forms/routes.ts";
import { leadDeskRoutes } from "./modules/leads/desk/routes.ts";
import { onLeadMessages } from "./modules/leads/desk/service.ts";
import { leadDeskPlugin } from "./modules/leads/desk-jobs.ts";
import { onLeadEvent } from "./modules/leads/events.ts";
import { leadRoutes } from "./modules/leads/intake/routes.ts";
import { stageWebhookListener } from "./modules/leads/intake/service.ts";
import { privacyRoutes } from "./modules/leads/privacy/routes.ts";
import { onPersonData } from "./modules/leads/privacy/service.ts";
import { leadOutboxPlugin } from "./modules/leads/worker.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { paymentRoutes } from "./modules/payments/routes.ts";
import { permissionRoutes } from "./modules/permissions/routes.ts";
import { projectRoutes } from "./modules/projects/routes.ts";
import { publishingRoutes } from "./modules/publishing/routes.ts";
import { siteRoutes } from "./modules/site/routes.ts";
import { availabilityRoutes } from "./modules/units/availability-routes.ts";
import { unitRoutes } from "./modules/units/routes.ts";
import { updateRoutes } from "./modules/updates/routes.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { visitJobsPlugin } from "./modules/visits/jobs.ts";
import { visitRoutes } from "./modules/visits/routes.ts";
import { whatsappGreetingListener } from "./modules/whatsapp/greeting.ts";
import { whatsappLeadMessages } from "./modules/whatsapp/lead-messages.ts";
import { whatsappPersonData } from "./modules/whatsapp/privacy.ts";
import { whatsappRoutes } from "./modules/whatsapp/routes.ts";
import { cspNonceOf } from "./pages/csp-nonce.ts";
import { apiCacheControl } from "./pages/http-cache.ts";
import { createPageCache, emptiesPageCache } from "./pages/page-cache.ts";
import { type PagesOptions, pagesPlugin } from "./pages/plugin.ts";
import { authPlugin } from "./plugins/auth.ts";
import { errorsPlugin, frameworkErrors } from "./plugins/errors.ts";
import { hostPlugin } from "./plugins/host.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { healthRoutes, isQuietRequest, operationsPlugin } from "./plugins/operations.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    site: SiteConfig;
    storage: Storage;
    /** Seals secrets stored in the database (two-factor secrets), lib/secrets.ts. */
    secrets: SecretBox;
    /** The affordability calculator's rules (config/affordability.json), loaded once at start. */
    affordability: AffordabilityRules;
    /** The advertising-compliance rules (config/compliance.json), loaded once at start (docs/compliance.md). */
    compliance: ComplianceRules;
    /** The licence policy in force (lib/compliance-rules.ts): the rules with the enforcement day resolved. */
    licencePolicy: () => Promise<LicencePolicy>;
  }
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
  site: SiteConfig;
  storage: Storage;
  /** The affordability rules; default: config/affordability.json read now (main.ts loads it before anything else). */
  affordability?: AffordabilityRules;
  /** The compliance rules; default: config/compliance.json read now (main.ts loads it before anything else). */
  compliance?: ComplianceRules;
  /** Serve the web pages (React Router); omitted in API tests. */
  pages?: PagesOptions;
  /** The log: off, or its level (and, for tests that read the log lines, the stream they are written to). */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  /**
   * The one clock of business time (jobs/clock.ts): every time rule and every background queue reads it (default the
   * system clock); tests pass a fake one.
   */
  clock?: Clock;
  /**
   * A movable test clock (TEST_CLOCK=1, start.ts): it becomes the app's clock and `/api/test/clock` moves it
   * (jobs/test-clock.ts). Never given in production (config.ts refuses TEST_CLOCK there).
   */
  testClock?: MovableClock;
}

/** The version the OpenAPI document states (package.json "version"). */
const APP_VERSION = "0.1.0";

/** Body limits in bytes: JSON bodies are small; uploads have their own per-kind limits (multipart). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The security headers of every answer (helmet): a nonce CSP for scripts (docs/decisions/019-script-nonce.md), frames
 * only from the video and map hosts, the referrer policy of docs/decisions/044-referrer-policy.md, HSTS on https.
 */
function helmetOptions(config: AppConfig): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // React Router inlines its hydration data and route manifest as scripts: they carry this response's nonce
        // (cspNonceOf), nothing else may run inline. Vite's development server injects its own inline scripts, so
        // development alone keeps 'unsafe-inline' (docs/decisions/019-script-nonce.md).
        scriptSrc:
          config.env === "development"
            ? ["'self'", "'unsafe-inline'"]
            : ["'self'", (_req, res) => `'nonce-${cspNonceOf(res as ServerResponse)}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(config.env === "development" ? ["ws:", "wss:"] : [])],
        frameSrc: [
          "https://www.youtube-nocookie.com",
          "https://www.youtube.com",
          "https://www.openstreetmap.org",
          "https://maps.google.com",
          "https://www.google.com",
        ],
        mediaSrc: ["'self'", "blob:", "https:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not helmet's "no-referrer": under it a browser sends `Origin: null` with a page's own form post, and the
    // page bridge's action check (React Router's CSRF guard) refuses it, so every enquiry sent before the scripts
    // run was answered "Bad Request" and lost (docs/decisions/044-referrer-policy.md).
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: config.publicUrl.startsWith("https://") ? { maxAge: 31536000 } : false,
  };
}

/**
 * The Fastify application: the shared services of `deps` decorated on it, the plugins (errors, operations, host,
 * security headers, compression, cookies, multipart, OpenAPI, auth), the job engine and every module's queues and
 * routes, then the public pages when `deps.pages` is given. Throws what a plugin's start throws.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            ...loggerOptions(typeof deps.logger === "object" ? deps.logger.level : "info"),
            ...(typeof deps.logger === "object" && deps.logger.stream ? { stream: deps.logger.stream } : {}),
            // Readable lines in development only (pino-pretty is a dev dependency); JSON lines otherwise.
            ...(deps.config.env === "development" ? { transport: { target: "pino-pretty" } } : {}),
          },
    logController: new LogController({
      disableRequestLogging: (request: { url?: string }) => isQuietRequest(request.url ?? ""),
    }),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Connection limits (config.http, README "Configuration"): idle or slow clients cannot hold sockets for long.
    keepAliveTimeout: deps.config.http.keepAliveTimeoutMs,
    requestTimeout: deps.config.http.requestTimeoutMs,
    connectionTimeout: deps.config.http.idleTimeoutMs,
    http: { headersTimeout: deps.config.http.headersTimeoutMs, requestTimeout: deps.config.http.requestTimeoutMs },
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false },
    frameworkErrors,
    // Fastify's default of 10 s per plugin start is shorter than the pages plugin's import of the server bundle on a
    // busy 2-core machine (measured 10.4 s at load average 20); a slow start is not a failed one.
    pluginTimeout: 120_000,
  });
  app.server.maxConnections = deps.config.http.maxConnections;
  // The password policy's common-password list, before any request can set a password.
  await loadCommonPasswords();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", deps.db);
  app.decorate("config", deps.config);
  app.decorate("site", deps.site);
  app.decorate("storage", deps.storage);
  app.decorate("affordability", deps.affordability ?? loadAffordabilityRules());
  const compliance = deps.compliance ?? loadComplianceRules();
  app.decorate("compliance", compliance);
  app.decorate("licencePolicy", licencePolicyReader(deps.db, compliance));
  app.decorate(
    "secrets",
    createSecretBox(resolveSecretsKey(deps.config.secretsKey, deps.config.dataDir, (message) => app.log.warn(message))),
  );

  await app.register(errorsPlugin);
  await app.register(operationsPlugin);
  await app.register(hostPlugin);
  // Every route gets an explicit body limit: its own when it declares one (uploads), else JSON_BODY_LIMIT_BYTES.
  // A larger body is answered 413 in the error shape (plugins/errors.ts), never echoed.
  app.addHook("onRoute", (route) => {
    route.bodyLimit ??= JSON_BODY_LIMIT_BYTES;
  });
  await app.register(helmet, helmetOptions(deps.config));
  await app.register(compress, { global: true, threshold: 1024, zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH } });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: deps.config.uploadLimits.video, files: 20, fields: 20, fieldSize: 10_000, parts: 60 },
  });
  // Before the auth plugin: its onRoute hook documents each route and marks the documentation routes public.
  await app.register(openapiPlugin, { version: APP_VERSION });
  await app.register(authPlugin);
  // /api answers a route did not give a Cache-Control: `private, no-store` unless public and read-only (http-cache.ts).
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api") || reply.hasHeader("cache-control")) return payload;
    const setsCookie = reply.hasHeader("set-cookie");
    const access = (request.routeOptions.config as { access?: unknown } | undefined)?.access;
    reply.header("cache-control", apiCacheControl({ method: request.method, access, setsCookie }));
    return payload;
  });
  // Rendered public pages kept in memory; emptied by the writes that change what visitors see (routes declaring
  // config.changesPublicPages), never by an enquiry, a sign-in or a refresh (pages/page-cache.ts).
  const pageCache = createPageCache({
    ttlMs: !deps.pages || deps.pages.mode === "development" ? 0 : deps.config.pageCacheTtlMs,
  });
  app.decorate("pageCache", pageCache);
  app.addHook("onResponse", async (request, reply) => {
    if (emptiesPageCache(request.routeOptions.config, reply.statusCode)) pageCache.clear();
  });

  // Who hears of a lead's changes (docs/decisions/062-lead-modules-and-events.md): intake's stage webhook, then the
  // ad-platform conversion events; the leads side imports neither.
  onLeadEvent("stage-webhook", stageWebhookListener);
  onLeadEvent("conversions", conversionsLeadListener);
  // A project's automatic WhatsApp greeting of a new enquiry (modules/whatsapp/greeting.ts).
  onLeadEvent("whatsapp-greeting", whatsappGreetingListener);
  // What other modules hold about a person, for the PDPL export, erasure and retention (leads/privacy/service.ts).
  onPersonData("whatsapp", whatsappPersonData);
  // A lead's WhatsApp messages on its timeline «سجل العميل» (modules/whatsapp/lead-messages.ts).
  onLeadMessages("whatsapp", whatsappLeadMessages);
  // The one background engine and its timer, then the modules' queues (jobs/engine.ts).
  await app.register(jobsPlugin, {
    clock: deps.testClock?.now ?? deps.clock ?? systemClock,
    intervalMs: deps.config.jobsIntervalMs,
  });
  await app.register(leadOutboxPlugin);
  await app.register(leadDeskPlugin);
  await app.register(conversionOutboxPlugin);
  await app.register(licenceAlertsPlugin);
  await app.register(inventoryLivePlugin);
  await app.register(leadFormsPlugin);
  await app.register(visitJobsPlugin);
  if (deps.testClock) await app.register(testClockRoutes, { clock: deps.testClock });

  await app.register(siteRoutes);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(permissionRoutes);
  await app.register(userRoutes);
  await app.register(projectRoutes);
  await app.register(updateRoutes);
  await app.register(unitRoutes);
  await app.register(inventoryRoutes);
  await app.register(availabilityRoutes);
  await app.register(leadRoutes);
  await app.register(leadDeskRoutes);
  await app.register(privacyRoutes);
  await app.register(mediaRoutes);
  await app.register(uploadRoutes);
  await app.register(landingRoutes);
  await app.register(auditRoutes);
  await app.register(publishingRoutes);
  await app.register(conversionRoutes);
  await app.register(affordabilityRoutes);
  await app.register(paymentRoutes);
  await app.register(complianceRoutes);
  await app.register(leadFormRoutes);
  await app.register(visitRoutes);
  await app.register(whatsappRoutes);

  if (deps.pages) await app.register(pagesPlugin, { ...deps.pages, cache: pageCache, clock: app.clock });
  return app;
}
