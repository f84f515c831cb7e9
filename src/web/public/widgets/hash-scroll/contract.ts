/**
 * The home page's hash scrolling contract (docs/public-pages.md §4): the island name its marker carries (the hero's
 * title, hero.tsx). No data attributes.
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const HASH_SCROLL = { island: "hash-scroll", attrs: {} } as const satisfies WidgetContract;
