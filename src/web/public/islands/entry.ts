/**
 * The one script of a public page (docs/decisions/046-public-pages-as-islands.md). Public pages are rendered by React
 * on the server and never hydrated: this module, loaded as a module script (fetched at low priority while the page is
 * parsed, run once it is parsed), gives the server-rendered markup its behaviour through the enhancers of the islands registry
 * (registry.ts), each of which finds its widgets by `data-island`. Heavier parts (the carousel's embla, the staff session banners) are
 * imported by their enhancer only when needed. An enhancer that throws is reported and the others still run. At the
 * end `<html data-islands="ready">` is set and a tap on a button made before (marked `data-early-tap` by the early-tap
 * script, src/web/boot/early-tap.ts) is replayed, so it is not lost on a slow link.
 */
import { EARLY_TAP_ATTR, ISLANDS_READY_ATTR } from "./contract.ts";
import { ISLANDS } from "./registry.ts";

/** Runs every enhancer over `document`, then marks the page ready and replays an early tap. */
export function startIslands(): void {
  for (const enhance of Object.values(ISLANDS)) {
    try {
      enhance(document);
    } catch (error) {
      console.error(error);
    }
  }
  const tapped = document.querySelector<HTMLElement>(`[${EARLY_TAP_ATTR}]`);
  tapped?.removeAttribute(EARLY_TAP_ATTR);
  document.documentElement.setAttribute(ISLANDS_READY_ATTR, "ready");
  if (tapped?.isConnected) tapped.click();
}

startIslands();
