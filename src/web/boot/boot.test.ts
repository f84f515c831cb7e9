/**
 * The boot scripts as the page runs them: each test builds the inline text root.tsx writes (inlineScript) and runs
 * that text, not the imported function, so a boot function that used anything from outside itself would fail here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint } from "./after-first-paint.boot.ts";
import { recordEarlyTaps } from "./early-tap.boot.ts";
import { loadFonts } from "./font-loader.boot.ts";
import { type BootArgument, inlineScript, registerBootText } from "./inline-script.ts";
import { loadIslands } from "./islands-loader.boot.ts";

/** Runs an inline script's text in the page, as the browser does. */
function run(fn: (...args: never[]) => unknown, ...args: BootArgument[]): void {
  new Function(inlineScript(fn, ...args))();
}

/** The function as the page has it: compiled from its text alone (as it is passed to the other boot scripts). */
function fromText<F extends (...args: never[]) => unknown>(fn: F): F {
  return new Function(`return (${fn.toString()})`)() as F;
}

/** Fires the window's load event (jsdom's document is already complete: tests that need "loading" say so). */
const load = () => window.dispatchEvent(new Event("load"));

/** Makes `document.readyState` read `state` for this test. */
function readyState(state: DocumentReadyState) {
  vi.spyOn(document, "readyState", "get").mockReturnValue(state);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("data-islands");
  window.localStorage.clear();
});

describe("inlineScript", () => {
  it("calls the function's text with JSON arguments and other functions' text", () => {
    const text = inlineScript(recordEarlyTaps, "data-islands", "data-early-tap");
    expect(text.startsWith(`(${recordEarlyTaps.toString()})(`)).toBe(true);
    expect(text.endsWith(`("data-islands","data-early-tap")`)).toBe(true);
    expect(inlineScript(loadIslands, "/a.js", "/m", afterFirstPaint, 5)).toContain(
      `,(${afterFirstPaint.toString()}),5)`,
    );
  });

  it("uses the minified text the build registered for a function, as function and as argument", () => {
    const first = (a: number) => a + 1;
    const second = (run: () => void) => run();
    registerBootText(first, "function(e){return e+1}");
    registerBootText(second, "function(e){e()}");
    expect(inlineScript(first, 1)).toBe("(function(e){return e+1})(1)");
    expect(inlineScript(second, first)).toBe("(function(e){e()})((function(e){return e+1}))");
  });
});

describe("the early-tap recorder (docs/decisions/046-public-pages-as-islands.md)", () => {
  it("marks the last button tapped before the islands are ready, and none after", () => {
    const controller = new AbortController();
    const listen = window.addEventListener.bind(window);
    vi.spyOn(window, "addEventListener").mockImplementation((type, handler, options) =>
      listen(type, handler, {
        ...(typeof options === "object" ? options : { capture: options }),
        signal: controller.signal,
      }),
    );
    document.body.innerHTML =
      '<button type="button" id="a">أ</button><div role="button" id="b"><span>ب</span></div><a href="#x">ج</a>';
    run(recordEarlyTaps, "data-islands", "data-early-tap");
    document.getElementById("a")?.click();
    expect(document.getElementById("a")?.hasAttribute("data-early-tap")).toBe(true);
    document.querySelector("span")?.click();
    expect(document.getElementById("a")?.hasAttribute("data-early-tap")).toBe(false);
    expect(document.getElementById("b")?.hasAttribute("data-early-tap")).toBe(true);
    document.querySelector("a")?.click();
    expect(document.querySelectorAll("[data-early-tap]")).toHaveLength(1);

    document.documentElement.setAttribute("data-islands", "ready");
    document.getElementById("b")?.removeAttribute("data-early-tap");
    document.getElementById("a")?.click();
    expect(document.querySelectorAll("[data-early-tap]")).toHaveLength(0);
    controller.abort();
  });
});

describe("afterFirstPaint (docs/decisions/049-secondary-images-after-the-first-photo.md)", () => {
  /** A PerformanceObserver stand-in: `emit(type, entries)` reaches the observers of that type. */
  function stubObserver(supported: string[]) {
    const observers: { type: string; callback: PerformanceObserverCallback; self: PerformanceObserver }[] = [];
    class Observer {
      static supportedEntryTypes = supported;
      constructor(private readonly callback: PerformanceObserverCallback) {}
      observe({ type }: { type: string }) {
        observers.push({ type, callback: this.callback, self: this as unknown as PerformanceObserver });
      }
      disconnect() {}
    }
    vi.stubGlobal("PerformanceObserver", Observer);
    return (type: string, entries: object[]) => {
      for (const observer of observers.filter((o) => o.type === type)) {
        const list = {
          getEntries: () => entries,
          getEntriesByName: (name: string) => entries.filter((e) => (e as { name?: string }).name === name),
        } as unknown as PerformanceObserverEntryList;
        observer.callback(list, observer.self);
      }
    };
  }

  afterEach(() => vi.unstubAllGlobals());

  it("runs at once in a browser without paint timing", () => {
    vi.stubGlobal("PerformanceObserver", undefined);
    const started = vi.fn();
    fromText(afterFirstPaint)(started, 1000);
    expect(started).toHaveBeenCalledTimes(1);
  });

  it("waits for the first paint and for the paint of the first photo, then runs once", () => {
    vi.useFakeTimers();
    const emit = stubObserver(["paint", "largest-contentful-paint"]);
    document.body.innerHTML = '<img fetchpriority="high" alt=""><p>نص</p>';
    const photo = document.querySelector("img");
    const started = vi.fn();
    fromText(afterFirstPaint)(started, 1000);
    emit("paint", [{ name: "first-contentful-paint" }]);
    expect(started).not.toHaveBeenCalled();
    emit("largest-contentful-paint", [{ element: document.querySelector("p") }]);
    expect(started).not.toHaveBeenCalled();
    emit("largest-contentful-paint", [{ element: photo }]);
    expect(started).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(started).toHaveBeenCalledTimes(1);
  });

  it("runs after the longest wait when nothing is painted (a background tab)", () => {
    vi.useFakeTimers();
    stubObserver(["paint", "largest-contentful-paint"]);
    const started = vi.fn();
    fromText(afterFirstPaint)(started, 1000);
    vi.advanceTimersByTime(999);
    expect(started).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(started).toHaveBeenCalledTimes(1);
  });
});

