/**
 * An uploaded image with its srcset (domain/media.ts), intrinsic size and lazy loading, so nothing shifts
 * while it loads. Used by every public card, gallery and hero.
 */

import { imageSrcSet, imageVariant } from "#domain/media.ts";
import { cx } from "~/shared/lib/cx.ts";

export interface ResponsiveImageProps {
  src: string;
  /** Arabic description, or "" for a decorative image. */
  alt: string;
  /** `sizes` as the layout renders it, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  /** The first hero (LCP) image: eager with high fetch priority; every other image is lazy. */
  priority?: boolean;
  /** Intrinsic ratio hint; the box around the image should fix the aspect ratio. */
  width?: number;
  height?: number;
  className?: string;
}

/** Renders `<img>` with srcset/sizes/width/height; `priority` sets fetchPriority="high" and loading eager. */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  priority = false,
  width = 1280,
  height = 800,
  className,
}: ResponsiveImageProps) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={srcSet ? imageVariant(src, 960) : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={cx("block size-full object-cover", className)}
    />
  );
}
