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
 * This is the markup only: the behaviour is projects-carousel.island.ts, which finds the parts by the names of
 * contract.ts; deferred images are the `data-deferred-image` boxes of project-card.tsx.
 */

import { ChevronLeft, ChevronRight } from "lucide-react";
import { formatNumber } from "#domain/format.ts";
import type { Project } from "#domain/types.ts";
import { ProjectCarouselCard } from "~/public/components/project-card.tsx";
import { dataProps } from "~/public/islands/contract.ts";
import { cx } from "~/shared/lib/cx.ts";
import { PROJECTS_CAROUSEL } from "./contract.ts";

/**
 * Width of one slide: 100 % below 768 px, 50 % from 768 px (md), 33.3 % from 1024 px (lg), i.e. 1/2/3 cards per
 * page as `cardsPerPage()` of SPEC §2.3 says. Tailwind's md and lg breakpoints are 48rem and 64rem (768/1024 px).
 */
export const CAROUSEL_SLIDE_CLASS = "min-w-0 shrink-0 grow-0 basis-full ps-4 md:basis-1/2 lg:basis-1/3";

/** The viewport's id, named by the buttons' aria-controls (one carousel per page: the home page's). */
const VIEWPORT_ID = "projects-carousel-viewport";

const { attrs } = PROJECTS_CAROUSEL;

/**
 * Props: the projects to show (already ordered by the API: featured first). Only the first slide's image is in the
 * page; the others are deferred boxes the island reveals as their slides come near.
 */
export function ProjectsCarousel({ projects }: { projects: Project[] }) {
  return (
    <div
      aria-roledescription="شرائح"
      aria-label="المشاريع"
      role="region"
      className="relative"
      data-island={PROJECTS_CAROUSEL.island}
    >
      <div
        id={VIEWPORT_ID}
        className="-my-2 py-2 snap-x snap-mandatory overflow-x-auto cursor-grab active:cursor-grabbing"
        data-testid="carousel-viewport"
        {...dataProps(attrs, { viewport: "" })}
      >
        <ul className="-ms-4 flex touch-pan-y">
          {projects.map((project, index) => (
            <li
              key={project.id}
              className={cx(CAROUSEL_SLIDE_CLASS, "snap-start")}
              aria-roledescription="شريحة"
              aria-label={`${formatNumber(index + 1)} من ${formatNumber(projects.length)}`}
            >
              <ProjectCarouselCard project={project} deferImage={index !== 0} />
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          disabled
          aria-controls={VIEWPORT_ID}
          aria-label="المشروع السابق"
          {...dataProps(attrs, { prev: "" })}
          className="grid size-11 place-items-center rounded-full bg-surface text-brand-700 shadow ring-1 ring-black/10 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40"
        >
          {/* RTL: "previous" lies to the right. */}
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          disabled
          aria-controls={VIEWPORT_ID}
          aria-label="المشروع التالي"
          {...dataProps(attrs, { next: "" })}
          className="grid size-11 place-items-center rounded-full bg-surface text-brand-700 shadow ring-1 ring-black/10 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}
