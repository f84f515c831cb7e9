/**
 * Shared set-up of the public widgets' island tests (only imported by *.test.ts): the home page's hero and
 * partners as the site settings give them (SPEC §2.3 sections 1 and 4), a live reduced-motion query and the
 * clean-up every island test runs after each case.
 */
import { vi } from "vitest";
import type { SiteConfig } from "#domain/site-config.ts";

/** The hero section's settings: a title, three rotating words, a subtitle and the call to action. */
export const HERO: SiteConfig["hero"] = {
  title: "نبني لك",
  rotatingWords: ["الثقة", "الجودة", "المستقبل"],
  subtitle: "مشاريع سكنية في جدة",
  cta: "تصفح مشاريعنا",
};

/** Two partners with their logo paths. */
export const PARTNERS: SiteConfig["partners"] = [
  { name: "شريك أول", logo: "/partners/1.svg" },
  { name: "شريك ثان", logo: "/partners/2.svg" },
];

/**
 * Stubs `matchMedia` with a reduced-motion query the test switches on and off; `matches` is read live, as the
 * browser's is. Returns the switch: `(matches) => void`, which also fires the query's `change` event.
 */
export function stubReducedMotion(initially: boolean): (matches: boolean) => void {
  const query = Object.assign(new EventTarget(), { matches: initially, media: "(prefers-reduced-motion: reduce)" });
  vi.stubGlobal("matchMedia", (media: string) =>
    media === query.media ? query : Object.assign(new EventTarget(), { matches: false, media }),
  );
  return (matches: boolean) => {
    query.matches = matches;
    query.dispatchEvent(new Event("change"));
  };
}

/** Puts back real timers, every stubbed global and every spied method (call it in `afterEach`). */
export function restoreTimersAndGlobals(): void {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
