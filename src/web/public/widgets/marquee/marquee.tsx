/**
 * The partner logo marquee (SPEC §2.3 section 4, 7 logos): a CSS animation (public.css) that moves the row
 * continuously, pauses on hover, keyboard focus or the pause button, and stops for reduced motion (the logos
 * then wrap in a static grid). The second copy of the row exists only for the seamless loop and is hidden from
 * assistive technology.
 * marquee.island.ts drives the pause button, toggling `attrs.paused` on `.marquee`; both icons are rendered and
 * shown one at a time with the `hidden` class.
 */
import { Pause, Play } from "lucide-react";
import { brandRasterPath, brandRasterSrcSet, type SiteConfig } from "#domain/site-config.ts";
import { dataProps } from "~/public/islands/contract.ts";
import { PAUSE_ICON_ATTR } from "~/public/islands/motion.ts";
import { cx } from "~/shared/lib/cx.ts";
import { MARQUEE } from "./contract.ts";

function LogoRow({ partners, hidden }: { partners: SiteConfig["partners"]; hidden?: boolean }) {
  return (
    <ul
      className={cx("marquee-row flex shrink-0 items-center gap-10 pe-10", hidden && "marquee-copy")}
      aria-hidden={hidden || undefined}
    >
      {partners.map((partner, index) => (
        <li
          key={partner.name}
          className="grid h-20 w-40 shrink-0 place-items-center rounded-xl bg-surface p-3 ring-1 ring-black/5"
        >
          <img
            src={brandRasterPath("partners", index, 56)}
            srcSet={brandRasterSrcSet("partners", index)}
            alt={hidden ? "" : partner.name}
            width={160}
            height={64}
            loading="lazy"
            decoding="async"
            className="max-h-14 w-auto object-contain"
          />
        </li>
      ))}
    </ul>
  );
}

/** Props: the configured partners ({ name, logo }[]). */
export function PartnersMarquee({ partners }: { partners: SiteConfig["partners"] }) {
  return (
    <section aria-labelledby="partners-title" className="render-when-near bg-canvas py-12" data-island={MARQUEE.island}>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4">
        <h2 id="partners-title" className="text-2xl font-bold text-ink">
          شركاء النجاح
        </h2>
        <button
          type="button"
          aria-pressed={false}
          className="marquee-toggle grid size-10 place-items-center rounded-full bg-surface text-brand-700 ring-1 ring-black/10 hover:bg-brand-50"
          {...dataProps(MARQUEE.attrs, { pause: "" })}
        >
          <Pause aria-hidden="true" className="size-4" {...{ [PAUSE_ICON_ATTR]: "pause" }} />
          <Play aria-hidden="true" className="size-4 hidden" {...{ [PAUSE_ICON_ATTR]: "play" }} />
          <span className="sr-only">إيقاف حركة الشعارات</span>
        </button>
      </div>
      <div className="marquee mt-6 overflow-hidden">
        <div className="marquee-track flex w-max">
          <LogoRow partners={partners} />
          <LogoRow partners={partners} hidden />
        </div>
      </div>
    </section>
  );
}
