/**
 * The gallery's behaviour (SPEC §2.6) on the server markup of gallery.tsx; names from contract.ts.
 *
 * - The strip's previous/next buttons scroll it by `attrs.scrollPx` px per click (smoothly unless the visitor prefers
 *   reduced motion); in a right-to-left page "next" scrolls toward negative scrollLeft. Each button is disabled at its
 *   end, and the button row is hidden when the strip does not overflow; both are measured on scroll and on resize.
 * - Any image button opens a full-screen lightbox, a native modal `<dialog>` built on first use: the image's full-size
 *   URL (`attrs.fullSrc`), its alt text and its counter (`attrs.counter`, "٢ من ٥", formatted by the server). Previous/
 *   next buttons, the arrow keys (in RTL ArrowLeft is next) and a horizontal swipe move, wrapping around; the
 *   neighbouring images are preloaded. Escape (natively), the close button and a click outside the image and the
 *   controls close it, and focus returns to the image button that opened it.
 * - The strip's photos, sent unrequested (deferred-image.ts), are revealed once the page's first photo has loaded.
 *
 * The dialog is cloned from the gallery's `<template>` (`attrs.lightbox`: its skeleton, lightbox-markup.ts, rendered by
 * the server so that the page's own CSS covers it); the Arabic texts come from the gallery root's `attrs.lightbox*Label`; styles beyond the skeleton's Tailwind classes
 * are in gallery.css.
 */

import { attrSelector, claim, islandSelector } from "~/public/islands/contract.ts";
import { afterFirstPhoto, revealDeferredImages } from "~/public/islands/deferred-image.ts";
import { GALLERY } from "./contract.ts";

const { attrs } = GALLERY;
const IMAGE_BUTTON = attrSelector(attrs.image);
/** A swipe is a horizontal pointer move of at least this many px, more horizontal than vertical. */
const SWIPE_PX = 50;
/** Scroll offsets within this many px of an end count as the end (sub-pixel scroll positions). */
const EDGE_SLACK_PX = 2;

interface Slide {
  src: string;
  alt: string;
  counter: string;
}

/**
 * Enhances every gallery inside `root` (once: an enhanced gallery is marked `data-enhanced`).
 * Missing parts (no strip, no strip buttons, no images) are skipped; nothing throws.
 */
export function enhanceGalleries(root: ParentNode = document): void {
  for (const gallery of root.querySelectorAll<HTMLElement>(islandSelector(GALLERY.island))) {
    if (!claim(gallery)) continue;
    enhanceStrip(gallery);
    enhanceLightbox(gallery);
    // The strip's photos (deferred-image.ts); `loading="lazy"` still holds back those far from view.
    afterFirstPhoto(() => revealDeferredImages(gallery), gallery.ownerDocument);
  }
}

