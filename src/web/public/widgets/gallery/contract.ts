/**
 * The gallery's contract (docs/public-pages.md §4): its island name and the data attributes its markup (gallery.tsx,
 * lightbox-markup.ts) writes and its island (gallery.island.ts) reads.
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const GALLERY = {
  island: "gallery",
  attrs: {
    /** On the root: the lightbox's Arabic texts (lightbox-texts.ts). */
    lightboxLabel: "data-lightbox-label",
    lightboxPreviousLabel: "data-lightbox-previous-label",
    lightboxNextLabel: "data-lightbox-next-label",
    lightboxCloseLabel: "data-lightbox-close-label",
    /** On each image button: its index in the gallery, its 1920 px variant and its counter ("٢ من ٥"). */
    image: "data-gallery-image",
    fullSrc: "data-full-src",
    counter: "data-counter",
    /** On the strip: how far one press of a strip button scrolls it (px). */
    scrollPx: "data-scroll-px",
    /** The row of strip buttons, and each button's direction ("previous" | "next"). */
    controls: "data-gallery-controls",
    scroll: "data-gallery-scroll",
    /** The `<template>` holding the lightbox's skeleton, and in it the stage, the counter and each button's action. */
    lightbox: "data-lightbox",
    lightboxStage: "data-lightbox-stage",
    lightboxCounter: "data-lightbox-counter",
    lightboxAction: "data-lightbox-action",
  },
} as const satisfies WidgetContract;
