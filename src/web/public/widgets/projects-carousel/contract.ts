/**
 * The projects carousel's contract (docs/public-pages.md §4): its island name and the data attributes its markup
 * (projects-carousel.tsx) writes and its island (projects-carousel.island.ts) reads.
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const PROJECTS_CAROUSEL = {
  island: "projects-carousel",
  attrs: {
    /** The strip's viewport; its first element child is the list of slides, one `<li>` per project. */
    viewport: "data-carousel-viewport",
    /** The "previous project" button, disabled in the markup until embla has measured. */
    prev: "data-carousel-prev",
    /** The "next project" button, likewise. */
    next: "data-carousel-next",
  },
} as const satisfies WidgetContract;
