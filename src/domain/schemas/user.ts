/**
 * Employee form and POST/PUT /api/users bodies (SPEC §2.17, §5.7, §7.2), with the password policy of issue 7.
 *
 * Password policy (one home, used by the form and the server):
 * - at least PASSWORD_MIN_LENGTH (10) characters, at most 256;
 * - not the username (compared case-insensitively, surrounding spaces ignored);
 * - not one of COMMON_PASSWORDS (a short list of the passwords guessed first, compared case-insensitively).
 * On create the password is required; on edit it is optional and an empty field means "unchanged".
 */
import { z } from "zod";
import { DEFAULT_ROLE, ROLES } from "../roles.ts";
import { TEXTS } from "../texts.ts";
import { createBody, replaceBody } from "./common.ts";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

export const USER_TEXTS = {
  usernameShort: "يجب أن يتكون اسم المستخدم من 3 أحرف على الأقل",
  usernameLong: "يجب ألا يزيد اسم المستخدم عن 50 حرفًا",
  usernameChars: "اسم المستخدم يقبل الحروف الإنجليزية والأرقام والنقطة والشرطة فقط",
  nameLong: "يجب ألا يزيد الاسم عن 100 حرف",
  roleInvalid: "الدور غير صالح",
  passwordShort: `يجب أن تتكون كلمة المرور من ${PASSWORD_MIN_LENGTH} أحرف على الأقل`,
  passwordLong: `يجب ألا تزيد كلمة المرور عن ${PASSWORD_MAX_LENGTH} حرفًا`,
  passwordIsUsername: "يجب ألا تكون كلمة المرور هي اسم المستخدم",
  passwordCommon: "كلمة المرور شائعة وسهلة التخمين، اختر كلمة مرور أخرى",
} as const;

/** Passwords of at least 10 characters that appear at the top of every leaked-password list. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "0123456789",
  "1234567890",
  "12345678910",
  "0987654321",
  "1111111111",
  "0000000000",
  "1234512345",
  "1q2w3e4r5t",
  "q1w2e3r4t5",
  "qwertyuiop",
  "qwerty1234",
  "qwerty12345",
  "asdfghjkl1",
  "1qaz2wsx3edc",
  "password12",
  "password123",
  "password1234",
  "passw0rd123",
  "p@ssw0rd123",
  "iloveyou12",
  "admin12345",
  "admin123456",
  "administrator",
  "abc1234567",
  "abcd123456",
  "aaaaaaaaaa",
  "welcome123",
  "letmein123",
  "football12",
  "princess12",
  "changeme123",
  "superadmin1",
]);

/**
 * The first policy problem of `password` for `username` as an Arabic message, or null when it is acceptable.
 * Pure; used by the schemas below.
 */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return USER_TEXTS.passwordShort;
  if (password.length > PASSWORD_MAX_LENGTH) return USER_TEXTS.passwordLong;
  const lowered = password.trim().toLowerCase();
  if (username && lowered === username.trim().toLowerCase()) return USER_TEXTS.passwordIsUsername;
  if (COMMON_PASSWORDS.has(lowered)) return USER_TEXTS.passwordCommon;
  return null;
}

/** Username: trimmed, lower-cased, 3–50 of a–z, 0–9, ".", "_", "-". */
export const usernameSchema = z
  .string({ error: TEXTS.usernameRequired })
  .trim()
  .toLowerCase()
  .min(1, TEXTS.usernameRequired)
  .min(3, USER_TEXTS.usernameShort)
  .max(50, USER_TEXTS.usernameLong)
  .regex(/^[a-z0-9._-]+$/, USER_TEXTS.usernameChars);

const nameSchema = z
  .string({ error: TEXTS.nameRequired })
  .trim()
  .min(1, TEXTS.nameRequired)
  .max(100, USER_TEXTS.nameLong);

const roleSchema = z.enum(ROLES, { error: USER_TEXTS.roleInvalid }).default(DEFAULT_ROLE);

const userFields = { username: usernameSchema, name: nameSchema, role: roleSchema };

/** The password policy on a body's `password` (absent = unchanged on edit), as a field message. */
function passwordRule(value: { username: string; password?: string }, ctx: z.RefinementCtx) {
  if (value.password === undefined) return;
  const problem = passwordProblem(value.password, value.username);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
}

/** POST /api/users and the "add new employee" form: username, name, role (default employee), password. */
export const userCreateSchema = z
  .object({
    ...userFields,
    password: z.string({ error: TEXTS.passwordRequired }).min(1, TEXTS.passwordRequired),
  })
  .superRefine(passwordRule);
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/** PUT /api/users/{id} and the "edit employee" form: password only when filled (empty or absent = unchanged). */
export const userUpdateSchema = z
  .object({
    ...userFields,
    password: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine(passwordRule);
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** Fields a user's GET answer carries that the server sets. */
export const USER_READ_ONLY = ["id", "accountId", "createdAt"] as const;
/** POST /api/users body: userCreateSchema's fields and rule; unknown and read-only fields refused on their own key. */
export const userCreateBodySchema = createBody(userCreateSchema.shape, USER_READ_ONLY).superRefine(passwordRule);
/** PUT /api/users/{id} body: userUpdateSchema's fields and rule; the read-only fields a GET answered are ignored. */
export const userReplaceSchema = replaceBody(userUpdateSchema.shape, USER_READ_ONLY).superRefine(passwordRule);

/**
 * The "add new employee" form: the edit schema with the password required, so that the create and edit forms share
 * one value shape (the server parses POST bodies with userCreateSchema).
 */
export const userCreateFormSchema = userUpdateSchema.superRefine((value, ctx) => {
  if (value.password === undefined) {
    ctx.addIssue({ code: "custom", path: ["password"], message: TEXTS.passwordRequired });
  }
});