describe("the islands loader (docs/decisions/050-after-load-requests-after-the-first-photo.md)", () => {
  const scripts = () => [...document.head.querySelectorAll("script")].map((s) => [s.type, s.getAttribute("src")]);
  const manifests = () =>
    [...document.head.querySelectorAll('link[rel="manifest"]')].map((l) => l.getAttribute("href"));
  /** An afterFirstPaint that runs at once, and records its calls (the page's text carries it as an argument). */
  const atOnce = (go: () => void, waitMs: number) => {
    document.documentElement.dataset.waited = String(waitMs);
    go();
  };

  it("imports the islands module and names the manifest after load and the first paint, once", () => {
    readyState("loading");
    run(loadIslands, "/assets/islands-abc.js", "/manifest.webmanifest", atOnce, 1000);
    expect(scripts()).toEqual([]);
    expect(manifests()).toEqual([]);
    load();
    expect(scripts()).toEqual([["module", "/assets/islands-abc.js"]]);
    expect(manifests()).toEqual(["/manifest.webmanifest"]);
    expect(document.documentElement.dataset.waited).toBe("1000");
    window.dispatchEvent(new Event("pointerdown"));
    load();
    expect(scripts()).toHaveLength(1);
  });

  it("starts at the first touch, key or focus before load", () => {
    readyState("loading");
    run(loadIslands, "/assets/islands-abc.js", "/manifest.webmanifest", atOnce, 1000);
    window.dispatchEvent(new Event("keydown"));
    expect(scripts()).toEqual([["module", "/assets/islands-abc.js"]]);
  });

  it("on a page already loaded, waits only for the first paint", () => {
    readyState("complete");
    run(loadIslands, "/assets/islands-abc.js", "/manifest.webmanifest", atOnce, 1000);
    expect(scripts()).toHaveLength(1);
  });
});

describe("the font loader (docs/decisions/047-page-css-and-font-on-later-views.md)", () => {
  const FACES = [
    ["400", "/assets/a.woff2", "U+0600-06FF"],
    ["700", "/assets/b.woff2", "U+0600-06FF"],
  ] as const;
  let added: { family: string; source: string; display: string }[];

  beforeEach(() => {
    added = [];
    class Face {
      constructor(
        readonly family: string,
        readonly source: string,
        readonly descriptors: FontFaceDescriptors,
      ) {}
      load = async () => this;
    }
    vi.stubGlobal("FontFace", Face);
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: {
        add: (face: Face) =>
          added.push({ family: face.family, source: face.source, display: String(face.descriptors.display) }),
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, "fonts");
  });

  it("declares the faces before the first layout, optional on a public page, once the browser holds them", () => {
    window.localStorage.setItem("plex-fonts", "/assets/a.woff2 /assets/b.woff2");
    run(loadFonts, "Plex Arabic", FACES, "plex-fonts", false, () => {}, 1000);
    expect(added).toEqual([
      { family: "Plex Arabic", source: 'url(/assets/a.woff2) format("woff2")', display: "optional" },
      { family: "Plex Arabic", source: 'url(/assets/b.woff2) format("woff2")', display: "optional" },
    ]);
  });

  it("on a first public page, fetches the files one after the other after load, paint and idle, and remembers them", async () => {
    const requested: string[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      requested.push(`${url} ${init.priority}`);
      return new Response("font");
    });
    vi.stubGlobal("requestIdleCallback", (go: () => void) => go());
    run(loadFonts, "Plex Arabic", FACES, "plex-fonts", false, (go: () => void) => go(), 1000);
    expect(requested).toEqual([]);
    load();
    await vi.waitFor(() => expect(window.localStorage.getItem("plex-fonts")).toBe("/assets/a.woff2 /assets/b.woff2"));
    expect(requested).toEqual(["/assets/a.woff2 low", "/assets/b.woff2 low"]);
    expect(added).toEqual([]);
  });

  it("on a first back-office page, adds the faces together (swap) once all have loaded", async () => {
    run(loadFonts, "Plex Arabic", FACES, "plex-fonts", true, () => {}, 1000);
    load();
    await vi.waitFor(() => expect(added).toHaveLength(2));
    expect(added.every((face) => face.display === "swap")).toBe(true);
    expect(window.localStorage.getItem("plex-fonts")).toBe("/assets/a.woff2 /assets/b.woff2");
  });
});
