/** The public header (SPEC §2.2): the company logo, centred, linking to the home page. */
import { Link } from "react-router";
import type { SiteConfig } from "#domain/site-config.ts";

/** Props: the site configuration (logo path and company name, used as the logo's alt text). */
export function SiteHeader({ site }: { site: Pick<SiteConfig, "logo" | "name"> }) {
  return (
    <header className="sticky top-0 z-30 border-b border-black/5 bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-center px-4 sm:h-20">
        <Link to="/" className="inline-flex items-center rounded-lg p-1">
          <img src={site.logo} alt={site.name} width={180} height={56} className="h-11 w-auto sm:h-14" />
        </Link>
      </div>
    </header>
  );
}
