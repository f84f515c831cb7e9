/**
 * Responsive image URLs. Every uploaded image is stored as WebP at the widths below
 * (never enlarged: a narrower original repeats its own width), so a srcset can be built from the URL alone.
 * URL shape: /media/images/{hash}.webp (the largest) and /media/images/{hash}-{width}.webp.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

const IMAGE_URL = /^\/media\/images\/([a-f0-9]{16,64})\.webp$/;

/** The variant URL of an uploaded image at `width` px, or the URL itself for anything else. */
export function imageVariant(url: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  const match = IMAGE_URL.exec(url);
  return match ? `/media/images/${match[1]}-${width}.webp` : url;
}

/** A srcset for an uploaded image ("… 320w, … 640w, …"), or undefined for other URLs. */
export function imageSrcSet(url: string, maxWidth = 1920): string | undefined {
  if (!IMAGE_URL.test(url)) return undefined;
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${imageVariant(url, w)} ${w}w`)
    .join(", ");
}
