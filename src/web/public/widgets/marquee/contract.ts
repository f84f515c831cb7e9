/**
 * The partner marquee's contract (docs/public-pages.md §4): its island name and the data attributes its markup
 * (marquee.tsx) writes and its island (marquee.island.ts) reads.
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const MARQUEE = {
  island: "marquee",
  attrs: {
    /** The pause button. */
    pause: "data-marquee-pause",
    /** On the moving row (`.marquee`) while paused: "true" (public.css pauses the animation). */
    paused: "data-paused",
  },
} as const satisfies WidgetContract;
