/**
 * The home page's interactive parts as islands (SPEC §2.1, §2.3): the hero's rotating word and its pause button,
 * the partner marquee's pause button, the projects carousel (carousel.ts) and smooth scrolling on hash changes. Each
 * enhancer gives the server-rendered markup of a React component (components/hero.tsx, partners-marquee.tsx,
 * projects-carousel.tsx, routes/home.tsx's use of lib/use-hash-scroll.ts) the behaviour that component has in React,
 * reading what it needs from data-* attributes; each is idempotent (`data-enhanced`) and does nothing when its
 * markup is missing.
 */

import { hashTarget } from "~/public/lib/hash-target.ts";

export { enhanceCarousels } from "./carousel.ts";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** The reduced-motion media query, or null where the browser (or jsdom) has no matchMedia. */
function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null;
}

/**
 * Shows the `[data-icon="pause"]` icon of a pause button while running, `[data-icon="play"]` while paused, with
 * Tailwind's `hidden` class as the components do (an <svg> is not hidden by the `hidden` attribute's UA style).
 */
function showPauseIcon(button: HTMLElement, paused: boolean): void {
  button.querySelector('[data-icon="pause"]')?.classList.toggle("hidden", paused);
  button.querySelector('[data-icon="play"]')?.classList.toggle("hidden", !paused);
}

/** The words of `data-words` (a JSON array of strings), or [] when absent or malformed. */
function parseWords(json: string | undefined): string[] {
  try {
    const words: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(words) ? words.filter((word): word is string => typeof word === "string") : [];
  } catch {
    return [];
  }
}

/** How a new hero word comes in: from transparent and 0.4em lower, in WORD_IN_MS (ms). */
export const WORD_IN: Keyframe[] = [
  { opacity: 0, transform: "translateY(0.4em)" },
  { opacity: 1, transform: "none" },
];
export const WORD_IN_MS = 400;

/**
 * The hero's rotating word (SPEC §2.3 section 1, WCAG 2.2.2): in every `[data-island="hero"]` section under `root`,
 * the word in `[data-hero-word]` changes every `data-interval-ms` ms (1500, WORD_ROTATION_INTERVAL_MS) through
 * `data-words` (JSON string[], the first one server-rendered), wrapping around. Each change replaces the inner
 * `.hero-word` span with a fresh copy that fades in (WORD_IN, WORD_IN_MS; the server's first word has no fade: it is
 * whole without JavaScript); the box stays
 * aria-hidden and the sr-only full list is untouched. The `[data-hero-pause]` button toggles the rotation,
 * `aria-pressed` and its icons; a resumed rotation waits a whole interval. For reduced motion
 * (prefers-reduced-motion, followed live) the word does not change and the button leaves the page, as in React
 * (no stylesheet needed to hide it). Fewer than two words, or an interval that is not a positive number, leave the
 * word as it is.
 */
export function enhanceHero(root: ParentNode = document): void {
  for (const hero of root.querySelectorAll<HTMLElement>('[data-island="hero"]:not([data-enhanced])')) {
    hero.dataset.enhanced = "";
    const words = parseWords(hero.dataset.words);
    const intervalMs = Number(hero.dataset.intervalMs);
    const box = hero.querySelector<HTMLElement>("[data-hero-word]");
    const button = hero.querySelector<HTMLButtonElement>("[data-hero-pause]");
    const media = reducedMotionQuery();
    // Where the button goes back when reduced motion is turned off: React renders no button at all for it.
    const buttonSlot = hero.ownerDocument.createComment("");
    let index = 0;
    let paused = false;
    let timer: number | undefined;

    const advance = () => {
      const current = box?.firstElementChild;
      if (!hero.isConnected || !current) {
        window.clearInterval(timer);
        timer = undefined;
        return;
      }
      index = (index + 1) % words.length;
      const fresh = current.cloneNode(false) as Element;
      fresh.textContent = words[index];
      current.replaceWith(fresh);
      // Each new word fades in (the server's first word never does: it is whole without JavaScript). By script, not
      // by a CSS rule: an islands page carries only the rules its server markup uses (server/pages/critical-css.ts).
      if (typeof fresh.animate === "function") fresh.animate(WORD_IN, { duration: WORD_IN_MS, easing: "ease-out" });
    };

    const sync = () => {
      const reduced = media?.matches ?? false;
      if (button) {
        if (reduced && button.isConnected) button.replaceWith(buttonSlot);
        if (!reduced && buttonSlot.isConnected) buttonSlot.replaceWith(button);
        button.setAttribute("aria-pressed", String(paused));
        showPauseIcon(button, paused);
      }
      const running = !reduced && !paused && words.length > 1 && intervalMs > 0 && box !== null;
      if (running && timer === undefined) timer = window.setInterval(advance, intervalMs);
      if (!running && timer !== undefined) {
        window.clearInterval(timer);
        timer = undefined;
      }
    };

    button?.addEventListener("click", () => {
      paused = !paused;
      sync();
    });
    media?.addEventListener("change", sync);
    sync();
  }
}

/**
 * The partner marquee's pause button (SPEC §2.3 section 4, WCAG 2.2.2): in every `[data-island="marquee"]` section
 * under `root`, `[data-marquee-pause]` toggles `data-paused` on the section's `.marquee` (public.css then pauses
 * the row's animation), `aria-pressed` and its icons. Hover and keyboard focus pause the row by CSS alone, and
 * reduced motion stops it and hides the button by CSS alone.
 */
export function enhanceMarquees(root: ParentNode = document): void {
  for (const section of root.querySelectorAll<HTMLElement>('[data-island="marquee"]:not([data-enhanced])')) {
    const button = section.querySelector<HTMLButtonElement>("[data-marquee-pause]");
    const marquee = section.querySelector<HTMLElement>(".marquee");
    if (!button || !marquee) continue;
    section.dataset.enhanced = "";
    button.addEventListener("click", () => {
      const paused = !marquee.hasAttribute("data-paused");
      // The value React writes for `data-paused={true}`.
      if (paused) marquee.dataset.paused = "true";
      else delete marquee.dataset.paused;
      button.setAttribute("aria-pressed", String(paused));
      showPauseIcon(button, paused);
    });
  }
}

/**
 * The home page's hash behaviour (SPEC §2.1: "a hash change scrolls smoothly to the top"): when the page holds
 * `[data-island="hash-scroll"]` (the hero's title), every later `hashchange` scrolls smoothly to the section the hash
 * names (about, projects, updates, contact) or, for an empty or unknown hash, to the top; instantly for reduced
 * motion. The hash the page opened with is left to the browser and its scroll restoration. The listener removes
 * itself once the marker has left the document.
 */
export function enhanceHashScroll(root: ParentNode = document): void {
  const marker = root.querySelector<HTMLElement>('[data-island="hash-scroll"]:not([data-enhanced])');
  if (!marker) return;
  marker.dataset.enhanced = "";
  const onHashChange = () => {
    if (!marker.isConnected) {
      window.removeEventListener("hashchange", onHashChange);
      return;
    }
    const behavior: ScrollBehavior = reducedMotionQuery()?.matches ? "auto" : "smooth";
    const target = hashTarget(window.location.hash, marker.ownerDocument);
    if (target) target.scrollIntoView({ behavior, block: "start" });
    else window.scrollTo({ top: 0, behavior });
  };
  window.addEventListener("hashchange", onHashChange);
}
