/** Media query hooks for the admin shell (SPEC §9 mobile breakpoint 768 px). */
import { useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "#domain/constants.ts";

/** Whether `query` matches; false where `matchMedia` does not exist (server, old test environments). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === "undefined" || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** True below the 768 px breakpoint, where the admin menu becomes an off-canvas drawer. */
export function useIsMobile(): boolean {
  return !useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
}
