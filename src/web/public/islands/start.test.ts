/**
 * The islands entry's contract (docs/decisions/127-islands-load-only-the-enhancers-a-page-has.md,
 * docs/decisions/046-public-pages-as-islands.md): a page loads the enhancers of the islands it carries and no other,
 * runs them in the registry's order whatever order their chunks arrive in, reports an enhancer that throws or a chunk
 * that cannot be fetched and still runs the others, and marks itself ready, then replays an early tap, only after
 * every island it carries has been enhanced.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLY_TAP_ATTR, ISLANDS_READY_ATTR } from "./contract.ts";
import type { Enhancer } from "./registry.ts";
import { ISLANDS } from "./registry.ts";
import { startIslands } from "./start.ts";

/** A loader resolved by hand (`resolve`), to make chunks arrive in any order. */
function deferredLoader(enhance: Enhancer) {
  let resolve = (): void => {};
  const loaded = new Promise<Enhancer>((r) => {
    resolve = () => r(enhance);
  });
  return { load: vi.fn(() => loaded), resolve };
}

beforeEach(() => {
  document.documentElement.removeAttribute(ISLANDS_READY_ATTR);
  document.body.innerHTML = "";
});
afterEach(() => vi.restoreAllMocks());

describe("startIslands", () => {
  it("loads only the enhancers of the islands the page carries", async () => {
    document.body.innerHTML = `<div data-island="card-list"></div><div data-island="session-banners"></div>`;
    const loaders = { entrance: vi.fn(), "session-banners": vi.fn(), "card-list": vi.fn(), affordability: vi.fn() };
    const islands = Object.fromEntries(
      Object.entries(loaders).map(([name, enhance]) => [name, vi.fn(async () => enhance)]),
    );
    await startIslands(document, islands);
    expect(islands.affordability).not.toHaveBeenCalled();
    expect(islands.entrance).not.toHaveBeenCalled();
    expect(loaders["card-list"]).toHaveBeenCalledWith(document);
    expect(loaders["session-banners"]).toHaveBeenCalledWith(document);
  });

  it("loads the floating buttons' enhancer for a page whose only floating element is marked data-floating", async () => {
    document.body.innerHTML = `<a href="https://wa.me/966500000000" data-floating></a>`;
    const floating = vi.fn();
    const islands = { floating: vi.fn(async () => floating), "card-list": vi.fn(async () => vi.fn()) };
    await startIslands(document, islands);
    expect(floating).toHaveBeenCalledWith(document);
    expect(islands["card-list"]).not.toHaveBeenCalled();
  });

  it("runs the enhancers in the registry's order, the entrance first, and is ready only after the last", async () => {
    document.body.innerHTML = `<div data-island="entrance"></div><div data-island="hero"></div>`;
    const order: string[] = [];
    const readyWhenRun = (name: string) => () => {
      order.push(name);
      expect(document.documentElement.hasAttribute(ISLANDS_READY_ATTR)).toBe(false);
    };
    const entrance = deferredLoader(readyWhenRun("entrance"));
    const hero = deferredLoader(readyWhenRun("hero"));
    const started = startIslands(document, { entrance: entrance.load, hero: hero.load });
    // Both chunks are requested before either arrives, each in a task of its own; the hero's arrives first but waits
    // for the entrance.
    expect(entrance.load).toHaveBeenCalled();
    await vi.waitFor(() => expect(hero.load).toHaveBeenCalled());
    hero.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual([]);
    entrance.resolve();
    await started;
    expect(order).toEqual(["entrance", "hero"]);
    expect(document.documentElement.getAttribute(ISLANDS_READY_ATTR)).toBe("ready");
  });

  it("runs each enhancer in a task of its own: a timer the first one sets has fired when the second runs", async () => {
    document.body.innerHTML = `<div data-island="entrance"></div><div data-island="hero"></div>`;
    let timerFired = false;
    let seenBySecond: boolean | null = null;
    const first = vi.fn(() => {
      setTimeout(() => {
        timerFired = true;
      }, 0);
    });
    const second = vi.fn(() => {
      seenBySecond = timerFired;
    });
    await startIslands(document, { entrance: async () => first, hero: async () => second });
    expect(first).toHaveBeenCalledWith(document);
    expect(seenBySecond).toBe(true);
  });

  it("requests each chunk in a task of its own: a timer set after the first request has fired at the second", async () => {
    document.body.innerHTML = `<div data-island="entrance"></div><div data-island="hero"></div>`;
    let timerFired = false;
    let seenBySecond: boolean | null = null;
    const islands = {
      entrance: vi.fn(async () => {
        setTimeout(() => {
          timerFired = true;
        }, 0);
        return vi.fn();
      }),
      hero: vi.fn(async () => {
        seenBySecond = timerFired;
        return vi.fn();
      }),
    };
    await startIslands(document, islands);
    expect(islands.hero).toHaveBeenCalledOnce();
    expect(seenBySecond).toBe(true);
  });

  it("reports an enhancer that throws and a chunk that fails, and still runs the others and replays the early tap", async () => {
    document.body.innerHTML = `<div data-island="a"></div><div data-island="b"></div><div data-island="c"></div>
      <button type="button" ${EARLY_TAP_ATTR}>احجز</button>`;
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = new Error("chunk");
    const ran = vi.fn();
    const button = document.querySelector("button");
    const tapped = vi.fn(() => document.documentElement.getAttribute(ISLANDS_READY_ATTR));
    button?.addEventListener("click", tapped);
    await startIslands(document, {
      a: async () => () => {
        throw new Error("enhancer");
      },
      b: () => Promise.reject(failed),
      c: async () => ran,
    });
    expect(report).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenCalledWith(failed);
    expect(ran).toHaveBeenCalledOnce();
    expect(tapped).toHaveReturnedWith("ready");
    expect(button?.hasAttribute(EARLY_TAP_ATTR)).toBe(false);
  });
});

describe("the islands registry's loaders", () => {
  it.each(Object.keys(ISLANDS))("%s resolves to its enhancer", async (name) => {
    await expect(ISLANDS[name]?.()).resolves.toBeTypeOf("function");
  });
});
