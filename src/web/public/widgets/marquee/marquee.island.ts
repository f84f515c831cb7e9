/** The partner marquee's pause button on the server markup of marquee.tsx. */
import { attrSelector, claim, islandSelector } from "~/public/islands/contract.ts";
import { showPauseIcon } from "~/public/islands/motion.ts";
import { MARQUEE } from "./contract.ts";

const { attrs } = MARQUEE;

/**
 * The partner marquee's pause button (SPEC §2.3 section 4, WCAG 2.2.2): in every marquee under `root` (marquee.tsx),
 * the `attrs.pause` button toggles `attrs.paused` on the section's `.marquee` (public.css then pauses
 * the row's animation), `aria-pressed` and its icons. Hover and keyboard focus pause the row by CSS alone, and
 * reduced motion stops it and hides the button by CSS alone.
 */
export function enhanceMarquees(root: ParentNode = document): void {
  for (const section of root.querySelectorAll<HTMLElement>(islandSelector(MARQUEE.island))) {
    const button = section.querySelector<HTMLButtonElement>(attrSelector(attrs.pause));
    const marquee = section.querySelector<HTMLElement>(".marquee");
    if (!button || !marquee || !claim(section)) continue;
    button.addEventListener("click", () => {
      const paused = !marquee.hasAttribute(attrs.paused);
      if (paused) marquee.setAttribute(attrs.paused, "true");
      else marquee.removeAttribute(attrs.paused);
      button.setAttribute("aria-pressed", String(paused));
      showPauseIcon(button, paused);
    });
  }
}