/** Whether `node` is laid out right to left (the site is; `dir="ltr"` on an ancestor says otherwise). */
function isRtl(node: Element): boolean {
  return node.closest("[dir]")?.getAttribute("dir") !== "ltr";
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** The strip's previous/next buttons: scrolling, disabled ends, the row hidden when nothing overflows. */
function enhanceStrip(gallery: HTMLElement): void {
  const strip = gallery.querySelector<HTMLElement>(attrSelector(attrs.scrollPx));
  if (!strip) return;
  const controls = gallery.querySelector<HTMLElement>(attrSelector(attrs.controls));
  const previous = gallery.querySelector<HTMLButtonElement>(attrSelector(attrs.scroll, "previous"));
  const next = gallery.querySelector<HTMLButtonElement>(attrSelector(attrs.scroll, "next"));
  const nextSign = isRtl(strip) ? -1 : 1;

  const measure = () => {
    const offset = Math.abs(strip.scrollLeft);
    const atStart = offset < EDGE_SLACK_PX;
    const atEnd = offset + strip.clientWidth >= strip.scrollWidth - EDGE_SLACK_PX;
    if (previous) previous.disabled = atStart;
    if (next) next.disabled = atEnd;
    // The server's row is shown on phones before any measure (gallery.tsx); measured, it follows this.
    controls?.classList.remove("sm:hidden");
    controls?.classList.toggle("hidden", atStart && atEnd);
    controls?.classList.toggle("flex", !(atStart && atEnd));
  };
  const scroll = (direction: 1 | -1) => {
    const step = Number(strip.getAttribute(attrs.scrollPx)) || strip.clientWidth;
    strip.scrollBy({ left: direction * nextSign * step, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  };

  previous?.addEventListener("click", () => scroll(-1));
  next?.addEventListener("click", () => scroll(1));
  strip.addEventListener("scroll", measure, { passive: true });
  window.addEventListener("resize", measure, { passive: true });
  // The first measure waits for the browser's next layout (a ResizeObserver reports after it) rather than forcing one
  // now, while the enhancers before this one have left the page's layout dirty: a forced layout of the whole page is
  // a long task on a phone (docs/performance/web.md, "Total blocking time").
  if (typeof ResizeObserver === "function") new ResizeObserver(measure).observe(strip);
  else measure();
}

/**
 * Opens the lightbox from any image button of the gallery; the dialog is built on the first open. A gallery without
 * the lightbox skeleton (`<template data-lightbox>`) keeps its image buttons inert.
 */
function enhanceLightbox(gallery: HTMLElement): void {
  const skeleton = gallery.querySelector<HTMLTemplateElement>(`template${attrSelector(attrs.lightbox)}`)?.content
    .firstElementChild;
  if (!(skeleton instanceof HTMLDialogElement)) return;
  let open: ((index: number, opener: HTMLElement) => void) | null = null;
  gallery.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(IMAGE_BUTTON) : null;
    if (!button || !gallery.contains(button)) return;
    open ??= buildLightbox(gallery, skeleton);
    open(Number(button.getAttribute(attrs.image)) || 0, button);
  });
}

function toSlide(button: HTMLElement): Slide {
  const image = button.querySelector("img");
  return {
    src: button.getAttribute(attrs.fullSrc) || image?.currentSrc || image?.src || "",
    alt: image?.alt ?? "",
    counter: button.getAttribute(attrs.counter) ?? "",
  };
}

/**
 * Builds the gallery's `<dialog>` (a copy of `skeleton`, appended to the gallery) for its image buttons, and returns
 * the function that opens it at an image index (`data-gallery-image`) and returns focus to `opener` on close.
 */
function buildLightbox(
  gallery: HTMLElement,
  skeleton: HTMLDialogElement,
): (index: number, opener: HTMLElement) => void {
  // A photo opened before the strip was revealed (a tap while the first photo still loads) needs its <img> for its alt.
  revealDeferredImages(gallery);
  const slides = [...gallery.querySelectorAll<HTMLElement>(IMAGE_BUTTON)]
    .sort((a, b) => Number(a.getAttribute(attrs.image)) - Number(b.getAttribute(attrs.image)))
    .map(toSlide);
  const text = (attr: (typeof attrs)[keyof typeof attrs]) => gallery.getAttribute(attr) ?? "";
  // The skeleton is the server's (gallery.tsx), in the page, so the page's CSS covers it.
  const dialog = document.importNode(skeleton, true);
  dialog.removeAttribute("open");
  dialog.setAttribute("aria-label", text(attrs.lightboxLabel));
  const stage = dialog.querySelector<HTMLElement>(attrSelector(attrs.lightboxStage))!;
  const image = dialog.querySelector("img")!;
  const counter = dialog.querySelector<HTMLElement>(attrSelector(attrs.lightboxCounter))!;
  const label = (action: string, value: string) =>
    dialog.querySelector(attrSelector(attrs.lightboxAction, action))?.setAttribute("aria-label", value);
  label("close", text(attrs.lightboxCloseLabel));
  label("previous", text(attrs.lightboxPreviousLabel));
  label("next", text(attrs.lightboxNextLabel));
  gallery.append(dialog);

  const rtl = isRtl(gallery);
  const preloaded = new Set<string>();
  let current = 0;
  let opener: HTMLElement | null = null;
  let swipeStart: { x: number; y: number } | null = null;
  let swiped = false;

  const wrap = (index: number) => (index + slides.length) % slides.length;
  const preload = (index: number) => {
    const { src } = slides[wrap(index)];
    if (!src || preloaded.has(src)) return;
    preloaded.add(src);
    new Image().src = src;
  };
  const show = (index: number) => {
    current = wrap(index);
    const slide = slides[current];
    preloaded.add(slide.src);
    image.src = slide.src;
    image.alt = slide.alt;
    counter.textContent = slide.counter;
    preload(current + 1);
    preload(current - 1);
  };

  dialog.addEventListener("click", (event) => {
    if (swiped) {
      swiped = false;
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    const action = target?.closest(attrSelector(attrs.lightboxAction))?.getAttribute(attrs.lightboxAction);
    if (action === "previous") show(current - 1);
    else if (action === "next") show(current + 1);
    else if (action === "close" || target === dialog || target === stage) dialog.close();
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    if (event.key !== forward && event.key !== backward) return;
    event.preventDefault();
    show(current + (event.key === forward ? 1 : -1));
  });
  dialog.addEventListener("pointerdown", (event) => {
    swiped = false;
    swipeStart = event.pointerType === "mouse" ? null : { x: event.clientX, y: event.clientY };
  });
  dialog.addEventListener("pointercancel", () => {
    swipeStart = null;
  });
  dialog.addEventListener("pointerup", (event) => {
    if (!swipeStart) return;
    const dx = event.clientX - swipeStart.x;
    const dy = event.clientY - swipeStart.y;
    swipeStart = null;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) <= Math.abs(dy)) return;
    swiped = true;
    // In RTL the next image lies to the left: a swipe to the right brings it in.
    show(current + (dx > 0 === rtl ? 1 : -1));
  });
  // Browsers restore focus to what was focused before showModal(); a tapped button is not focused in every browser
  // (Safari), so the opener is focused explicitly.
  dialog.addEventListener("close", () => {
    opener?.focus();
    opener = null;
  });

  return (index, from) => {
    if (slides.length === 0 || dialog.open) return;
    opener = from;
    show(index);
    dialog.showModal();
  };
}
