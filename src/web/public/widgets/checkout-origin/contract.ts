/**
 * The checkout forms' visit origin (docs/payments.md "Checkout", "Counted"; docs/public-pages.md §4): the island name
 * the unit page's «احجز الآن بعربون» form and the checkout page's form write in `data-island`, so the island puts in
 * the whole visit's attribution and the campaign page it began on.
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const CHECKOUT_ORIGIN = { island: "checkout-origin", attrs: {} } as const satisfies WidgetContract;
