/**
 * The home projects carousel (SPEC §2.3 section 5): embla in RTL with mouse/touch drag, one card per project,
 * previous/next buttons that move one card and are disabled at the ends, and 3/2/1 cards per page at
 * ≥1024/≥768/smaller widths (CSS widths that match `cardsPerPage`). Before the script runs the strip is a
 * natively scrollable row, so every card is reachable without JavaScript.
 *
 * embla starts when the carousel comes within half a screen of the viewport (or the visitor reaches for it), not
 * at hydration: starting measures every slide, one ≈ 25 ms task on a 2-core machine (≈ 100 ms under Lighthouse's
 * 4× CPU slowdown) that a phone would pay for a carousel below the first screen (docs/performance/web.md).
 *
 * Public pages run no React in the browser: islands/carousel.ts (`enhanceCarousels`) gives the server-rendered markup
 * the same behaviour, finding the root by `data-island="projects-carousel"`, the viewport by `data-carousel-viewport`
 * and the buttons by `data-carousel-prev` / `data-carousel-next`; deferred images are the `data-deferred-image` boxes
 * of project-card.tsx. The embla options below and the island's must stay the same.
 */

import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { useInView } from "react-intersection-observer";
import { formatNumber } from "#domain/format.ts";
import type { Project } from "#domain/types.ts";
import { cx } from "~/shared/lib/cx.ts";
import { ProjectCarouselCard } from "./project-card.tsx";

/**
 * Width of one slide: 100 % below 768 px, 50 % from 768 px (md), 33.3 % from 1024 px (lg), i.e. 1/2/3 cards per
 * page as `cardsPerPage()` of SPEC §2.3 says. Tailwind's md and lg breakpoints are 48rem and 64rem (768/1024 px).
 */
export const CAROUSEL_SLIDE_CLASS = "min-w-0 shrink-0 grow-0 basis-full ps-4 md:basis-1/2 lg:basis-1/3";

/** Props: the projects to show (already ordered by the API: featured first). */
export function ProjectsCarousel({ projects }: { projects: Project[] }) {
  const { ref: nearRef, inView: near } = useInView({ rootMargin: "50% 0px", triggerOnce: true });
  // inViewThreshold: a slide counts as in view when a quarter of it shows (not a sliver of its padding).
  const [viewportRef, api] = useEmblaCarousel({
    direction: "rtl",
    align: "start",
    containScroll: "trimSnaps",
    inViewThreshold: 0.25,
  });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const viewportId = useId();

  // Images of slides out of view (to the side) are requested only when their slide comes near. Before the carousel
  // starts, only the first slide's image is in the page; once it starts, the slides in view; once the visitor
  // reaches for the carousel (a drag, a button pressed, hovered or focused), the next slide too, so a swipe finds
  // its image on the way without a page load paying for photos nobody looks at (docs/performance/web.md: home ≤ 300 KB).
  const [imagesShown, setImagesShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [engaged, setEngaged] = useState(false);
  const engage = useCallback(() => setEngaged(true), []);
  // embla gets its viewport, and starts, once the carousel is near or engaged (see the module comment).
  const started = near || engaged;

  useEffect(() => {
    if (!api) return;
    const update = () => {
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    const reveal = () => {
      const inView = api.slidesInView();
      const near = engaged ? inView.flatMap((index) => [index, index + 1]) : inView;
      setImagesShown((shown) => (near.every((i) => shown.has(i)) ? shown : new Set([...shown, ...near])));
    };
    const engageAndReveal = () => setEngaged(true);
    update();
    reveal();
    api
      .on("select", update)
      .on("reInit", update)
      .on("slidesInView", reveal)
      .on("pointerDown", engageAndReveal)
      .on("select", engageAndReveal);
    return () => {
      api
        .off("select", update)
        .off("reInit", update)
        .off("slidesInView", reveal)
        .off("pointerDown", engageAndReveal)
        .off("select", engageAndReveal);
    };
  }, [api, engaged]);

  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);

  return (
    <div
      ref={nearRef}
      aria-roledescription="شرائح"
      aria-label="المشاريع"
      role="region"
      className="relative"
      data-island="projects-carousel"
    >
      <div
        ref={started ? viewportRef : undefined}
        id={viewportId}
        className={cx(
          "-my-2 py-2",
          api ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto",
          "cursor-grab active:cursor-grabbing",
        )}
        data-testid="carousel-viewport"
        data-carousel-viewport=""
      >
        <ul className="-ms-4 flex touch-pan-y">
          {projects.map((project, index) => (
            <li
              key={project.id}
              className={cx(CAROUSEL_SLIDE_CLASS, "snap-start")}
              aria-roledescription="شريحة"
              aria-label={`${formatNumber(index + 1)} من ${formatNumber(projects.length)}`}
            >
              <ProjectCarouselCard project={project} deferImage={!imagesShown.has(index)} />
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={prev}
          onPointerEnter={engage}
          onFocus={engage}
          disabled={!canPrev}
          aria-controls={viewportId}
          aria-label="المشروع السابق"
          data-carousel-prev=""
          className="grid size-11 place-items-center rounded-full bg-surface text-brand-700 shadow ring-1 ring-black/10 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40"
        >
          {/* RTL: "previous" lies to the right. */}
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          onClick={next}
          onPointerEnter={engage}
          onFocus={engage}
          disabled={!canNext}
          aria-controls={viewportId}
          aria-label="المشروع التالي"
          data-carousel-next=""
          className="grid size-11 place-items-center rounded-full bg-surface text-brand-700 shadow ring-1 ring-black/10 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}
