/**
 * The company logo on public pages: the server's WebP rasters of the configured logo at 1×, 2× and 3× density
 * (LOGO_RASTER_SRCSET of domain/site-config.ts, rendered by src/server/modules/site/app-icons.ts), decoded off the
 * main thread, where an SVG file would make the browser build an isolated SVG document during the page's load.
 * Requested at low priority, and so not preloaded by React: the first photo, not the 56 px logo, is what a phone's
 * link carries first (docs/decisions/050-after-load-requests-after-the-first-photo.md).
 * Props: the alternative text ("" when decorative) and the classes that size it (56 px high at 1×; `width`/`height`
 * only hint the 180 × 56 box before the file arrives).
 */
import { LOGO_RASTER_SRCSET, logoRasterPath } from "#domain/site-config.ts";

export function BrandLogo({ alt, className }: { alt: string; className: string }) {
  return (
    <img
      src={logoRasterPath(112)}
      srcSet={LOGO_RASTER_SRCSET}
      alt={alt}
      width={180}
      height={56}
      fetchPriority="low"
      className={className}
    />
  );
}
