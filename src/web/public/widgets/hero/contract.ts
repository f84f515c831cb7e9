/**
 * The hero's contract (docs/public-pages.md §4): its island name and the data attributes its markup (hero.tsx)
 * writes and its island (hero.island.ts) reads.
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const HERO = {
  island: "hero",
  attrs: {
    /** On the root: the rotating words, a JSON string[] (the first one is server-rendered). */
    words: "data-words",
    /** On the root: the rotation's interval in ms (WORD_ROTATION_INTERVAL_MS). */
    intervalMs: "data-interval-ms",
    /** The box of the rotating word; its first element child is the word. */
    word: "data-hero-word",
    /** The pause button. */
    pause: "data-hero-pause",
  },
} as const satisfies WidgetContract;
