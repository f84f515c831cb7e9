/**
 * The image hero and gallery of the detail pages (SPEC §2.6): the first image large (the page's LCP image), then a
 * horizontal strip that scrolls 320 px per click of its previous/next buttons (and natively, by touch or keyboard). The
 * strip's photos are sent unrequested (`data-deferred-image`, each inside a `<noscript>` for visitors without
 * JavaScript) and revealed once the page's first photo has arrived (islands/deferred-image.ts), so that on a slow phone
 * link they do not share the bandwidth with the LCP image
 * (docs/decisions/049-secondary-images-after-the-first-photo.md). Any image opens a full-screen lightbox (Escape
 * closes, arrows move and wrap around), a native <dialog> cloned from the skeleton in the gallery's <template>.
 *
 * This is the markup: gallery.island.ts gives it its behaviour, reading the names of contract.ts; they change
 * nothing visible.
 */
import { ChevronLeft, ChevronRight, Expand } from "lucide-react";
import { GALLERY_SCROLL_PX } from "#domain/constants.ts";
import { formatNumber } from "#domain/format.ts";
import { imageVariant } from "#domain/media.ts";
import { ResponsiveImage } from "~/public/components/responsive-image.tsx";
import { dataProps } from "~/public/islands/contract.ts";
import { DEFERRED_IMAGE } from "~/public/islands/deferred-image.ts";
import { cx } from "~/shared/lib/cx.ts";
import { GALLERY } from "./contract.ts";
import { LIGHTBOX_DIALOG } from "./lightbox-markup.ts";
import { LIGHTBOX_TEXTS } from "./lightbox-texts.ts";

const { attrs } = GALLERY;

export interface ImageGalleryProps {
  images: string[];
  /** Name of what is shown (project or update title), used in the Arabic alt texts. */
  name: string;
  /** Label of the strip, e.g. "معرض صور المشروع". */
  label?: string;
  /** Whether the first image is the page's LCP image (eager, high priority) and shown large. */
  hero?: boolean;
  /** The hero image's `sizes` (its width on the page's layout); the whole content width (1120 px) by default. */
  heroSizes?: string;
}

/** Sizes of a strip photo: its item is 15rem wide on a phone, 18rem from 640 px (`w-60 sm:w-72`). */
const STRIP_SIZES = "(min-width: 640px) 288px, 240px";

/**
 * The strip buttons' row before the strip is measured: shown below 640 px when the strip has two items or more (two
 * 15rem items and their gap are wider than a phone's content), hidden otherwise; gallery.island.ts drops `sm:hidden` when
 * it measures.
 */
const CONTROLS_BEFORE_MEASURE = (items: number) => (items > 1 ? "flex sm:hidden" : "hidden");

/** The lightbox's Arabic texts for the island's `<dialog>`, as data attributes of the gallery root. */
const LIGHTBOX_DATA = dataProps(attrs, {
  lightboxLabel: LIGHTBOX_TEXTS.label,
  lightboxPreviousLabel: LIGHTBOX_TEXTS.previous,
  lightboxNextLabel: LIGHTBOX_TEXTS.next,
  lightboxCloseLabel: LIGHTBOX_TEXTS.close,
});

/** The gallery. With no images it renders nothing. */
export function ImageGallery({
  images,
  name,
  label = "معرض الصور",
  hero = true,
  heroSizes = "(min-width: 1152px) 1120px, 100vw",
}: ImageGalleryProps) {
  if (images.length === 0) return null;
  const alt = (index: number) => `صورة ${formatNumber(index + 1)} من ${formatNumber(images.length)}: ${name}`;
  const counter = (index: number) => `${formatNumber(index + 1)} من ${formatNumber(images.length)}`;
  const strip = hero ? images.slice(1) : images;
  const stripOffset = hero ? 1 : 0;
  // Before anything is measured, the row of strip buttons takes its place wherever the strip surely overflows (on a
  // phone two 15rem items do), so that showing it once measured does not push the page down (a layout shift).
  const controlsClass = CONTROLS_BEFORE_MEASURE(strip.length);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3" data-island={GALLERY.island} {...LIGHTBOX_DATA}>
      {hero && (
        <button
          type="button"
          {...dataProps(attrs, { image: 0, fullSrc: imageVariant(images[0], 1920), counter: counter(0) })}
          className="group relative block aspect-[16/9] w-full overflow-hidden rounded-3xl bg-brand-50"
        >
          <ResponsiveImage src={images[0]} alt={alt(0)} sizes={heroSizes} priority width={1600} height={900} />
          <span className="absolute end-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white">
            <Expand aria-hidden="true" className="size-4" />
            {`عرض الصور (${formatNumber(images.length)})`}
          </span>
        </button>
      )}
      {strip.length > 0 && (
        <section aria-label={label} className="relative min-w-0">
          <ul
            {...dataProps(attrs, { scrollPx: GALLERY_SCROLL_PX })}
            className="flex gap-3 overflow-x-auto pb-2 [scrollbar-width:thin]"
          >
            {strip.map((src, i) => {
              const index = i + stripOffset;
              return (
                <li key={`${src}-${index}`} className="w-60 shrink-0 sm:w-72">
                  <button
                    type="button"
                    {...dataProps(attrs, { image: index, fullSrc: imageVariant(src, 1920), counter: counter(index) })}
                    {...{ [DEFERRED_IMAGE]: "" }}
                    // Named by itself: its <img> (whose alt would name it) is not in the page until revealed.
                    aria-label={alt(index)}
                    className="block aspect-[4/3] w-full overflow-hidden rounded-2xl bg-brand-50"
                  >
                    <noscript>
                      <ResponsiveImage src={src} alt={alt(index)} sizes={STRIP_SIZES} width={640} height={480} />
                    </noscript>
                  </button>
                </li>
              );
            })}
          </ul>
          <div {...dataProps(attrs, { controls: "" })} className={cx("mt-2 justify-end gap-2", controlsClass)}>
            <button
              type="button"
              {...dataProps(attrs, { scroll: "previous" })}
              disabled
              aria-label="الصور السابقة"
              className="grid size-10 place-items-center rounded-full bg-surface text-brand-700 shadow ring-1 ring-black/10 hover:bg-brand-50 disabled:opacity-40"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              {...dataProps(attrs, { scroll: "next" })}
              disabled={strip.length < 2}
              aria-label="الصور التالية"
              className="grid size-10 place-items-center rounded-full bg-surface text-brand-700 shadow ring-1 ring-black/10 hover:bg-brand-50 disabled:opacity-40"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
          </div>
        </section>
      )}
      {/* The lightbox's skeleton (lightbox-markup.ts): inert here, cloned by gallery.island.ts. */}
      <template
        {...dataProps(attrs, { lightbox: "" })}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant skeleton of our own, without text
        dangerouslySetInnerHTML={{ __html: LIGHTBOX_DIALOG }}
      />
    </div>
  );
}
