/**
 * The full-screen lightbox of the galleries (SPEC §2.6), loaded lazily by image-gallery.tsx on first open.
 * yet-another-react-lightbox: Escape closes, arrow keys and buttons move, the carousel wraps around (finite: false);
 * it follows the page's RTL direction. Labels are Arabic.
 */
import Lightbox from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";
import { imageVariant } from "#domain/media.ts";
import { LIGHTBOX_TEXTS } from "~/public/lib/lightbox-texts.ts";

export interface GalleryLightboxProps {
  images: string[];
  /** Slide to open at. */
  index: number;
  /** Arabic alt text of the image at an index. */
  alt: (index: number) => string;
  onClose: () => void;
}

const LABELS = {
  Previous: LIGHTBOX_TEXTS.previous,
  Next: LIGHTBOX_TEXTS.next,
  Close: LIGHTBOX_TEXTS.close,
  Lightbox: LIGHTBOX_TEXTS.label,
  Carousel: "شرائح الصور",
  Slide: "صورة",
  "Photo gallery": "معرض الصور",
  "{index} of {total}": "{index} من {total}",
};

/** Default export for React.lazy. */
export default function GalleryLightbox({ images, index, alt, onClose }: GalleryLightboxProps) {
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      slides={images.map((src, i) => ({ src: imageVariant(src, 1920), alt: alt(i) }))}
      carousel={{ finite: false, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      labels={LABELS}
    />
  );
}
