/**
 * When the entrance animation of SPEC §1 plays: only on the home page (`/`), once per browser session
 * (sessionStorage), and never for a visitor who asks for reduced motion. The pages that ads, shares and searches land
 * on (campaign, project, unit, update, lists, privacy) show their content from the first paint
 * (docs/decisions/055-entrance-on-the-home-page-only.md). Pure functions so the rule is testable without timers.
 */
import { ENTRANCE } from "#domain/constants.ts";
import { inlineScript } from "~/boot/inline-script.ts";
import { ENTRANCE_PATH, ENTRANCE_STORAGE_KEY } from "./contract.ts";

/** Whether `pathname` is a page the animation may play on (only the home page). */
export function isEntrancePage(pathname: string): boolean {
  return pathname === ENTRANCE_PATH;
}

export interface EntranceContext {
  /** Current URL path, e.g. "/" or "/project/3". */
  pathname: string;
  /** Whether the visitor prefers reduced motion. */
  reducedMotion: boolean;
  /** The session storage, or null where it is unavailable (private modes, blocked storage). */
  storage: Pick<Storage, "getItem"> | null;
}

/**
 * Whether the animation should play now: on the home page, not yet shown in this session, motion allowed. Without
 * storage it never plays (it could not remember having played).
 */
export function shouldPlayEntrance({ pathname, reducedMotion, storage }: EntranceContext): boolean {
  if (reducedMotion || !storage || !isEntrancePage(pathname)) return false;
  try {
    return storage.getItem(ENTRANCE_STORAGE_KEY) === null;
  } catch {
    return false;
  }
}

/**
 * How long the animation still runs after a click at `elapsedMs` since it started (SPEC §1): a click before the doors
 * open (0.8 s) is ignored (null); after it, the animation ends in about 0.7 s, or sooner if it would end anyway.
 */
export function remainingAfterClick(elapsedMs: number): number | null {
  if (elapsedMs < ENTRANCE.doorsOpenMs) return null;
  return Math.max(0, Math.min(ENTRANCE.clickEndMs, ENTRANCE.endMs - elapsedMs));
}

/**
 * Decides, before the page's first paint, whether the animation plays: the same rule as `shouldPlayEntrance`, run by
 * an inline script at the top of the home page's server HTML (its source is this function's text, so it must use
 * nothing from outside: `home` is ENTRANCE_PATH; src/web/boot/inline-script.ts). When it plays it marks the session, sets `data-entrance="play"` and `data-entrance-at` (performance.now()
 * in ms) on <html>; public.css shows the overlay only under that attribute, so the overlay either covers the page
 * from the first paint or never appears (no page → overlay → page flash).
 */
export function startEntrance(key: string, home: string): void {
  try {
    const root = document.documentElement;
    if (window.location.pathname !== home) return;
    if (typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      return;
    }
    const storage = window.sessionStorage;
    if (storage.getItem(key) !== null) return;
    storage.setItem(key, "1");
    root.setAttribute("data-entrance", "play");
    root.setAttribute("data-entrance-at", String(window.performance.now()));
  } catch {
    // No storage (private modes, blocked storage): it could not remember having played, so it does not play.
  }
}

/**
 * The inline script text that runs `startEntrance` with the storage key and the home path (src/web/boot/inline-script.ts).
 * A function, not a constant: the build registers this module's minified texts after the module's own code has run.
 */
export function entranceScript(): string {
  return inlineScript(startEntrance, ENTRANCE_STORAGE_KEY, ENTRANCE_PATH);
}
