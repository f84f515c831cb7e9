/**
 * An uploaded image with its srcset (domain/media.ts), intrinsic size and lazy loading, so nothing shifts
 * while it loads. Used by every public card, gallery and hero; `ImageBox` is the sized box of a card's image, whose
 * image may wait for an island.
 */

import type { ReactElement, ReactNode } from "react";
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

/**
 * The box of a card's image (its size and background set by `className`, so it holds its place either way): `image`,
 * or `children` (a placeholder) when there is none. With `deferred` the image is not requested yet: the box carries
 * `data-deferred-image` and holds the `<img>` inside a `<noscript>`, shown as is without JavaScript and revealed by an
 * island otherwise (islands/deferred-image.ts; docs/decisions/049-secondary-images-after-the-first-photo.md).
 */
export function ImageBox({
  image,
  deferred = false,
  className,
  children,
}: {
  image: ReactElement | null;
  deferred?: boolean;
  className: string;
  children?: ReactNode;
}) {
  const waits = image !== null && deferred;
  return (
    <div className={className} data-deferred-image={waits ? "" : undefined}>
      {image === null ? children : waits ? <noscript>{image}</noscript> : image}
    </div>
  );
}
