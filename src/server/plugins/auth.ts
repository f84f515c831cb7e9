/**
 * Authentication and the route guard (ARCHITECTURE security model, SPEC §6).
 * Every /api route must declare `config.access`: "public", "signed-in", { permission: key } or "admin".
 * A route without it makes the app fail to start (deny by default). The bearer access token resolves
 * `request.auth`; the guard (preValidation, so before any input is validated) answers 401 without a session and
 * 403 without the permission. Each declared rule is also recorded in `app.declaredRoutes` for the matrix test.
 * The `api_key` query parameter of SPEC §7.1 is ignored: it never grants anything.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { hasPermission, type PermissionFacts } from "#domain/permissions.ts";
import type { PermissionKey, Role } from "#domain/roles.ts";
import type { StaffActor } from "#domain/staff-rules.ts";
import type { PublicUser } from "#domain/types.ts";
import { forbidden, unauthorized } from "../lib/http-errors.ts";
import type { AuditActor } from "../modules/audit/service.ts";
import { authenticate } from "../modules/auth/service.ts";
import { loadPermissionFacts } from "../modules/permissions/service.ts";

export const TWO_FACTOR_SETUP_REQUIRED = "يتطلب دورك التحقق بخطوتين، يرجى تفعيله من صفحة حسابي أولًا";

export type Access = "public" | "signed-in" | "admin" | { permission: PermissionKey };

export interface RequestAuth {
  user: PublicUser & { role: Role };
  sessionId: string;
  /** The role requires a second factor the user has not set up: only /api/auth routes answer until they do. */
  mustEnrolTwoFactor: boolean;
  /** Loaded on first use, once per request. */
  facts(): Promise<PermissionFacts>;
  /** Whether the user holds `key`, by the check order of SPEC §6. */
  can(key: PermissionKey): Promise<boolean>;
}

/** One /api route and the rule it declared (the authorization matrix test walks these). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** The route's input schemas (zod: params, querystring, body), for the property-based request test. */
  schema?: FastifySchema;
  /** The route's body limit in bytes (app.ts gives every route one). */
  bodyLimit?: number;
  /** Its successful answer empties the page cache (pages/page-cache.ts `changesPublicPages`). */
  changesPublicPages: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route registered after the auth plugin, with its declared access rule. */
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** The signed-in user or 401. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** 403 unless the signed-in user holds `key` (401 without a session). */
export async function requirePermission(request: FastifyRequest, key: PermissionKey): Promise<RequestAuth> {
  const auth = requireAuth(request);
  if (!(await auth.can(key))) throw forbidden();
  return auth;
}

/**
 * The audit actor of a request: the signed-in user and the client's IP (ARCHITECTURE security model: every audit
 * row names who and from where). Output: `{ userId, ip }`. Errors: 401 when the request carries no session.
 */
export function actorOf(request: FastifyRequest): AuditActor {
  return { userId: requireAuth(request).user.id, ip: request.ip };
}

/** The acting staff member with their effective permissions, their session and IP (for the audit row). */
export interface Acting extends StaffActor {
  sessionId: string;
  ip: string | null;
}

/** The acting staff member of a signed-in request (domain/staff-rules.ts reads `holds`, SPEC §6's check order). */
export async function actingFrom(auth: RequestAuth, ip: string | null): Promise<Acting> {
  const facts = await auth.facts();
  return {
    id: auth.user.id,
    role: auth.user.role,
    holds: (key) => hasPermission(auth.user, key, facts),
    sessionId: auth.sessionId,
    ip,
  };
}

export function describeAccess(access: Access): string {
  return typeof access === "string" ? access : `permission:${access.permission}`;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("auth", null);
  app.decorate("declaredRoutes", [] as DeclaredRoute[]);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    if (route.method === "HEAD" || (Array.isArray(route.method) && route.method.every((m) => m === "HEAD"))) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== "HEAD")
        app.declaredRoutes.push({
          method,
          url: route.url,
          access: route.config.access,
          schema: route.schema,
          bodyLimit: route.bodyLimit,
          changesPublicPages: route.config.changesPublicPages === true,
        });
    }
  });

  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api")) return;
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    const found = await authenticate(app.db, token);
    if (!found) return;
    let facts: Promise<PermissionFacts> | undefined;
    const loadFacts = () => {
      facts ??= loadPermissionFacts(app.db, found.user);
      return facts;
    };
    request.auth = {
      user: found.user,
      sessionId: found.sessionId,
      mustEnrolTwoFactor: found.mustEnrolTwoFactor,
      facts: loadFacts,
      can: async (key) => hasPermission(found.user, key, await loadFacts()),
    };
  });

  // preValidation: the rule is checked before the input is validated, so a caller without the right learns
  // nothing about the route's input (an anonymous request gets 401, not a 400 with field messages).
  app.addHook("preValidation", async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === "public") return;
    const auth = requireAuth(request);
    // A role that requires 2FA (set by a super_admin): until the user enrols, only their own account routes answer.
    if (auth.mustEnrolTwoFactor && !request.url.startsWith("/api/auth/")) throw forbidden(TWO_FACTOR_SETUP_REQUIRED);
    if (access === "signed-in") return;
    if (access === "admin") {
      if (auth.user.role !== "super_admin") throw forbidden();
      return;
    }
    if (!(await auth.can(access.permission))) throw forbidden();
  });
});
