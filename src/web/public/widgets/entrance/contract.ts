/**
 * The entrance animation's contract (docs/public-pages.md §4): its island name, the data attributes its markup
 * (entrance.tsx) writes on the overlay and its island (entrance.island.ts) reads, and the ones its inline script
 * (entrance.boot.ts) sets on <html> before the first paint (public.css shows the overlay only under `play`).
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const ENTRANCE_WIDGET = {
  island: "entrance",
  attrs: {
    /** The overlay's phase: "pending" in the markup, then "playing" and "closing" (island). */
    phase: "data-phase",
    /** SPEC §1 times in ms: the overlay's end, the doors' opening, the end after a click. */
    endMs: "data-end-ms",
    doorsOpenMs: "data-doors-open-ms",
    clickEndMs: "data-click-end-ms",
    /** On <html>: "play" when the animation plays (set by the inline script). */
    entrance: "data-entrance",
    /** On <html>: performance.now() in ms when the inline script started it. */
    entranceAt: "data-entrance-at",
  },
} as const satisfies WidgetContract;

/** The sessionStorage key set once the animation has been shown in this browser session (entrance.boot.ts). */
export const ENTRANCE_STORAGE_KEY = "entrance-shown";

/** The one path the animation plays on: the home page (a query string, e.g. an ad's `?utm_source=…`, is still home). */
export const ENTRANCE_PATH = "/";
