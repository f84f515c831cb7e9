/**
 * The URL of the islands entry (docs/decisions/046-public-pages-as-islands.md): the one script a public page loads
 * instead of React and React Router. The page bridge (src/server/pages/plugin.ts) reads it from the client build's
 * islands manifest (vite.config.ts) — or names the source module under Vite's development server — and passes it
 * through the load context to entry.server.tsx, which provides it here for root.tsx. "" where there is none (the
 * browser, component tests): no islands script is rendered then.
 */
import { createContext, useContext } from "react";
import { type UIMatch, useMatches } from "react-router";

export const IslandsEntryContext = createContext<string>("");

/** The islands entry's URL for the page being rendered on the server; "" in the browser. */
export function useIslandsEntry(): string {
  return useContext(IslandsEntryContext);
}

/**
 * Whether the page is served as islands: the deepest route that says so in its `handle` (`{ islands: boolean }`)
 * decides; the public layout says yes, everything else hydrates.
 */
export function servedAsIslands(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  let islands = false;
  for (const match of matches) {
    const value = (match.handle as { islands?: unknown } | undefined)?.islands;
    if (typeof value === "boolean") islands = value;
  }
  return islands;
}

/**
 * Hook: true while a page served as islands is rendered (the routes ask for it). Such a page is never hydrated: it
 * gets the islands loader, never React Router's scripts (root.tsx).
 */
export function useServedAsIslands(): boolean {
  return servedAsIslands(useMatches());
}
