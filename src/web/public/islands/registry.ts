/**
 * The islands registry (docs/public-pages.md §4): every public widget's island name (its contract.ts) and the
 * enhancer that gives its server markup its behaviour, in the order the islands entry (entry.ts) runs them. A
 * `data-island` the server renders without an entry here is a widget that does nothing in the browser:
 * registry.test.ts renders every public page and widget and fails on one. Imports no React (src/boundaries.test.ts).
 */

import { enhanceAffordability } from "~/public/widgets/affordability/affordability.island.ts";
import { AFFORDABILITY } from "~/public/widgets/affordability/contract.ts";
import { enhanceAvailability } from "~/public/widgets/availability/availability.island.ts";
import { AVAILABILITY } from "~/public/widgets/availability/contract.ts";
import { enhanceCampaignVisit } from "~/public/widgets/campaign-visit/campaign-visit.island.ts";
import { CAMPAIGN_VISIT } from "~/public/widgets/campaign-visit/contract.ts";
import { enhanceCardLists } from "~/public/widgets/card-list/card-list.island.ts";
import { CARD_LIST } from "~/public/widgets/card-list/contract.ts";
import { enhanceCheckoutOrigin } from "~/public/widgets/checkout-origin/checkout-origin.island.ts";
import { CHECKOUT_ORIGIN } from "~/public/widgets/checkout-origin/contract.ts";
import { enhanceContactForms } from "~/public/widgets/contact-form/contact-form.island.ts";
import { CONTACT_FORM } from "~/public/widgets/contact-form/contract.ts";
import { ENTRANCE_WIDGET } from "~/public/widgets/entrance/contract.ts";
import { enhanceEntrance } from "~/public/widgets/entrance/entrance.island.ts";
import { FLOATING } from "~/public/widgets/floating/contract.ts";
import { enhanceFloatingButtons } from "~/public/widgets/floating/floating.island.ts";
import { GALLERY } from "~/public/widgets/gallery/contract.ts";
import { enhanceGalleries } from "~/public/widgets/gallery/gallery.island.ts";
import { HASH_SCROLL } from "~/public/widgets/hash-scroll/contract.ts";
import { enhanceHashScroll } from "~/public/widgets/hash-scroll/hash-scroll.island.ts";
import { HERO } from "~/public/widgets/hero/contract.ts";
import { enhanceHero } from "~/public/widgets/hero/hero.island.ts";
import { HISTORY_BACK } from "~/public/widgets/history-back/contract.ts";
import { enhanceHistoryBack } from "~/public/widgets/history-back/history-back.island.ts";
import { MARQUEE } from "~/public/widgets/marquee/contract.ts";
import { enhanceMarquees } from "~/public/widgets/marquee/marquee.island.ts";
import { PROJECTS_CAROUSEL } from "~/public/widgets/projects-carousel/contract.ts";
import { enhanceCarousels } from "~/public/widgets/projects-carousel/projects-carousel.island.ts";
import { SESSION_BANNERS } from "~/public/widgets/session-banners/contract.ts";
import { enhanceSessionBanners } from "~/public/widgets/session-banners/session-banners.island.ts";
import { SHORTCUTS } from "~/public/widgets/shortcuts/contract.ts";
import { enhanceShortcuts } from "~/public/widgets/shortcuts/shortcuts.island.ts";
import { VISIT_BOOKING } from "~/public/widgets/visit-booking/contract.ts";
import { enhanceVisitBooking } from "~/public/widgets/visit-booking/visit-booking.island.ts";

/**
 * An island's enhancer: finds its widgets under `root`, claims each (`data-enhanced`) so a second run leaves it alone,
 * and never throws for a missing part.
 */
export type Enhancer = (root: ParentNode) => void;

/** Island name → enhancer, in running order (the entrance first: it ends an overlay that covers the page). */
export const ISLANDS: Readonly<Record<string, Enhancer>> = {
  [ENTRANCE_WIDGET.island]: enhanceEntrance,
  [SESSION_BANNERS.island]: enhanceSessionBanners,
  [CAMPAIGN_VISIT.island]: enhanceCampaignVisit,
  [HISTORY_BACK.island]: enhanceHistoryBack,
  [SHORTCUTS.island]: enhanceShortcuts,
  [FLOATING.island]: enhanceFloatingButtons,
  [GALLERY.island]: enhanceGalleries,
  [CARD_LIST.island]: enhanceCardLists,
  [CONTACT_FORM.island]: enhanceContactForms,
  [AFFORDABILITY.island]: enhanceAffordability,
  [VISIT_BOOKING.island]: enhanceVisitBooking,
  [CHECKOUT_ORIGIN.island]: enhanceCheckoutOrigin,
  [HERO.island]: enhanceHero,
  [MARQUEE.island]: enhanceMarquees,
  [PROJECTS_CAROUSEL.island]: enhanceCarousels,
  [HASH_SCROLL.island]: enhanceHashScroll,
  [AVAILABILITY.island]: (root) => void enhanceAvailability(root),
};
