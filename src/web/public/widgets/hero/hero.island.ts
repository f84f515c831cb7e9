/**
 * The hero's rotating word and its pause button (SPEC §2.3 section 1, WCAG 2.2.2) on the server markup of hero.tsx.
 */
import { attrSelector, claim, islandSelector } from "~/public/islands/contract.ts";
import { reducedMotionQuery, showPauseIcon } from "~/public/islands/motion.ts";
import { HERO } from "./contract.ts";

const { attrs } = HERO;

/** The words of `data-words` (a JSON array of strings), or [] when absent or malformed. */
function parseWords(json: string | null): string[] {
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
 * The hero's rotating word (SPEC §2.3 section 1, WCAG 2.2.2): in every hero under `root` (hero.tsx), the word in
 * the `attrs.word` box changes every `attrs.intervalMs` ms (1500, WORD_ROTATION_INTERVAL_MS) through `attrs.words`
 * (JSON string[], the first one server-rendered), wrapping around. Each change replaces the inner
 * `.hero-word` span with a fresh copy that fades in (WORD_IN, WORD_IN_MS; the server's first word has no fade: it is
 * whole without JavaScript); the box stays
 * aria-hidden and the sr-only full list is untouched. The `attrs.pause` button toggles the rotation,
 * `aria-pressed` and its icons; a resumed rotation waits a whole interval. For reduced motion
 * (prefers-reduced-motion, followed live) the word does not change and the button leaves the page (no
 * stylesheet needed to hide it). Fewer than two words, or an interval that is not a positive number, leave the
 * word as it is.
 */
export function enhanceHero(root: ParentNode = document): void {
  for (const hero of root.querySelectorAll<HTMLElement>(islandSelector(HERO.island))) {
    if (!claim(hero)) continue;
    const words = parseWords(hero.getAttribute(attrs.words));
    const intervalMs = Number(hero.getAttribute(attrs.intervalMs));
    const box = hero.querySelector<HTMLElement>(attrSelector(attrs.word));
    const button = hero.querySelector<HTMLButtonElement>(attrSelector(attrs.pause));
    const media = reducedMotionQuery();
    // Where the button goes back when reduced motion is turned off (for reduced motion it leaves the page).
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
