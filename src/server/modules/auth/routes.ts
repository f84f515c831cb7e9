/**
 * POST /api/auth/login, /logout, /refresh and GET /api/auth/me (SPEC §7.2).
 * The refresh token travels only in an httpOnly, Secure, SameSite=Strict cookie scoped to /api/auth;
 * a readable `signed_in` marker cookie tells the browser a session may exist (SPEC §4.1 auth-check cookie).
 */

import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authResponseSchema, okSchema, sessionUserSchema } from "../../../domain/schemas/api.ts";
import { loginSchema } from "../../../domain/schemas/auth.ts";
import { users } from "../../db/schema.ts";
import { forbidden, HttpError, unauthorized } from "../../lib/http-errors.ts";
import { requireAuth } from "../../plugins/auth.ts";
import {
  ACCESS_TOKEN_TTL_MS,
  login,
  logout,
  REFRESH_TOKEN_TTL_MS,
  refresh,
  revokeSession,
  toSessionUser,
} from "./service.ts";

export const REFRESH_COOKIE = "refresh_token";
export const SIGNED_IN_COOKIE = "signed_in";

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const setSessionCookies = (reply: FastifyReply, refreshToken: string) => {
    const maxAge = Math.floor(REFRESH_TOKEN_TTL_MS / 1000);
    reply.setCookie(REFRESH_COOKIE, refreshToken, {
      path: "/api/auth",
      httpOnly: true,
      secure: app.config.secureCookies,
      sameSite: "strict",
      maxAge,
    });
    reply.setCookie(SIGNED_IN_COOKIE, "1", {
      path: "/",
      httpOnly: false,
      secure: app.config.secureCookies,
      sameSite: "strict",
      maxAge,
    });
  };
  const clearSessionCookies = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, { path: "/api/auth" });
    reply.clearCookie(SIGNED_IN_COOKIE, { path: "/" });
  };
  /** Refresh is a cookie-authenticated POST: accept it only from our own origin (CSRF defence in depth). */
  const assertSameOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin) return;
    const allowed = new Set([new URL(app.config.publicUrl).origin, `${request.protocol}://${request.host}`]);
    if (!allowed.has(origin)) throw forbidden("مصدر الطلب غير مسموح");
  };

  r.post(
    "/api/auth/login",
    {
      config: { access: "public" },
      schema: { body: loginSchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      try {
        const issued = await login(app.db, request.body, {
          ip: request.ip,
          userAgent: request.headers["user-agent"] ?? null,
        });
        setSessionCookies(reply, issued.refreshToken);
        return { user: issued.user, token: issued.token, expiresInMs: ACCESS_TOKEN_TTL_MS };
      } catch (error) {
        const retry = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
        if (error instanceof HttpError && retry) reply.header("retry-after", String(retry));
        throw error;
      }
    },
  );

  r.post(
    "/api/auth/refresh",
    { config: { access: "public" }, schema: { response: { 200: authResponseSchema } } },
    async (request, reply) => {
      assertSameOrigin(request);
      try {
        const issued = await refresh(app.db, request.cookies[REFRESH_COOKIE]);
        setSessionCookies(reply, issued.refreshToken);
        return { user: issued.user, token: issued.token, expiresInMs: ACCESS_TOKEN_TTL_MS };
      } catch (error) {
        clearSessionCookies(reply);
        throw error;
      }
    },
  );

  r.post(
    "/api/auth/logout",
    { config: { access: "public" }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      assertSameOrigin(request);
      if (request.auth) {
        await logout(app.db, { sessionId: request.auth.sessionId, userId: request.auth.user.id }, request.ip);
      } else if (request.cookies[REFRESH_COOKIE]) {
        await revokeSession(app.db, { refreshToken: request.cookies[REFRESH_COOKIE] });
      }
      clearSessionCookies(reply);
      return { ok: true };
    },
  );

  r.get(
    "/api/auth/me",
    {
      config: { access: "signed-in" },
      schema: { querystring: z.object({}).passthrough(), response: { 200: sessionUserSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const [row] = await app.db.select().from(users).where(eq(users.id, auth.user.id)).limit(1);
      if (!row) throw unauthorized();
      return toSessionUser(app.db, row);
    },
  );
}
