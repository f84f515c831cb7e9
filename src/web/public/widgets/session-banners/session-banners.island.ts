/**
 * The staff session banners (SPEC §2.2 / §4.1) on a public page: loaded on demand, only in a browser that may hold a
 * staff session. This module imports no React; the React banners come with the dynamic import of
 * session-banners-root.tsx (the named exception of src/boundaries.test.ts).
 */
import { claim, islandSelector } from "~/public/islands/contract.ts";
import { wholeStylesheet } from "~/public/islands/stylesheet.ts";
import { mayHaveStaffSession, SIGNED_IN_COOKIE_HINT } from "~/shared/session/staff-session-hint.ts";
import { SESSION_BANNERS } from "./contract.ts";

/**
 * Whether this browser may hold a staff session (staff-session-hint.ts): the stored user, else the marker cookie. The
 * cookie is read through the Cookie Store API where the browser has it (asynchronous: `document.cookie` is a
 * synchronous round trip to the browser's network process, 0.6–22 ms of the page's main thread in the traces of
 * docs/decisions/048-main-thread-after-first-paint.md), else through `document.cookie`. Never rejects: a refused
 * storage or cookie store falls back to the next source.
 */
export async function staffSessionHinted(): Promise<boolean> {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  if (mayHaveStaffSession(storage, "")) return true;
  if ("cookieStore" in window) {
    try {
      return Boolean(await window.cookieStore.get(SIGNED_IN_COOKIE_HINT));
    } catch {
      // An opaque origin or a refused store: the synchronous read below still tells.
    }
  }
  return mayHaveStaffSession(null, document.cookie);
}

/**
 * The session banners of SPEC §2.2 / §4.1 for a browser that may hold a staff session (staffSessionHinted): the
 * session check and its React banners are loaded on demand into the layout's `data-island="session-banners"` element;
 * a visitor without that sign loads nothing more.
 */
export function enhanceSessionBanners(root: ParentNode = document): void {
  const container = root.querySelector<HTMLElement>(islandSelector(SESSION_BANNERS.island));
  if (!container || !claim(container)) return;
  void staffSessionHinted().then((hinted) => {
    if (!hinted) return;
    // The banners' markup is not the page's: styled by the whole stylesheet (islands/stylesheet.ts).
    void Promise.all([import("./session-banners-root.tsx"), wholeStylesheet()]).then(([{ mountSessionBanners }]) =>
      mountSessionBanners(container),
    );
  });
}
