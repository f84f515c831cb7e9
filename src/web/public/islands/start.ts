/**
 * How the islands entry (entry.ts) enhances a page: loads the enhancers of the islands it carries, runs them in the
 * registry's order, marks the page ready, replays an early tap
 * (docs/decisions/127-islands-load-only-the-enhancers-a-page-has.md). Runs nothing on import.
 */
import { EARLY_TAP_ATTR, ISLAND_ATTR, ISLANDS_READY_ATTR } from "./contract.ts";
import { type Enhancer, ISLAND_MARKS, ISLANDS, type IslandLoader } from "./registry.ts";

/**
 * The island names `doc` carries: its `data-island` values, and each island of `marks` (name → selector; the
 * registry's ISLAND_MARKS) whose selector matches.
 */
export function islandsOf(doc: ParentNode, marks: Readonly<Record<string, string>> = ISLAND_MARKS): Set<string> {
  const names = new Set([...doc.querySelectorAll(`[${ISLAND_ATTR}]`)].map((el) => el.getAttribute(ISLAND_ATTR) ?? ""));
  for (const [name, selector] of Object.entries(marks)) if (doc.querySelector(selector)) names.add(name);
  return names;
}

type Loaded = { enhance: Enhancer } | { error: unknown };

/**
 * Loads the enhancers of the islands `doc` carries (every loader at once), runs them over `doc` in `islands`' order,
 * then marks the page ready and replays an early tap. Resolves once that is done; never rejects (failures go to
 * console.error). `islands` defaults to the registry (tests pass their own).
 */
export async function startIslands(
  doc: Document = document,
  islands: Readonly<Record<string, IslandLoader>> = ISLANDS,
): Promise<void> {
  const present = islandsOf(doc);
  const loading = Object.entries(islands)
    .filter(([name]) => present.has(name))
    .map(([, load]): Promise<Loaded> => {
      try {
        return load().then(
          (enhance) => ({ enhance }),
          (error: unknown) => ({ error }),
        );
      } catch (error) {
        return Promise.resolve({ error });
      }
    });
  for (const pending of loading) {
    const loaded = await pending;
    try {
      if ("error" in loaded) throw loaded.error;
      loaded.enhance(doc);
    } catch (error) {
      console.error(error);
    }
  }
  const tapped = doc.querySelector<HTMLElement>(`[${EARLY_TAP_ATTR}]`);
  tapped?.removeAttribute(EARLY_TAP_ATTR);
  doc.documentElement.setAttribute(ISLANDS_READY_ATTR, "ready");
  if (tapped?.isConnected) tapped.click();
}
