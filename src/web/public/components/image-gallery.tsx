/**
 * The image hero and gallery of the detail pages (SPEC §2.6): the first image large (the page's LCP image), then a
 * horizontal strip that scrolls 320 px per click of its previous/next buttons (and natively, by touch or keyboard).
 * Any image opens a full-screen lightbox (Escape closes, arrows move and wrap around); the lightbox code is loaded
 * on first use only, so it costs nothing on the first page load.
 *
 * Public pages get no React in the browser: islands/gallery.ts gives the server-rendered markup the same behaviour,
 * reading what it needs from the data attributes rendered here: the root's `data-island="gallery"` and the lightbox
 * texts (`data-lightbox-label`, `data-lightbox-{previous,next,close}-label`); each image button's `data-gallery-image`
 * (index), `data-full-src` (1920 px variant) and `data-counter` ("٢ من ٥"); the strip's `data-scroll-px`; the strip
 * buttons' row `data-gallery-controls` and their `data-gallery-scroll="previous|next"`. They change nothing visible.
 */
import { ChevronLeft, ChevronRight, Expand } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { GALLERY_SCROLL_PX } from "#domain/constants.ts";
import { formatNumber } from "#domain/format.ts";
import { imageVariant } from "#domain/media.ts";
import { LIGHTBOX_DIALOG } from "~/public/lib/lightbox-markup.ts";
import { LIGHTBOX_TEXTS } from "~/public/lib/lightbox-texts.ts";
import { cx } from "~/shared/lib/cx.ts";
import { ResponsiveImage } from "./responsive-image.tsx";

const loadLightbox = () => import("./gallery-lightbox.tsx");
const GalleryLightbox = lazy(loadLightbox);

export interface ImageGalleryProps {
  images: string[];
  /** Name of what is shown (project or update title), used in the Arabic alt texts. */
  name: string;
  /** Label of the strip, e.g. "معرض صور المشروع". */
  label?: string;
  /** Whether the first image is the page's LCP image (eager, high priority) and shown large. */
  hero?: boolean;
}

/** Scroll direction sign for "next" in a right-to-left strip: content continues to the left (negative scrollLeft). */
const NEXT_SIGN = -1;

/** The lightbox's Arabic texts for the island's `<dialog>`, as data attributes of the gallery root. */
const LIGHTBOX_DATA = {
  "data-lightbox-label": LIGHTBOX_TEXTS.label,
  "data-lightbox-previous-label": LIGHTBOX_TEXTS.previous,
  "data-lightbox-next-label": LIGHTBOX_TEXTS.next,
  "data-lightbox-close-label": LIGHTBOX_TEXTS.close,
} as const;

/** The gallery. With no images it renders nothing. */
export function ImageGallery({ images, name, label = "معرض الصور", hero = true }: ImageGalleryProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const stripRef = useRef<HTMLUListElement>(null);
  const lastTrigger = useRef<HTMLElement | null>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const offset = Math.abs(strip.scrollLeft);
    setEdges({ atStart: offset < 2, atEnd: offset + strip.clientWidth >= strip.scrollWidth - 2 });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);

  const scroll = (direction: 1 | -1) => {
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    stripRef.current?.scrollBy({
      left: direction * NEXT_SIGN * GALLERY_SCROLL_PX,
      behavior: reduced ? "auto" : "smooth",
    });
  };

  const open = (index: number, trigger: HTMLElement) => {
    lastTrigger.current = trigger;
    setOpenIndex(index);
  };
  const close = () => {
    setOpenIndex(null);
    lastTrigger.current?.focus();
  };

  if (images.length === 0) return null;
  const alt = (index: number) => `صورة ${formatNumber(index + 1)} من ${formatNumber(images.length)}: ${name}`;
  const counter = (index: number) => `${formatNumber(index + 1)} من ${formatNumber(images.length)}`;
  const strip = hero ? images.slice(1) : images;
  const stripOffset = hero ? 1 : 0;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3" data-island="gallery" {...LIGHTBOX_DATA}>
      {hero && (
        <button
          type="button"
          onClick={(e) => open(0, e.currentTarget)}
          onPointerEnter={() => void loadLightbox()}
          data-gallery-image={0}
          data-full-src={imageVariant(images[0], 1920)}
          data-counter={counter(0)}
          className="group relative block aspect-[16/9] w-full overflow-hidden rounded-3xl bg-brand-50"
        >
          <ResponsiveImage
            src={images[0]}
            alt={alt(0)}
            sizes="(min-width: 1152px) 1120px, 100vw"
            priority
            width={1600}
            height={900}
          />
          <span className="absolute end-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white">
            <Expand aria-hidden="true" className="size-4" />
            {`عرض الصور (${formatNumber(images.length)})`}
          </span>
        </button>
      )}
      {strip.length > 0 && (
        <section aria-label={label} className="relative min-w-0">
          <ul
            ref={stripRef}
            onScroll={measure}
            data-scroll-px={GALLERY_SCROLL_PX}
            className="flex gap-3 overflow-x-auto pb-2 [scrollbar-width:thin]"
          >
            {strip.map((src, i) => {
              const index = i + stripOffset;
              return (
                <li key={`${src}-${index}`} className="w-60 shrink-0 sm:w-72">
                  <button
                    type="button"
                    onClick={(e) => open(index, e.currentTarget)}
                    onPointerEnter={() => void loadLightbox()}
                    data-gallery-image={index}
                    data-full-src={imageVariant(src, 1920)}
                    data-counter={counter(index)}
                    className="block aspect-[4/3] w-full overflow-hidden rounded-2xl bg-brand-50"
                  >
                    <ResponsiveImage src={src} alt={alt(index)} sizes="288px" width={640} height={480} />
                  </button>
                </li>
              );
            })}
          </ul>
          <div
            data-gallery-controls=""
            className={cx("mt-2 justify-end gap-2", edges.atStart && edges.atEnd ? "hidden" : "flex")}
          >
            <button
              type="button"
              onClick={() => scroll(-1)}
              data-gallery-scroll="previous"
              disabled={edges.atStart}
              aria-label="الصور السابقة"
              className="grid size-10 place-items-center rounded-full bg-surface text-brand-700 shadow ring-1 ring-black/10 hover:bg-brand-50 disabled:opacity-40"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => scroll(1)}
              data-gallery-scroll="next"
              disabled={edges.atEnd}
              aria-label="الصور التالية"
              className="grid size-10 place-items-center rounded-full bg-surface text-brand-700 shadow ring-1 ring-black/10 hover:bg-brand-50 disabled:opacity-40"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
          </div>
        </section>
      )}
      {/* The islands' lightbox skeleton (public/lib/lightbox-markup.ts): inert here, cloned by islands/gallery.ts. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant skeleton of our own, without text */}
      <template data-lightbox="" dangerouslySetInnerHTML={{ __html: LIGHTBOX_DIALOG }} />
      {openIndex !== null && (
        <Suspense fallback={null}>
          <GalleryLightbox images={images} index={openIndex} alt={alt} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
