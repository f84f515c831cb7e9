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
 * Resolves in a task of its own: `scheduler.yield()` where the browser has it (the continuation keeps its place ahead
 * of other tasks), a zero-delay timer otherwise. Between two enhancers it lets the browser paint and answer a tap,
 * and it keeps each enhancer's work a task of its own: a phone's 4× slower CPU turns three 15 ms enhancers run
 * back to back into one 180 ms long task, which counts 130 ms of blocking time where three 60 ms tasks count 30
 * (docs/performance/web.md, "Total blocking time").
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Starts one loader: its enhancer, or what stopped it (a loader that throws at once included). */
function startLoading(load: IslandLoader): Promise<Loaded> {
  try {
    return load().then(
      (enhance) => ({ enhance }),
      (error: unknown) => ({ error }),
    );
  } catch (error) {
    return Promise.resolve({ error });
  }
}

/**
 * Loads the enhancers of the islands `doc` carries, each chunk requested in a task of its own (a request made from a
 * script costs 2–10 ms on this machine; eight made in the entry's own task made it a 35–49 ms task, a 140–196 ms
 * long task on Lighthouse's 4× slower phone: docs/performance/web.md "Total blocking time"), then runs them over `doc`
 * in `islands`' order, each in a task of its own (`yieldToMain` before each), then marks the page ready and replays
 * an early tap. Resolves once that is done; never rejects (failures go to console.error). `islands` defaults to the
 * registry (tests pass their own).
 */
export async function startIslands(
  doc: Document = document,
  islands: Readonly<Record<string, IslandLoader>> = ISLANDS,
): Promise<void> {
  const present = islandsOf(doc);
  const loading: Promise<Loaded>[] = [];
  for (const [name, load] of Object.entries(islands)) {
    if (!present.has(name)) continue;
    if (loading.length > 0) await yieldToMain();
    loading.push(startLoading(load));
  }
  for (const pending of loading) {
    const loaded = await pending;
    await yieldToMain();
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
