/**
 * The partner logo marquee (SPEC §2.3 section 4, 7 logos): a CSS animation (public.css) that moves the row
 * continuously, pauses on hover, keyboard focus or the pause button, and stops for reduced motion (the logos
 * then wrap in a static grid). The second copy of the row exists only for the seamless loop and is hidden from
 * assistive technology.
 *
 * Public pages run no React in the browser: islands/home.ts (`enhanceMarquees`) drives the pause button
 * (`data-marquee-pause`) of each `data-island="marquee"` section the same way, toggling `data-paused` on `.marquee`;
 * both icons are rendered and shown one at a time with the `hidden` class.
 */
import { Pause, Play } from "lucide-react";
import { useState } from "react";
import type { SiteConfig } from "#domain/site-config.ts";
import { cx } from "~/shared/lib/cx.ts";

function LogoRow({ partners, hidden }: { partners: SiteConfig["partners"]; hidden?: boolean }) {
  return (
    <ul
      className={cx("marquee-row flex shrink-0 items-center gap-10 pe-10", hidden && "marquee-copy")}
      aria-hidden={hidden || undefined}
    >
      {partners.map((partner) => (
        <li
          key={partner.name}
          className="grid h-20 w-40 shrink-0 place-items-center rounded-xl bg-surface p-3 ring-1 ring-black/5"
        >
          <img
            src={partner.logo}
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
  const [paused, setPaused] = useState(false);
  return (
    <section aria-labelledby="partners-title" className="render-when-near bg-canvas py-12" data-island="marquee">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4">
        <h2 id="partners-title" className="text-2xl font-bold text-ink">
          شركاء النجاح
        </h2>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          className="marquee-toggle grid size-10 place-items-center rounded-full bg-surface text-brand-700 ring-1 ring-black/10 hover:bg-brand-50"
          data-marquee-pause=""
        >
          <Pause aria-hidden="true" className={cx("size-4", paused && "hidden")} data-icon="pause" />
          <Play aria-hidden="true" className={cx("size-4", !paused && "hidden")} data-icon="play" />
          <span className="sr-only">إيقاف حركة الشعارات</span>
        </button>
      </div>
      <div className="marquee mt-6 overflow-hidden" data-paused={paused || undefined}>
        <div className="marquee-track flex w-max">
          <LogoRow partners={partners} />
          <LogoRow partners={partners} hidden />
        </div>
      </div>
    </section>
  );
}
