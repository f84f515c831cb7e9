/**
 * The staff password policy (docs/decisions/020-staff-sign-in-hardening.md; OWASP Authentication Cheat Sheet "Password
 * strength controls", NIST SP 800-63B §5.1.1.2), one home for the forms and the server:
 * - at least PASSWORD_MIN_LENGTH (12) and at most PASSWORD_MAX_LENGTH (256) characters, not whitespace only;
 * - not the username (case-insensitive, surrounding spaces ignored);
 * - not a common or breached password: the ~49,000 most common passwords of @zxcvbn-ts/language-common (from leaked
 *   password lists), compared case-insensitively, also once leading and trailing digits and symbols are removed
 *   ("Password1!!!", "qwerty123456", "Aa123456789!" are all refused), and not digits/symbols alone.
 * Existing users keep signing in with older passwords: only setting a password applies the policy.
 */
import { countNoun, NOUNS } from "./format.ts";
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_TEXTS = {
  passwordShort: `يجب أن تتكون كلمة المرور من ${countNoun(PASSWORD_MIN_LENGTH, NOUNS.character)} على الأقل`,
  passwordLong: `يجب ألا تزيد كلمة المرور عن ${countNoun(PASSWORD_MAX_LENGTH, NOUNS.character)}`,
  passwordBlank: "يجب ألا تتكون كلمة المرور من مسافات فقط",
  passwordIsUsername: "يجب ألا تكون كلمة المرور هي اسم المستخدم",
  passwordCommon: "كلمة المرور شائعة أو مسربة وسهلة التخمين، اختر كلمة مرور أخرى",
} as const;

let common: Set<string> | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the common-password list (~400 kB, its own chunk in the browser). The server awaits it before it answers
 * (app.ts); a form starts it when it opens, and until it arrives the form skips the list (the server still checks).
 */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => {
    common = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  });
  return loading;
}

/**
 * Installs the common-password list from words the caller already holds (the server's configuration check reads the
 * same @zxcvbn-ts/language-common list synchronously, src/server/config.ts), so `passwordProblem` applies the whole
 * policy without awaiting loadCommonPasswords. No effect once a list is loaded.
 */
export function primeCommonPasswords(words: readonly string[]): void {
  common ??= new Set(words.map((p) => p.toLowerCase()));
}

/** Whether `password` is a listed common password, alone or padded with digits and symbols; digits/symbols only. */
export function isCommonPassword(password: string): boolean {
  const lowered = password.trim().toLowerCase();
  const list = common ?? new Set<string>();
  const unpunctuated = lowered.replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, "");
  const core = lowered.replace(/^[\d\p{P}\p{S}\s]+|[\d\p{P}\p{S}\s]+$/gu, "");
  // Digits and symbols only ("123456789012", "!@#$%^&*()_+"), or a listed password padded with them.
  if (core.length === 0) return true;
  return list.has(lowered) || list.has(unpunctuated) || (core.length >= 3 && list.has(core));
}

/** The first policy problem of `password` for `username` as an Arabic message, or null when it is acceptable. */
export function passwordProblem(password: string, username: string): string | null {
  if (password.trim().length === 0) return PASSWORD_TEXTS.passwordBlank;
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_TEXTS.passwordShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TEXTS.passwordLong;
  if (username && password.trim().toLowerCase() === username.trim().toLowerCase()) {
    return PASSWORD_TEXTS.passwordIsUsername;
  }
  if (isCommonPassword(password)) return PASSWORD_TEXTS.passwordCommon;
  return null;
}
