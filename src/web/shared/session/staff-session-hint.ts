/**
 * Whether a staff session may exist in this browser (SPEC §4.1 startup rule: a stored user or the auth-check cookie),
 * checked without loading the session store itself, so a public visitor's first page stays light. The two names must
 * equal STORED_USER_KEY and SIGNED_IN_COOKIE of shared/session/auth-store.ts (a test holds them together).
 */
export const STORED_USER_KEY_HINT = "staff.user";
export const SIGNED_IN_COOKIE_HINT = "signed_in";

/** True when localStorage holds the stored user or the cookie string carries the marker cookie. */
export function mayHaveStaffSession(storage: Pick<Storage, "getItem"> | null, cookies: string): boolean {
  try {
    if (storage?.getItem(STORED_USER_KEY_HINT)) return true;
  } catch {
    // Storage can be blocked; the cookie still tells.
  }
  return cookies.split(";").some((part) => part.trim().startsWith(`${SIGNED_IN_COOKIE_HINT}=`));
}
