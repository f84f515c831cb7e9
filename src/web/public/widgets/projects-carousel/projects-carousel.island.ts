/**
 * The home projects carousel's behaviour (SPEC §2.3 section 5) on the server markup of projects-carousel.tsx.
 *
 * Markup contract (contract.ts; the cards are ProjectImage's):
 * - the root, `PROJECTS_CAROUSEL.island`, is the element watched for nearness;
 * - `attrs.viewport`: the strip's viewport; its first element child is the list of slides (embla's container), one
 *   `<li>` per project;
 * - `attrs.prev` / `attrs.next`: the buttons, disabled in the markup until embla has measured;
 * - `[data-deferred-image]`: an image box whose <img> is still inside a <noscript> (not requested; deferred-image.ts).
 *
 * embla (the vanilla `embla-carousel`, loaded with a dynamic import) starts when the carousel comes within half a
 * screen of the viewport (IntersectionObserver, rootMargin "50% 0px") or when the visitor reaches for it (pointer enter
 * or focus on a button), not when the page loads: starting measures every slide, one ≈ 25 ms task on a 2-core machine,
 * ≈ 100 ms under Lighthouse's 4× CPU slowdown (docs/performance/web.md, docs/decisions/045-public-client-weight.md).
 * Until then the strip is the natively scrollable row (snap) the server sent, so every card stays reachable.
 *
 * Images of slides out of view are revealed when their slide comes into view (embla's `slidesInView`, a quarter of
 * the slide showing); once the visitor has engaged (a drag, a scroll of the carousel, a button hovered or focused)
 * the next slide's too, so a swipe finds its photo on the way (docs/performance/web.md: home ≤ 300 KB).
 */
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { attrSelector, claim, islandSelector } from "~/public/islands/contract.ts";
import { DEFERRED_IMAGE, revealDeferredImage } from "~/public/islands/deferred-image.ts";
import { PROJECTS_CAROUSEL } from "./contract.ts";

const { attrs } = PROJECTS_CAROUSEL;

/** embla's options: RTL, cards aligned to the start, a slide is in view at 25 %. */
export const CAROUSEL_OPTIONS = {
  direction: "rtl",
  align: "start",
  containScroll: "trimSnaps",
  inViewThreshold: 0.25,
} as const satisfies EmblaOptionsType;

/** How near the viewport the carousel starts: half a screen above or below it (IntersectionObserver rootMargin). */
export const CAROUSEL_NEAR_MARGIN = "50% 0px";

/** The viewport's classes before embla starts (a native snap-scrolling strip) and after (embla moves the strip). */
const NATIVE_STRIP_CLASSES = ["snap-x", "snap-mandatory", "overflow-x-auto"];
const EMBLA_STRIP_CLASS = "overflow-hidden";

/**
 * Attaches the carousel behaviour to every carousel under `root` not yet enhanced (marked `data-enhanced`). A carousel without a viewport is left alone; missing buttons are skipped. Never throws: if
 * embla fails to load, the strip stays natively scrollable and the next engagement tries again.
 */
export function enhanceCarousels(root: ParentNode = document): void {
  for (const carousel of root.querySelectorAll<HTMLElement>(islandSelector(PROJECTS_CAROUSEL.island))) {
    enhanceCarousel(carousel);
  }
}

function enhanceCarousel(carousel: HTMLElement): void {
  const viewport = carousel.querySelector<HTMLElement>(attrSelector(attrs.viewport));
  if (!viewport || !claim(carousel)) return;
  const prev = carousel.querySelector<HTMLButtonElement>(attrSelector(attrs.prev));
  const next = carousel.querySelector<HTMLButtonElement>(attrSelector(attrs.next));

  let api: EmblaCarouselType | null = null;
  let starting = false;
  let engaged = false;
  let observer: IntersectionObserver | null = null;

  const updateButtons = () => {
    if (!api) return;
    if (prev) prev.disabled = !api.canScrollPrev();
    if (next) next.disabled = !api.canScrollNext();
  };

  const revealImages = () => {
    if (!api) return;
    const inView = api.slidesInView();
    const near = engaged ? inView.flatMap((index) => [index, index + 1]) : inView;
    const slides = viewport.firstElementChild?.children;
    for (const index of near) {
      const slide = slides?.[index];
      const box = slide?.querySelector(`[${DEFERRED_IMAGE}]`);
      if (box) revealDeferredImage(box);
    }
  };

  const start = async () => {
    if (api || starting) return;
    starting = true;
    observer?.disconnect();
    observer = null;
    let embla: typeof import("embla-carousel");
    try {
      embla = await import("embla-carousel");
    } catch {
      starting = false;
      return;
    }
    if (!viewport.isConnected) return;
    viewport.classList.remove(...NATIVE_STRIP_CLASSES);
    viewport.classList.add(EMBLA_STRIP_CLASS);
    api = embla.default(viewport, CAROUSEL_OPTIONS);
    updateButtons();
    revealImages();
    api
      .on("select", updateButtons)
      .on("reInit", updateButtons)
      .on("slidesInView", revealImages)
      .on("pointerDown", engage)
      .on("select", engage);
  };

  function engage() {
    if (engaged) return;
    engaged = true;
    if (api) revealImages();
    else void start();
  }

  for (const button of [prev, next]) {
    button?.addEventListener("pointerenter", engage);
    button?.addEventListener("focus", engage);
  }
  prev?.addEventListener("click", () => api?.scrollPrev());
  next?.addEventListener("click", () => api?.scrollNext());

  if (typeof IntersectionObserver !== "function") {
    // A browser without IntersectionObserver cannot tell nearness: start at once.
    void start();
    return;
  }
  observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void start();
    },
    { rootMargin: CAROUSEL_NEAR_MARGIN },
  );
  observer.observe(carousel);
}
