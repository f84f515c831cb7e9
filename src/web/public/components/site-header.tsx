/** The public header (SPEC §2.2): the company logo, centred, linking to the home page. */
import { Link } from "react-router";
import type { SiteConfig } from "#domain/site-config.ts";
import { BrandLogo } from "./brand-logo.tsx";

/** Props: the site configuration (the company name, the logo's alt text; the logo itself is the server's raster). */
export function SiteHeader({ site }: { site: Pick<SiteConfig, "name"> }) {
  return (
    <header className="sticky top-0 z-30 border-b border-black/5 bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-center px-4 sm:h-20">
        <Link to="/" className="inline-flex items-center rounded-lg p-1">
          <BrandLogo alt={site.name} className="h-11 w-auto sm:h-14" />
        </Link>
      </div>
    </header>
  );
}
