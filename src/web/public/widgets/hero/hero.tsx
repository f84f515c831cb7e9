/**
 * The home hero (SPEC §2.3 section 1): the configured title with a word that changes every 1500 ms, the subtitle,
 * and a button that scrolls to #projects. The server renders the first word; hero.island.ts rotates it (not for
 * reduced motion) and drives the pause button (WCAG 2.2.2), whose two icons are both rendered and shown one at a time
 * with the `hidden` class. The title carries the hash-scroll island: it marks the home page, whose hash changes
 * widgets/hash-scroll/hash-scroll.island.ts turns into smooth scrolls (SPEC §2.1).
 */
import { ChevronDown, Pause, Play } from "lucide-react";
import { WORD_ROTATION_INTERVAL_MS } from "#domain/constants.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { dataProps } from "~/public/islands/contract.ts";
import { PAUSE_ICON_ATTR } from "~/public/islands/motion.ts";
import { HASH_SCROLL } from "~/public/widgets/hash-scroll/contract.ts";
import { HERO } from "./contract.ts";

const { attrs } = HERO;

/** Props: the `hero` block of the site configuration (title, rotatingWords, subtitle, cta). */
export function Hero({ hero }: { hero: SiteConfig["hero"] }) {
  const word = hero.rotatingWords[0];

  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-bl from-brand-900 to-brand-700 text-white"
      data-island={HERO.island}
      {...dataProps(attrs, { words: JSON.stringify(hero.rotatingWords), intervalMs: WORD_ROTATION_INTERVAL_MS })}
    >
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
        <h1 id="hero-title" className="text-3xl leading-tight font-bold sm:text-5xl" data-island={HASH_SCROLL.island}>
          {hero.title}{" "}
          <span
            aria-hidden="true"
            className="inline-block min-w-[4ch] text-accent-400"
            data-testid="rotating-word"
            {...dataProps(attrs, { word: "" })}
          >
            <span className="hero-word inline-block">{word}</span>
          </span>
          <span className="sr-only">{hero.rotatingWords.join("، ")}</span>
        </h1>
        <p className="max-w-2xl text-lg text-brand-50 sm:text-xl">{hero.subtitle}</p>
        <a
          href="#projects"
          className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-accent-400 px-6 py-3 font-bold text-ink shadow hover:bg-accent-500"
        >
          {hero.cta}
          <ChevronDown aria-hidden="true" className="size-5" />
        </a>
      </div>
      <button
        type="button"
        aria-pressed={false}
        className="absolute end-3 bottom-3 grid size-10 place-items-center rounded-full bg-white/15 text-white hover:bg-white/25"
        {...dataProps(attrs, { pause: "" })}
      >
        <Pause aria-hidden="true" className="size-4" {...{ [PAUSE_ICON_ATTR]: "pause" }} />
        <Play aria-hidden="true" className="size-4 hidden" {...{ [PAUSE_ICON_ATTR]: "play" }} />
        <span className="sr-only">إيقاف تبديل الكلمات</span>
      </button>
    </section>
  );
}
