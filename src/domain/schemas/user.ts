/**
 * Employee form and POST/PUT /api/users bodies (SPEC §2.17, §5.7, §7.2), with the password policy of
 * docs/decisions/020-staff-sign-in-hardening.md.
 *
 * Password policy: src/domain/password-policy.ts (12+ characters, not blank, not the username, not a common password).
 * On create the password is required; on edit it is optional and an empty field means "unchanged".
 */
import { z } from "zod";
import { PASSWORD_TEXTS, passwordProblem } from "../password-policy.ts";
import { DEFAULT_ROLE, ROLES } from "../roles.ts";
import { TEXTS } from "../texts.ts";
import { createBody, replaceBody } from "./common.ts";
import { text } from "./text.ts";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "../password-policy.ts";

export const USER_TEXTS = {
  usernameShort: "يجب أن يتكون اسم المستخدم من ٣ أحرف على الأقل",
  usernameLong: "يجب ألا يزيد اسم المستخدم عن ٥٠ حرفًا",
  usernameChars: "اسم المستخدم يقبل الحروف الإنجليزية والأرقام والنقطة والشرطة فقط",
  nameLong: "يجب ألا يزيد الاسم عن ١٠٠ حرف",
  roleInvalid: "الدور غير صالح",
  emailInvalid: "البريد الإلكتروني غير صالح",
  ...PASSWORD_TEXTS,
} as const;

/** Username: trimmed, lower-cased, 3–50 of a–z, 0–9, ".", "_", "-". */
export const usernameSchema = text({ error: TEXTS.usernameRequired })
  .trim()
  .toLowerCase()
  .min(1, TEXTS.usernameRequired)
  .min(3, USER_TEXTS.usernameShort)
  .max(50, USER_TEXTS.usernameLong)
  .regex(/^[a-z0-9._-]+$/, USER_TEXTS.usernameChars);

const nameSchema = text({ error: TEXTS.nameRequired }).trim().min(1, TEXTS.nameRequired).max(100, USER_TEXTS.nameLong);

const roleSchema = z.enum(ROLES, { error: USER_TEXTS.roleInvalid }).default(DEFAULT_ROLE);

/**
 * The staff member's e-mail, where the lead desk's notification e-mails go (docs/operations.md "E-mail"): lower-cased;
 * "" or null clears it; absent keeps the stored one on edit (none on create).
 */
const staffEmailSchema = z
  .union([
    z.literal("").transform(() => null),
    z.null(),
    text()
      .trim()
      .toLowerCase()
      .max(254, USER_TEXTS.emailInvalid)
      .pipe(z.email({ message: USER_TEXTS.emailInvalid })),
  ])
  .optional();

const userFields = { username: usernameSchema, name: nameSchema, role: roleSchema, email: staffEmailSchema };

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
    password: text({ error: TEXTS.passwordRequired }).min(1, TEXTS.passwordRequired),
  })
  .superRefine(passwordRule);
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/** PUT /api/users/{id} and the "edit employee" form: password only when filled (empty or absent = unchanged). */
export const userUpdateSchema = z
  .object({
    ...userFields,
    password: text()
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
