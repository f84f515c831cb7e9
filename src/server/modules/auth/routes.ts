/**
 * POST /api/auth/login, /logout, /refresh and GET /api/auth/me (SPEC §7.2); the second sign-in step, the user's own
 * password, sessions and two-factor settings, and the per-role 2FA requirement
 * (docs/decisions/020-staff-sign-in-hardening.md). The refresh token travels only in an httpOnly, Secure,
 * SameSite=Strict cookie scoped to /api/auth; a readable `signed_in` marker cookie tells the browser a session may
 * exist (SPEC §4.1 auth-check cookie).
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authResponseSchema, okSchema, sessionUserSchema, twoFactorChallengeSchema } from "#domain/schemas/api.ts";
import { loginSchema, loginSecondFactorSchema } from "#domain/schemas/auth.ts";
import { forbidden, unauthorized } from "../../lib/http-errors.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { accountRoutes } from "./account-routes.ts";
import {
  ACCESS_TOKEN_TTL_MS,
  currentSessionUser,
  type LoginDone,
  login,
  loginSecondFactor,
  logout,
  REFRESH_TOKEN_TTL_MS,
  refresh,
  revokeSession,
} from "./service.ts";
import { withRetryAfter } from "./throttle.ts";

export const REFRESH_COOKIE = "refresh_token";
export const SIGNED_IN_COOKIE = "signed_in";
export const DEVICE_COOKIE = "device";
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Registers the sign-in, session and account routes of this file's header, and the account routes
 * (account-routes.ts). Errors are answered as http-errors.ts shapes (401 sign-in, 403 origin, 409, 429 throttled).
 */
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

  /** The device cookie (docs/decisions/020-staff-sign-in-hardening.md): httpOnly, only sent to /api/auth, one year. */
  const setDeviceCookie = (reply: FastifyReply, token: string | null) => {
    if (!token) return;
    reply.setCookie(DEVICE_COOKIE, token, {
      path: "/api/auth",
      httpOnly: true,
      secure: app.config.secureCookies,
      sameSite: "strict",
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
  };
  const clientOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
    deviceToken: request.cookies[DEVICE_COOKIE] ?? null,
  });
  // The service wrote the session and its "login" audit row together.
  const startSession = (reply: FastifyReply, issued: LoginDone) => {
    setSessionCookies(reply, issued.refreshToken);
    setDeviceCookie(reply, issued.newDeviceToken);
    return { user: issued.user, token: issued.token, expiresInMs: ACCESS_TOKEN_TTL_MS };
  };

  r.post(
    "/api/auth/login",
    {
      config: { access: "public" },
      schema: { body: loginSchema, response: { 200: z.union([authResponseSchema, twoFactorChallengeSchema]) } },
    },
    async (request, reply) => {
      const result = await withRetryAfter(reply, () => login(app.db, request.body, clientOf(request)));
      if (result.kind === "two-factor") {
        return { twoFactorRequired: true as const, challenge: result.challenge, expiresInMs: result.expiresInMs };
      }
      return startSession(reply, result);
    },
  );

  r.post(
    "/api/auth/login/two-factor",
    { config: { access: "public" }, schema: { body: loginSecondFactorSchema, response: { 200: authResponseSchema } } },
    async (request, reply) => {
      const issued = await withRetryAfter(reply, () =>
        loginSecondFactor(app.db, app.secrets, request.body, clientOf(request)),
      );
      return startSession(reply, issued);
    },
  );

  await accountRoutes(app);

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
      const user = await currentSessionUser(app.db, auth.user.id);
      if (!user) throw unauthorized();
      return user;
    },
  );
}
