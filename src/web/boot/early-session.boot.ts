/**
 * The back office's session restore started by the document itself (docs/decisions/157-session-restored-by-the-document.md):
 * run from an inline module script in the head of every back-office page, before the page's scripts have loaded.
 * When a session may exist (the `cookieName` cookie, or a stored user under `storedUserKey` in localStorage, as
 * src/web/shared/session/auth-store.ts mayHaveSession reads them), it sends POST `refreshPath` at once and, for each
 * path of `reads` (GET /api/… paths the page's route names in its `earlyReads` handle), a GET with the token of that
 * refresh's answer once it has come. The promises are left on `window[key]` as `{ refresh: Promise<Response>,
 * reads: { [path]: Promise<Response> } }` for the page's API client to take, each at most once
 * (src/web/shared/session/early-session.ts): the refresh rotates the refresh cookie, so its answer must be used once
 * and never fetched twice. Nothing happens without a sign of a session. Self-contained (inline-script.ts).
 */
export function startEarlySession(
  key: string,
  refreshPath: string,
  cookieName: string,
  storedUserKey: string,
  reads: readonly string[],
): void {
  let stored = false;
  try {
    stored = localStorage.getItem(storedUserKey) !== null;
  } catch {}
  const signedIn = document.cookie.split(";").some((part) => part.trim().startsWith(`${cookieName}=`));
  if (!stored && !signedIn) return;
  const refresh = fetch(refreshPath, {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json" },
  });
  // Read from a copy, registered before anything else can read the answer's body.
  const token = refresh.then((res) => (res.ok ? res.clone().json() : null)).then((auth) => auth?.token ?? null);
  const early: { refresh: Promise<Response>; reads: Record<string, Promise<Response>> } = { refresh, reads: {} };
  for (const path of reads) {
    // Without a token (a refused refresh), the read answers 401 without being sent: the page sends it again itself.
    const read = token.then((value) => {
      if (!value) return new Response(null, { status: 401 });
      return fetch(path, {
        credentials: "include",
        headers: { Accept: "application/json", Authorization: `Bearer ${value}` },
      });
    });
    // A read the page never takes (it went elsewhere) must not report an unhandled rejection.
    read.catch(() => undefined);
    early.reads[path] = read;
  }
  refresh.catch(() => undefined);
  (window as unknown as Record<string, unknown>)[key] = early;
}
