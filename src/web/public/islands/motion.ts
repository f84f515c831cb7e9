/**
 * What the hero's and the marquee's pause buttons (SPEC §2.3, WCAG 2.2.2) and the home page's hash scrolling share:
 * the reduced-motion query, and the pause button's two icons, both rendered and shown one at a time with Tailwind's
 * `hidden` class (an <svg> is not hidden by the `hidden` attribute's UA style).
 */
import type { DataAttribute } from "./contract.ts";

/** The attribute naming a pause button's icon: "pause" (shown while running) or "play" (shown while paused). */
export const PAUSE_ICON_ATTR = "data-icon" satisfies DataAttribute;

/** The reduced-motion media query, or null where the browser (or jsdom) has no matchMedia. */
export function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
}

/** Shows the pause icon of `button` while running, the play icon while `paused`. */
export function showPauseIcon(button: HTMLElement, paused: boolean): void {
  button.querySelector(`[${PAUSE_ICON_ATTR}="pause"]`)?.classList.toggle("hidden", paused);
  button.querySelector(`[${PAUSE_ICON_ATTR}="play"]`)?.classList.toggle("hidden", !paused);
}
