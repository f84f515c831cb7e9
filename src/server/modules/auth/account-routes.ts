/**
 * A signed-in user's own account security: password change (POST /api/auth/password), sessions (GET
 * /api/auth/sessions, DELETE /api/auth/sessions/{id}, POST /api/auth/sessions/end-others), the second factor
 * (GET /api/auth/two-factor, setup, enable, disable) and the per-role requirement
 * (GET /api/roles/two-factor, PUT /api/roles/{role}/two-factor, admin only), docs/decisions/020-staff-sign-in-hardening.md.
 * A wrong code is 400 `fields.code`; disabling where the role requires 2FA is 409; a throttled password check is 429
 * with Retry-After.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ROLES } from "#domain/roles.ts";
import { passwordChangeSchema } from "#domain/schemas/account.ts";
import {
  okSchema,
  recoveryCodesSchema,
  roleTwoFactorRowSchema,
  sessionInfoSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "#domain/schemas/api.ts";
import {
  currentPasswordSchema,
  roleTwoFactorSchema,
  TWO_FACTOR_TEXTS,
  twoFactorCodeSchema,
} from "#domain/schemas/auth.ts";
import { badRequest, conflict, notFound } from "../../lib/http-errors.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { changePassword, confirmCurrentPassword, endOwnSession, listSessions } from "./service.ts";
import { endOtherSessions } from "./sessions.ts";
import { withRetryAfter } from "./throttle.ts";
import {
  confirmEnrolment,
  disableTwoFactor,
  listRoleTwoFactor,
  roleRequiresTwoFactor,
  setRoleTwoFactor,
  startEnrolment,
  twoFactorStatus,
} from "./two-factor.ts";

/** Registers the account routes on `app` (called by authRoutes). */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/password",
    { config: { access: "signed-in" }, schema: { body: passwordChangeSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await withRetryAfter(reply, () =>
        changePassword(app.db, { userId: auth.user.id, sessionId: auth.sessionId, ip: request.ip }, request.body),
      );
      return { ok: true };
    },
  );

  r.get(
    "/api/auth/sessions",
    { config: { access: "signed-in" }, schema: { response: { 200: z.array(sessionInfoSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      return listSessions(app.db, auth.user.id, auth.sessionId);
    },
  );

  r.delete(
    "/api/auth/sessions/:id",
    {
      config: { access: "signed-in" },
      schema: { params: z.object({ id: z.uuid({ error: "الجلسة غير موجودة" }) }), response: { 200: okSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const actor = { userId: auth.user.id, ip: request.ip };
      if (!(await endOwnSession(app.db, actor, request.params.id))) throw notFound("الجلسة غير موجودة");
      return { ok: true };
    },
  );

  r.post(
    "/api/auth/sessions/end-others",
    { config: { access: "signed-in" }, schema: { response: { 200: z.object({ ended: z.number().int() }) } } },
    async (request) => {
      const auth = requireAuth(request);
      return {
        ended: await endOtherSessions(app.db, { userId: auth.user.id, sessionId: auth.sessionId, ip: request.ip }),
      };
    },
  );

  r.get(
    "/api/auth/two-factor",
    { config: { access: "signed-in" }, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      return twoFactorStatus(app.db, auth.user);
    },
  );

  r.post(
    "/api/auth/two-factor/setup",
    { config: { access: "signed-in" }, schema: { response: { 200: twoFactorSetupSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      return startEnrolment(app.db, app.secrets, auth.user);
    },
  );

  r.post(
    "/api/auth/two-factor/enable",
    { config: { access: "signed-in" }, schema: { body: twoFactorCodeSchema, response: { 200: recoveryCodesSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const actor = { userId: auth.user.id, ip: request.ip };
      const codes = await confirmEnrolment(app.db, app.secrets, actor, request.body.code);
      if (!codes) throw badRequest({ code: TWO_FACTOR_TEXTS.codeWrong });
      return { recoveryCodes: codes };
    },
  );

  r.post(
    "/api/auth/two-factor/disable",
    { config: { access: "signed-in" }, schema: { body: currentPasswordSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (await roleRequiresTwoFactor(app.db, auth.user.role)) {
        throw conflict("دورك يتطلب التحقق بخطوتين، لا يمكن إيقافه");
      }
      await withRetryAfter(reply, () => confirmCurrentPassword(app.db, auth.user.id, request.body.currentPassword));
      await disableTwoFactor(app.db, { userId: auth.user.id, ip: request.ip });
      return { ok: true };
    },
  );

  r.get(
    "/api/roles/two-factor",
    { config: { access: "admin" }, schema: { response: { 200: z.array(roleTwoFactorRowSchema) } } },
    async () => listRoleTwoFactor(app.db),
  );

  r.put(
    "/api/roles/:role/two-factor",
    {
      config: { access: "admin" },
      schema: {
        params: z.object({ role: z.enum(ROLES, { error: "الدور غير صالح" }) }),
        body: roleTwoFactorSchema,
        response: { 200: roleTwoFactorRowSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { role } = request.params;
      const { requireTwoFactor } = request.body;
      await setRoleTwoFactor(app.db, { userId: auth.user.id, ip: request.ip }, role, requireTwoFactor);
      return { role, requireTwoFactor };
    },
  );
}
