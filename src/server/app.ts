/**
 * buildApp(deps) → FastifyInstance: external plugins, then ours, then one plugin per module.
 * main.ts listens; tests call buildApp and use app.inject. Nothing here reads the environment.
 */

import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { SiteConfig } from "../domain/site-config.ts";
import type { AppConfig } from "./config.ts";
import type { Db } from "./db/connection.ts";
import type { Storage } from "./lib/storage.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { landingRoutes } from "./modules/landing/routes.ts";
import { leadRoutes } from "./modules/leads/routes.ts";
import { leadOutboxPlugin } from "./modules/leads/worker.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { permissionRoutes } from "./modules/permissions/routes.ts";
import { projectRoutes } from "./modules/projects/routes.ts";
import { publishingRoutes } from "./modules/publishing/routes.ts";
import { siteRoutes } from "./modules/site/routes.ts";
import { unitRoutes } from "./modules/units/routes.ts";
import { updateRoutes } from "./modules/updates/routes.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { authPlugin } from "./plugins/auth.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { type PagesOptions, pagesPlugin } from "./plugins/pages.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    site: SiteConfig;
    storage: Storage;
  }
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
  site: SiteConfig;
  storage: Storage;
  /** Serve the web pages (React Router); omitted in API tests. */
  pages?: PagesOptions;
  logger?: boolean | { level: string };
  /** The clock of timed work (the lead outbox's due checks, leases and retry schedule); tests pass a fake one. */
  clock?: () => Date;
}

/** The version the OpenAPI document states (package.json "version"). */
const APP_VERSION = "0.1.0";

/** Body limits in bytes: JSON bodies are small; uploads have their own per-kind limits (multipart). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: typeof deps.logger === "object" ? deps.logger.level : "info",
            redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
          },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    requestTimeout: 60_000,
    connectionTimeout: 60_000,
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", deps.db);
  app.decorate("config", deps.config);
  app.decorate("site", deps.site);
  app.decorate("storage", deps.storage);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // React Router inlines its hydration data and route manifest as scripts.
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(deps.config.env === "development" ? ["ws:", "wss:"] : [])],
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
    strictTransportSecurity: deps.config.publicUrl.startsWith("https://") ? { maxAge: 31536000 } : false,
  });
  await app.register(compress, { global: true, threshold: 1024, zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH } });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: deps.config.uploadLimits.video, files: 20, fields: 20, fieldSize: 10_000, parts: 60 },
  });
  // Before the auth plugin: its onRoute hook documents each route and marks the documentation routes public.
  await app.register(openapiPlugin, { version: APP_VERSION });
  await app.register(authPlugin);
  await app.register(leadOutboxPlugin, { clock: deps.clock });

  await app.register(siteRoutes);
  await app.register(authRoutes);
  await app.register(permissionRoutes);
  await app.register(userRoutes);
  await app.register(projectRoutes);
  await app.register(updateRoutes);
  await app.register(unitRoutes);
  await app.register(leadRoutes);
  await app.register(mediaRoutes);
  await app.register(uploadRoutes);
  await app.register(landingRoutes);
  await app.register(auditRoutes);
  await app.register(publishingRoutes);

  if (deps.pages) await app.register(pagesPlugin, deps.pages);
  return app;
}
