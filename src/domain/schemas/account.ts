/**
 * The signed-in user's own password change (docs/decisions/020-staff-sign-in-hardening.md). Kept apart from auth.ts so
 * the login page does not load the common-password list of the password policy.
 */
import type { z } from "zod";
import { passwordProblem } from "../password-policy.ts";
import { TEXTS } from "../texts.ts";
import { currentPasswordSchema, TWO_FACTOR_TEXTS } from "./auth.ts";
import { text } from "./text.ts";

/**
 * POST /api/auth/password and the "change my password" form: the current password, the new one under the password
 * policy (src/domain/password-policy.ts; the username check is added by the server, which knows the username).
 */
export const passwordChangeSchema = currentPasswordSchema
  .extend({ newPassword: text({ error: TEXTS.passwordRequired }).min(1, TEXTS.passwordRequired) })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.newPassword, "");
    if (problem) ctx.addIssue({ code: "custom", path: ["newPassword"], message: problem });
    else if (value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: TWO_FACTOR_TEXTS.samePassword });
    }
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
