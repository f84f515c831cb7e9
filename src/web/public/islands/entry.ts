/**
 * The one script of a public page (docs/decisions/046-public-pages-as-islands.md). Public pages are rendered by React
 * on the server and never hydrated: this module, loaded as a module script (fetched at low priority while the page is
 * parsed, run once it is parsed), gives the server-rendered markup its behaviour through small enhancers, each of
 * which finds its elements by `data-island`. Heavier parts (the carousel's embla, the staff session banners) are
 * imported by their enhancer only when needed. An enhancer that throws is reported and the others still run. At the
 * end `<html data-islands="ready">` is set and a tap on a button made before (marked `data-early-tap` by root.tsx's
 * inline script) is replayed, so it is not lost on a slow link.
 */

import { enhanceVisitBooking } from "~/public/widgets/visit-booking/visit-booking.island.ts";
import { enhanceAffordability } from "./affordability.ts";
import { enhanceCardLists } from "./card-list.ts";
import { enhanceContactForms } from "./contact-form.ts";
import { enhanceFloatingButtons } from "./floating.ts";
import { enhanceGalleries } from "./gallery.ts";
import { enhanceCarousels, enhanceHashScroll, enhanceHero, enhanceMarquees } from "./home.ts";
import {
  enhanceCampaignVisit,
  enhanceEntrance,
  enhanceHistoryBack,
  enhanceSessionBanners,
  enhanceShortcuts,
} from "./layout.ts";

const ENHANCERS: ((root: ParentNode) => void)[] = [
  enhanceEntrance,
  enhanceSessionBanners,
  enhanceCampaignVisit,
  enhanceHistoryBack,
  enhanceShortcuts,
  enhanceFloatingButtons,
  enhanceGalleries,
  enhanceCardLists,
  enhanceContactForms,
  enhanceAffordability,
  enhanceVisitBooking,
  enhanceHero,
  enhanceMarquees,
  enhanceCarousels,
  enhanceHashScroll,
];

/** Runs every enhancer over `document`, then marks the page ready and replays an early tap. */
export function startIslands(): void {
  for (const enhance of ENHANCERS) {
    try {
      enhance(document);
    } catch (error) {
      console.error(error);
    }
  }
  const tapped = document.querySelector<HTMLElement>("[data-early-tap]");
  tapped?.removeAttribute("data-early-tap");
  document.documentElement.setAttribute("data-islands", "ready");
  if (tapped?.isConnected) tapped.click();
}

startIslands();
