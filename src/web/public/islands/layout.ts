/**
 * The islands every public page may carry (docs/decisions/046-public-pages-as-islands.md): what the public layout
 * and the small shared components do in the browser when React does not hydrate the page. Each enhancer finds its
 * element by `data-island`, reads what it needs from the markup, marks it `data-enhanced` (so a second call does
 * nothing) and never throws for a missing element.
 */
import { mayHaveStaffSession, SIGNED_IN_COOKIE_HINT } from "~/shared/session/staff-session-hint.ts";
import { wholeStylesheet } from "./stylesheet.ts";

/** Marks `element` as enhanced; false when it already was (the enhancer then leaves it alone). */
export function claim(element: Element): boolean {
  if (element.hasAttribute("data-enhanced")) return false;
  element.setAttribute("data-enhanced", "");
  return true;
}

/** A non-negative number of ms from a data attribute, or `fallback` when absent or invalid. */
function msOf(element: Element, name: string, fallback: number): number {
  const value = Number(element.getAttribute(name));
  return Number.isFinite(value) && value >= 0 && element.hasAttribute(name) ? value : fallback;
}

/**
 * The entrance animation of SPEC §1 on a page served as islands: the inline script of entrance-animation.tsx decided
 * before the first paint (`<html data-entrance="play" data-entrance-at="ms">`); this ends it at `data-end-ms` after
 * that start, or `data-click-end-ms` after a click made once the doors are open (`data-doors-open-ms`; an earlier click
 * is ignored), by removing the overlay and the attribute. When it does not play, the overlay is removed at once.
 */
export function enhanceEntrance(root: ParentNode = document): void {
  const found = root.querySelector<HTMLElement>('[data-island="entrance"]');
  if (!found || !claim(found)) return;
  const overlay: HTMLElement = found;
  const html = document.documentElement;
  const end = () => {
    overlay.remove();
    html.removeAttribute("data-entrance");
  };
  if (html.getAttribute("data-entrance") !== "play") {
    end();
    return;
  }
  const at = Number(html.getAttribute("data-entrance-at"));
  const startedAt = Number.isFinite(at) && at > 0 ? at : performance.now();
  const endMs = msOf(overlay, "data-end-ms", 2600);
  const doorsOpenMs = msOf(overlay, "data-doors-open-ms", 800);
  const clickEndMs = msOf(overlay, "data-click-end-ms", 700);
  overlay.setAttribute("data-phase", "playing");
  let timer = window.setTimeout(finish, Math.max(0, endMs - (performance.now() - startedAt)));
  function finish() {
    window.removeEventListener("click", onClick);
    end();
  }
  function onClick() {
    const elapsed = performance.now() - startedAt;
    if (elapsed < doorsOpenMs) return;
    window.removeEventListener("click", onClick);
    overlay.setAttribute("data-phase", "closing");
    overlay.classList.add("entrance-closing");
    window.clearTimeout(timer);
    timer = window.setTimeout(finish, Math.max(0, Math.min(clickEndMs, endMs - elapsed)));
  }
  window.addEventListener("click", onClick);
}

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
  const container = root.querySelector<HTMLElement>('[data-island="session-banners"]');
  if (!container || !claim(container)) return;
  void staffSessionHinted().then((hinted) => {
    if (!hinted) return;
    // The banners' markup is not the page's: styled by the whole stylesheet (islands/stylesheet.ts).
    void Promise.all([import("./session-banners.tsx"), wholeStylesheet()]).then(([{ mountSessionBanners }]) =>
      mountSessionBanners(container),
    );
  });
}

/**
 * Counts a campaign page's visit (SPEC §2.9) after the page is shown, as campaign.tsx does when hydrated: one GET of
 * `data-visit-url`, its answer read to the end; failures are ignored (a visit count is not worth an error).
 */
export function enhanceCampaignVisit(root: ParentNode = document): void {
  const marker = root.querySelector<HTMLElement>('[data-island="campaign-visit"]');
  if (!marker || !claim(marker)) return;
  const url = marker.getAttribute("data-visit-url");
  if (!url?.startsWith("/api/campaign/")) return;
  void fetch(url)
    .then((response) => response.text())
    .catch(() => undefined);
}

/** The not-found page's «العودة إلى الصفحة السابقة» (SPEC §2.10): back in the browser's history. */
export function enhanceHistoryBack(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-island="history-back"]')) {
    if (claim(button)) button.addEventListener("click", () => window.history.back());
  }
}

/** The phone's collapsed page shortcuts (floating-shortcuts.tsx): closed again once a shortcut is picked. */
export function enhanceShortcuts(root: ParentNode = document): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>('details[data-island="shortcuts"]')) {
    if (!claim(details)) continue;
    details.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("a[href]")) details.open = false;
    });
  }
}
