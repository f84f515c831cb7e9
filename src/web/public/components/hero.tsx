/**
 * The home hero (SPEC §2.3 section 1): the configured title with a word that changes every 1500 ms, the subtitle,
 * and a button that scrolls to #projects. The server renders the first word; rotation stops when the visitor
 * prefers reduced motion, and a pause button stops it on request (WCAG 2.2.2).
 *
 * Public pages run no React in the browser: islands/home.ts (`enhanceHero`) rotates the server-rendered word from
 * `data-words` (JSON string[]) every `data-interval-ms` ms and drives the pause button (`data-hero-pause`), whose two
 * icons are both rendered and shown one at a time with the `hidden` class. The title carries `data-island="hash-scroll"`: it
 * marks the home page, whose hash changes `enhanceHashScroll` turns into smooth scrolls (SPEC §2.1).
 */
import { ChevronDown, Pause, Play } from "lucide-react";
import { useState } from "react";
import { WORD_ROTATION_INTERVAL_MS } from "#domain/constants.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { useReducedMotion } from "~/public/lib/use-reduced-motion.ts";
import { useRotatingIndex } from "~/public/lib/use-rotating-index.ts";
import { cx } from "~/shared/lib/cx.ts";

/** Props: the `hero` block of the site configuration (title, rotatingWords, subtitle, cta). */
export function Hero({ hero }: { hero: SiteConfig["hero"] }) {
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const running = !reducedMotion && !paused;
  const index = useRotatingIndex(hero.rotatingWords.length, WORD_ROTATION_INTERVAL_MS, running);
  const word = hero.rotatingWords[index];

  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-bl from-brand-900 to-brand-700 text-white"
      data-island="hero"
      data-words={JSON.stringify(hero.rotatingWords)}
      data-interval-ms={WORD_ROTATION_INTERVAL_MS}
    >
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
        <h1 id="hero-title" className="text-3xl leading-tight font-bold sm:text-5xl" data-island="hash-scroll">
          {hero.title}{" "}
          <span
            aria-hidden="true"
            className="inline-block min-w-[4ch] text-accent-400"
            data-testid="rotating-word"
            data-hero-word=""
          >
            <span key={word} className="hero-word inline-block">
              {word}
            </span>
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
      {!reducedMotion && (
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          className="absolute end-3 bottom-3 grid size-10 place-items-center rounded-full bg-white/15 text-white hover:bg-white/25"
          data-hero-pause=""
        >
          <Pause aria-hidden="true" className={cx("size-4", paused && "hidden")} data-icon="pause" />
          <Play aria-hidden="true" className={cx("size-4", !paused && "hidden")} data-icon="play" />
          <span className="sr-only">إيقاف تبديل الكلمات</span>
        </button>
      )}
    </section>
  );
}
