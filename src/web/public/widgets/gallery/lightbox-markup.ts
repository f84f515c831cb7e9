/**
 * The skeleton of the gallery's lightbox (gallery.island.ts, SPEC §2.6): a `<dialog class="gallery-lightbox">` with
 * the stage, the counter and the close/previous/next buttons, without text (labels and texts are set through the DOM
 * from the gallery's data attributes). gallery.tsx renders it into the gallery's
 * `<template>` (`GALLERY.attrs.lightbox`), with `open` so that the page's CSS (server/pages/critical-css.ts) selects the open
 * dialog's rules; the island removes `open` from its copy before showing it as a modal.
 */
import { GALLERY } from "./contract.ts";

const { attrs } = GALLERY;

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-6';
// Lucide's chevron-right, chevron-left and x. The chevrons are drawn for RTL (previous points right, next points
// left) and turned around on a left-to-right page.
const CHEVRON_PREVIOUS = `${SVG_OPEN} ltr:rotate-180"><path d="m9 18 6-6-6-6"/></svg>`;
const CHEVRON_NEXT = `${SVG_OPEN} ltr:rotate-180"><path d="m15 18-6-6 6-6"/></svg>`;
const CROSS = `${SVG_OPEN}"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></svg>`;

const ROUND_BUTTON =
  "absolute grid size-12 place-items-center rounded-full bg-black/50 text-white hover:bg-black/70 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** A static skeleton (no interpolated text): labels and texts are set through the DOM after parsing. */
export const LIGHTBOX_DIALOG =
  '<dialog class="gallery-lightbox" open>' +
  `<div class="gallery-lightbox__stage" ${attrs.lightboxStage}><img class="gallery-lightbox__image" alt=""></div>` +
  '<p class="absolute top-4 start-4 rounded-full bg-black/50 px-3 py-1 text-sm text-white" aria-live="polite" ' +
  `${attrs.lightboxCounter}></p>` +
  `<button type="button" class="${ROUND_BUTTON} top-3 end-3" ${attrs.lightboxAction}="close">${CROSS}</button>` +
  `<button type="button" class="${ROUND_BUTTON} top-1/2 start-3 -translate-y-1/2" ${attrs.lightboxAction}="previous">` +
  `${CHEVRON_PREVIOUS}</button>` +
  `<button type="button" class="${ROUND_BUTTON} top-1/2 end-3 -translate-y-1/2" ${attrs.lightboxAction}="next">` +
  `${CHEVRON_NEXT}</button>` +
  "</dialog>";
