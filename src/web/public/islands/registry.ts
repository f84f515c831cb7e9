/**
 * The islands registry (docs/public-pages.md §4, docs/decisions/127-islands-load-only-the-enhancers-a-page-has.md):
 * every public widget's island name (its contract.ts) and how the islands entry (entry.ts) gets the enhancer that
 * gives its server markup its behaviour, in the order the entry runs them. Each enhancer but the session banners' (on
 * every public page, 2.5 KB) is a dynamic import: the build makes it a chunk of its own, which a page downloads only
 * when its HTML carries that `data-island`. A `data-island` the server renders without an entry here is a widget that
 * does nothing in the browser: registry.test.ts renders every public page and widget and fails on one. Imports no
 * React (src/boundaries.test.ts).
 */

import { AFFORDABILITY } from "~/public/widgets/affordability/contract.ts";
import { AVAILABILITY } from "~/public/widgets/availability/contract.ts";
import { CAMPAIGN_VISIT } from "~/public/widgets/campaign-visit/contract.ts";
import { CARD_LIST } from "~/public/widgets/card-list/contract.ts";
import { CHECKOUT_ORIGIN } from "~/public/widgets/checkout-origin/contract.ts";
import { CONTACT_FORM } from "~/public/widgets/contact-form/contract.ts";
import { ENTRANCE_WIDGET } from "~/public/widgets/entrance/contract.ts";
import { FLOATING } from "~/public/widgets/floating/contract.ts";
import { GALLERY } from "~/public/widgets/gallery/contract.ts";
import { HASH_SCROLL } from "~/public/widgets/hash-scroll/contract.ts";
import { HERO } from "~/public/widgets/hero/contract.ts";
import { HISTORY_BACK } from "~/public/widgets/history-back/contract.ts";
import { MARQUEE } from "~/public/widgets/marquee/contract.ts";
import { PROJECTS_CAROUSEL } from "~/public/widgets/projects-carousel/contract.ts";
import { SESSION_BANNERS } from "~/public/widgets/session-banners/contract.ts";
import { enhanceSessionBanners } from "~/public/widgets/session-banners/session-banners.island.ts";
import { SHORTCUTS } from "~/public/widgets/shortcuts/contract.ts";
import { VISIT_BOOKING } from "~/public/widgets/visit-booking/contract.ts";
import { attrSelector } from "./contract.ts";

/**
 * An island's enhancer: finds its widgets under `root`, claims each (`data-enhanced`) so a second run leaves it alone,
 * and never throws for a missing part.
 */
export type Enhancer = (root: ParentNode) => void;

/**
 * How the islands entry gets an island's enhancer: resolves to it, from a dynamic import (rejected when its chunk
 * cannot be fetched) or at once for the one imported statically.
 */
export type IslandLoader = () => Promise<Enhancer>;

/** Island name → its enhancer's loader, in running order (the entrance first: it ends an overlay that covers the page). */
export const ISLANDS: Readonly<Record<string, IslandLoader>> = {
  [ENTRANCE_WIDGET.island]: () => import("~/public/widgets/entrance/entrance.island.ts").then((m) => m.enhanceEntrance),
  [SESSION_BANNERS.island]: async () => enhanceSessionBanners,
  [CAMPAIGN_VISIT.island]: () =>
    import("~/public/widgets/campaign-visit/campaign-visit.island.ts").then((m) => m.enhanceCampaignVisit),
  [HISTORY_BACK.island]: () =>
    import("~/public/widgets/history-back/history-back.island.ts").then((m) => m.enhanceHistoryBack),
  [SHORTCUTS.island]: () => import("~/public/widgets/shortcuts/shortcuts.island.ts").then((m) => m.enhanceShortcuts),
  [FLOATING.island]: () => import("~/public/widgets/floating/floating.island.ts").then((m) => m.enhanceFloatingButtons),
  [GALLERY.island]: () => import("~/public/widgets/gallery/gallery.island.ts").then((m) => m.enhanceGalleries),
  [CARD_LIST.island]: () => import("~/public/widgets/card-list/card-list.island.ts").then((m) => m.enhanceCardLists),
  [CONTACT_FORM.island]: () =>
    import("~/public/widgets/contact-form/contact-form.island.ts").then((m) => m.enhanceContactForms),
  [AFFORDABILITY.island]: () =>
    import("~/public/widgets/affordability/affordability.island.ts").then((m) => m.enhanceAffordability),
  [VISIT_BOOKING.island]: () =>
    import("~/public/widgets/visit-booking/visit-booking.island.ts").then((m) => m.enhanceVisitBooking),
  [CHECKOUT_ORIGIN.island]: () =>
    import("~/public/widgets/checkout-origin/checkout-origin.island.ts").then((m) => m.enhanceCheckoutOrigin),
  [HERO.island]: () => import("~/public/widgets/hero/hero.island.ts").then((m) => m.enhanceHero),
  [MARQUEE.island]: () => import("~/public/widgets/marquee/marquee.island.ts").then((m) => m.enhanceMarquees),
  [PROJECTS_CAROUSEL.island]: () =>
    import("~/public/widgets/projects-carousel/projects-carousel.island.ts").then((m) => m.enhanceCarousels),
  [HASH_SCROLL.island]: () =>
    import("~/public/widgets/hash-scroll/hash-scroll.island.ts").then((m) => m.enhanceHashScroll),
  [AVAILABILITY.island]: () =>
    import("~/public/widgets/availability/availability.island.ts").then(
      (m) => (root: ParentNode) => void m.enhanceAvailability(root),
    ),
};

/**
 * Islands whose markup is marked by an attribute of their own rather than a root `data-island` (the floating
 * buttons: one element may float and be another widget's root, so it cannot name two islands): island name → the
 * selector that says the page carries it. The entry loads such an island when the selector matches.
 */
export const ISLAND_MARKS: Readonly<Record<string, string>> = {
  [FLOATING.island]: attrSelector(FLOATING.attrs.floating),
};
