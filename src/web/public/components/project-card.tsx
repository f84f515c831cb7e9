/**
 * Project cards: the compact card of the home carousel (SPEC §2.3) and the full card of /all-projects (SPEC §2.4).
 * Both link to /project/{id}; both show the first image or a placeholder.
 */
import { Building2, MapPin } from "lucide-react";
import { Link } from "react-router";
import { formatSAR } from "#domain/format.ts";
import type { Project } from "#domain/types.ts";
import { placeText } from "~/public/lib/project-display.ts";
import { LicenceLine } from "~/public/widgets/licence/licence.tsx";
import { SalesRing } from "./progress.tsx";
import { ImageBox, ResponsiveImage } from "./responsive-image.tsx";
import { FeaturedBadge, StatusBadge } from "./status-badge.tsx";

/**
 * The image box of a card: the first project image, or a neutral placeholder with an icon.
 * `deferred`: the image is not requested yet (a carousel slide far from view, a list card after the first); the box
 * keeps its size, and visitors without JavaScript still get the image through <noscript> (ImageBox). The carousel
 * island (widgets/projects-carousel/) or the card-list island (widgets/card-list/) reveals it by building the <img> from
 * the <noscript>'s markup (islands/deferred-image.ts), so the revealed image is the very one this component renders.
 */
export function ProjectImage({
  project,
  sizes,
  priority,
  deferred = false,
}: {
  project: Project;
  sizes: string;
  priority?: boolean;
  deferred?: boolean;
}) {
  const first = project.images[0];
  const image = first ? (
    <ResponsiveImage
      src={first}
      alt={`صورة ${project.name}`}
      sizes={sizes}
      priority={priority}
      width={960}
      height={720}
    />
  ) : null;
  return (
    <ImageBox image={image} deferred={deferred} className="relative aspect-[4/3] overflow-hidden bg-brand-50">
      <div className="grid size-full place-items-center text-brand-500" data-testid="image-placeholder">
        <Building2 aria-hidden="true" className="size-14" strokeWidth={1.25} />
        <span className="sr-only">{`لا توجد صورة لـ ${project.name}`}</span>
      </div>
    </ImageBox>
  );
}

/** Sizes of a carousel card image: one, two or three cards per row (SPEC §2.3) in a 72rem container. */
export const CAROUSEL_CARD_SIZES =
  "(min-width: 1152px) 368px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw";

/**
 * Carousel card (SPEC §2.3): image, name, city and district, price in SAR (hidden when 0), featured badge.
 * The whole card is one link to /project/{id}.
 */
export function ProjectCarouselCard({ project, deferImage = false }: { project: Project; deferImage?: boolean }) {
  const place = placeText(project);
  return (
    <Link
      to={`/project/${project.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-black/5 transition-shadow hover:shadow-md"
      draggable={false}
    >
      <div className="relative">
        <ProjectImage project={project} sizes={CAROUSEL_CARD_SIZES} deferred={deferImage} />
        <FeaturedBadge featuredRank={project.featuredRank} className="absolute start-3 top-3" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-bold text-ink group-hover:text-brand-700">{project.name}</h3>
        {place && (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {place}
          </p>
        )}
        {project.price > 0 && (
          <p className="mt-auto pt-2 text-lg font-bold text-brand-700">{formatSAR(project.price)}</p>
        )}
        <LicenceLine licence={project.licence} />
      </div>
    </Link>
  );
}

const GRID_CARD_SIZES = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * The /all-projects card (SPEC §2.4): image, name, city, status badge, sales ring, price (hidden when 0),
 * the first distanceFromLandmark value and a "عرض التفاصيل" link to /project/{id}. `priority`: the image is the
 * page's largest paint (the first card); `deferImage`: the image waits for it (ProjectImage `deferred`).
 */
export function ProjectGridCard({
  project,
  priority,
  deferImage = false,
}: {
  project: Project;
  priority?: boolean;
  deferImage?: boolean;
}) {
  const place = placeText(project);
  const landmark = project.distanceFromLandmark[0];
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-black/5">
      <div className="relative">
        <ProjectImage project={project} sizes={GRID_CARD_SIZES} priority={priority} deferred={deferImage} />
        <StatusBadge project={project} className="absolute start-3 top-3" />
        <FeaturedBadge featuredRank={project.featuredRank} className="absolute end-3 top-3" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 className="text-lg font-bold text-ink">{project.name}</h2>
            {place && (
              <p className="flex items-center gap-1.5 text-sm text-muted">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />
                {place}
              </p>
            )}
          </div>
          <SalesRing percentage={project.salesPercentage} size={64} />
        </div>
        {landmark && <p className="text-sm text-muted">{landmark}</p>}
        {project.price > 0 && <p className="text-lg font-bold text-brand-700">{formatSAR(project.price)}</p>}
        <LicenceLine licence={project.licence} />
        <Link
          to={`/project/${project.id}`}
          className="mt-auto inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-900"
          aria-label={`عرض التفاصيل: ${project.name}`}
        >
          عرض التفاصيل
        </Link>
      </div>
    </article>
  );
}
