import { z } from "zod";
import { countNoun, NOUNS } from "../format.ts";
import { TEXTS } from "../texts.ts";
import { text } from "./text.ts";

/** Login form and POST /api/auth/login body (SPEC §5.2). Username is trimmed and lower-cased. */
export const loginSchema = z.object({
  username: text({ error: TEXTS.usernameRequired })
    .trim()
    .toLowerCase()
    .min(1, TEXTS.usernameRequired)
    .max(100, TEXTS.usernameRequired),
  password: text({ error: TEXTS.passwordRequired }).min(1, TEXTS.passwordRequired).max(256),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const TWO_FACTOR_TEXTS = {
  codeRequired: "رمز التحقق مطلوب",
  codeWrong: "رمز التحقق غير صحيح",
  /** A right code of a time step already used (docs/decisions/020-staff-sign-in-hardening.md: each code works once). */
  codeReused: `استُخدم هذا الرمز من قبل. انتظر ظهور الرمز التالي في تطبيق المصادقة (يتجدد كل ${countNoun(30, NOUNS.second)}) ثم أدخله`,
  currentPasswordRequired: "كلمة المرور الحالية مطلوبة",
  currentPasswordWrong: "كلمة المرور الحالية غير صحيحة",
  samePassword: "يجب أن تختلف كلمة المرور الجديدة عن الحالية",
  confirmMismatch: "كلمتا المرور غير متطابقتين",
} as const;

/** POST /api/auth/login/two-factor: the challenge of the password step and a 6-digit code or a recovery code. */
export const loginSecondFactorSchema = z.object({
  challenge: text({ error: TWO_FACTOR_TEXTS.codeRequired }).min(1).max(100),
  code: text({ error: TWO_FACTOR_TEXTS.codeRequired })
    .trim()
    .min(1, TWO_FACTOR_TEXTS.codeRequired)
    .max(40, TWO_FACTOR_TEXTS.codeWrong),
});
export type LoginSecondFactorInput = z.infer<typeof loginSecondFactorSchema>;

/** The code of the two-factor form (enrolment confirmation and the login's second step). */
export const twoFactorCodeSchema = z.object({
  code: text({ error: TWO_FACTOR_TEXTS.codeRequired })
    .trim()
    .min(1, TWO_FACTOR_TEXTS.codeRequired)
    .max(40, TWO_FACTOR_TEXTS.codeWrong),
});

/** Actions that need the current password again (turning 2FA off). */
export const currentPasswordSchema = z.object({
  currentPassword: text({ error: TWO_FACTOR_TEXTS.currentPasswordRequired })
    .min(1, TWO_FACTOR_TEXTS.currentPasswordRequired)
    .max(256),
});

/** PUT /api/roles/{role}/two-factor: whether the role's members must use a second factor. */
export const roleTwoFactorSchema = z.object({ requireTwoFactor: z.boolean({ error: "القيمة غير صالحة" }) });
