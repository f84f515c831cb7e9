/**
 * The floating buttons' contract (docs/public-pages.md §4; docs/decisions/056-numerals-in-text-and-fixed-buttons.md):
 * the island name the registry knows them by, and the attributes. Several elements of a page float (the WhatsApp
 * button, the detail pages' shortcuts), so they are marked with `attrs.floating` rather than a root `data-island`.
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const FLOATING = {
  island: "floating",
  attrs: {
    /** On each floating element (whatsapp-button.tsx, widgets/shortcuts/shortcuts.tsx). */
    floating: "data-floating",
    /** Set by the island while the element would cover an enquiry form. */
    covering: "data-covering",
    /** On a GET form the floating elements keep clear of (the affordability calculator). */
    clear: "data-floating-clear",
  },
} as const satisfies WidgetContract;
