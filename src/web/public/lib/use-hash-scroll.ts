/**
 * The home page's hash behaviour (SPEC §2.1: "a hash change scrolls smoothly to the top"): when the address's hash
 * changes, the page scrolls smoothly to the section it names (about, projects, updates, contact) or, for an empty
 * or unknown hash, to the top. Instant instead of smooth for visitors who ask for reduced motion. The hash the page
 * was opened with is left to the browser and to scroll restoration.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { hashTarget } from "./hash-target.ts";

function scrollToHash(hash: string): void {
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  const behavior: ScrollBehavior = reduced ? "auto" : "smooth";
  const target = hashTarget(hash);
  if (target) target.scrollIntoView({ behavior, block: "start" });
  else window.scrollTo({ top: 0, behavior });
}

/** Hook: smooth scroll on every hash change after the first render. */
export function useHashScroll(): void {
  const { hash } = useLocation();
  const first = useRef(true);
  // React Router's <Link to="#…"> and history changes update the location; a typed hash fires hashchange, which
  // React Router also turns into a location change, so this one effect covers both.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    scrollToHash(hash);
  }, [hash]);
}
