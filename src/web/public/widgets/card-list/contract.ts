/**
 * The card list's contract (docs/public-pages.md §4): its island name. Its cards' deferred photos are the
 * `data-deferred-image` boxes of the shared image box (islands/deferred-image.ts).
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const CARD_LIST = { island: "card-list", attrs: {} } as const satisfies WidgetContract;
