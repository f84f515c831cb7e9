/** Smooth scrolling on the home page's hash changes (SPEC §2.1). */
import { claim, islandSelector } from "~/public/islands/contract.ts";
import { reducedMotionQuery } from "~/public/islands/motion.ts";
import { HASH_SCROLL } from "./contract.ts";
import { hashTarget } from "./hash-target.ts";

/**
 * The home page's hash behaviour (SPEC §2.1: "a hash change scrolls smoothly to the top"): when the page holds
 * the hash-scroll marker (the hero's title, hero.tsx), every later `hashchange` scrolls smoothly to the section the hash
 * names (about, projects, updates, contact) or, for an empty or unknown hash, to the top; instantly for reduced
 * motion. The hash the page opened with is left to the browser and its scroll restoration. The listener removes
 * itself once the marker has left the document.
 */
export function enhanceHashScroll(root: ParentNode = document): void {
  const marker = root.querySelector<HTMLElement>(islandSelector(HASH_SCROLL.island));
  if (!marker || !claim(marker)) return;
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
