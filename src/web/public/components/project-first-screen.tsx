/**
 * The first screen of the project page (docs/product.md §2.6, docs/decisions/056-numerals-in-text-and-fixed-buttons.md):
 * the breadcrumb, the photos (or a placeholder) and the project's name, place, status, price and a «سجّل اهتمامك»
 * link to the enquiry form (`#contact`). From 1024 px the photos (3fr) and that panel (2fr) sit side by side, so a
 * desktop visitor sees them all without scrolling; below, the panel follows the photos.
 */
import { Building2, MapPin, MessageSquare } from "lucide-react";
import { formatSAR } from "#domain/format.ts";
import type { Project } from "#domain/types.ts";
import { ImageGallery } from "~/public/widgets/gallery/gallery.tsx";
import { Breadcrumb, type Crumb } from "./breadcrumb.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** The hero photo's width: the whole content below 1024 px, the 3fr column above ((1120 − 32) × 3/5 px). */
const PROJECT_HERO_SIZES = "(min-width: 1152px) 653px, (min-width: 1024px) 57vw, 100vw";

/** Props: the project, its place text ("جدة - الشاطئ", or null) and the breadcrumb's items. */
export function ProjectFirstScreen({
  project,
  place,
  crumbs,
}: {
  project: Project;
  place: string | null;
  crumbs: Crumb[];
}) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-x-8">
      <div className="lg:col-span-2">
        <Breadcrumb items={crumbs} />
      </div>
      {project.images.length > 0 ? (
        <ImageGallery
          images={project.images}
          name={project.name}
          label="معرض صور المشروع"
          heroSizes={PROJECT_HERO_SIZES}
        />
      ) : (
        <div className="grid aspect-[16/9] place-items-center rounded-3xl bg-brand-50 text-brand-500">
          <Building2 aria-hidden="true" className="size-20" strokeWidth={1} />
        </div>
      )}
      <div className="grid content-start gap-4 lg:self-start lg:rounded-3xl lg:bg-surface lg:p-6 lg:ring-1 lg:ring-black/5">
        <div className="flex flex-wrap items-start justify-between gap-4 lg:grid lg:justify-stretch">
          <div className="grid gap-2">
            <h1 className="text-3xl font-bold text-ink sm:text-4xl">{project.name}</h1>
            {place && (
              <p className="flex items-center gap-1.5 text-muted">
                <MapPin aria-hidden="true" className="size-5" />
                {place}
              </p>
            )}
          </div>
          <div className="grid justify-items-end gap-2 lg:justify-items-start">
            <StatusBadge project={project} />
            {project.price > 0 && (
              <p className="text-2xl font-bold text-brand-700">
                <span className="text-base font-medium text-muted">السعر: </span>
                {formatSAR(project.price)}
              </p>
            )}
          </div>
        </div>
        <a
          href="#contact"
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-900 sm:justify-self-start"
        >
          <MessageSquare aria-hidden="true" className="size-5" />
          سجّل اهتمامك
        </a>
      </div>
    </div>
  );
}
