import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { WORD_ROTATION_INTERVAL_MS } from "#domain/constants.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { Hero } from "~/public/components/hero.tsx";
import { PartnersMarquee } from "~/public/components/partners-marquee.tsx";
import { hashTarget } from "~/public/lib/hash-target.ts";
import { enhanceHashScroll, enhanceHero, enhanceMarquees, WORD_IN, WORD_IN_MS } from "./home.ts";

const HERO: SiteConfig["hero"] = {
  title: "نبني لك",
  rotatingWords: ["الثقة", "الجودة", "المستقبل"],
  subtitle: "مشاريع سكنية في جدة",
  cta: "تصفح مشاريعنا",
};
const PARTNERS: SiteConfig["partners"] = [
  { name: "شريك أول", logo: "/partners/1.svg" },
  { name: "شريك ثان", logo: "/partners/2.svg" },
];

/** A reduced-motion media query the test switches on and off; `matches` is read live, as the browser's is. */
function stubReducedMotion(initially: boolean) {
  const query = Object.assign(new EventTarget(), { matches: initially, media: "(prefers-reduced-motion: reduce)" });
  vi.stubGlobal("matchMedia", (media: string) =>
    media === query.media ? query : Object.assign(new EventTarget(), { matches: false, media }),
  );
  return (matches: boolean) => {
    query.matches = matches;
    query.dispatchEvent(new Event("change"));
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the hero island (SPEC §2.3 section 1)", () => {
  beforeEach(() => {
    // Only the rotation's interval is faked: user-event's own timeouts stay real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    document.body.innerHTML = renderToStaticMarkup(createElement(Hero, { hero: HERO }));
  });
  const word = () => document.querySelector('[data-testid="rotating-word"]');
  const pause = () => screen.getByRole("button", { name: "إيقاف تبديل الكلمات" });
  const icon = (name: string) => pause().querySelector(`[data-icon="${name}"]`);

  it("changes the word every 1500 ms through the configured words, with a fresh span each time", () => {
    expect(WORD_ROTATION_INTERVAL_MS).toBe(1500);
    enhanceHero();
    // jsdom has no Web Animations: record which element is faded in, and how.
    const faded: { element: Element; keyframes: unknown; options: unknown }[] = [];
    Object.defineProperty(Element.prototype, "animate", {
      configurable: true,
      value(this: Element, keyframes: unknown, options: unknown) {
        faded.push({ element: this, keyframes, options });
      },
    });
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, "animate");
    });
    const first = word()?.firstElementChild;
    expect(word()).toHaveTextContent("الثقة");
    vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS - 1);
    expect(word()).toHaveTextContent("الثقة");
    // The server's word is never faded: it is whole from the first paint, also without JavaScript.
    expect(faded).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(word()).toHaveTextContent("الجودة");
    // A new .hero-word element, faded in.
    const second = word()?.firstElementChild;
    expect(faded).toEqual([
      { element: second, keyframes: WORD_IN, options: { duration: WORD_IN_MS, easing: "ease-out" } },
    ]);
    expect(second).not.toBe(first);
    expect(second).toHaveClass("hero-word", "inline-block");
    expect(word()?.children).toHaveLength(1);
    vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS);
    expect(word()).toHaveTextContent("المستقبل");
    vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS);
    expect(word()).toHaveTextContent("الثقة");
    // Assistive technology keeps reading the whole list, never the changing word.
    expect(word()).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("الثقة، الجودة، المستقبل");
  });

  it("the pause button stops and resumes the rotation, with aria-pressed and its icon", async () => {
    const user = userEvent.setup();
    enhanceHero();
    expect(pause()).toHaveAttribute("aria-pressed", "false");
    expect(icon("pause")).not.toHaveClass("hidden");
    expect(icon("play")).toHaveClass("hidden");

    await user.click(pause());
    expect(pause()).toHaveAttribute("aria-pressed", "true");
    expect(icon("pause")).toHaveClass("hidden");
    expect(icon("play")).not.toHaveClass("hidden");
    vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS * 3);
    expect(word()).toHaveTextContent("الثقة");

    await user.click(pause());
    expect(pause()).toHaveAttribute("aria-pressed", "false");
    expect(icon("pause")).not.toHaveClass("hidden");
    expect(icon("play")).toHaveClass("hidden");
    vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS);
    expect(word()).toHaveTextContent("الجودة");
  });

  it("a paused button reads as React's paused button does", async () => {
    const user = userEvent.setup();
    enhanceHero();
    await user.click(pause());
    const island = pause().outerHTML;
    document.body.innerHTML = "";
    render(createElement(Hero, { hero: HERO }));
    await user.click(screen.getByRole("button", { name: "إيقاف تبديل الكلمات" }));
    expect(screen.getByRole("button", { name: "إيقاف تبديل الكلمات" }).outerHTML).toBe(island);
  });

  it("keeps the first word and hides the pause button for reduced motion, following the setting live", () => {
    const setReduced = stubReducedMotion(true);
    enhanceHero();
    expect(screen.queryByRole("button", { name: "إيقاف تبديل الكلمات" })).not.toBeInTheDocument();
    vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS * 3);
    expect(word()).toHaveTextContent("الثقة");

    setReduced(false);
    expect(pause()).toBeVisible();
    vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS);
    expect(word()).toHaveTextContent("الجودة");
    setReduced(true);
    vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS * 3);
    expect(word()).toHaveTextContent("الجودة");
  });

  it("rotates once per interval however often it runs, and tolerates missing markup", async () => {
    const user = userEvent.setup();
    enhanceHero();
    enhanceHero(document);
    vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS);
    expect(word()).toHaveTextContent("الجودة");
    await user.click(pause());
    expect(pause()).toHaveAttribute("aria-pressed", "true");

    document.body.innerHTML = '<section data-island="hero" data-words="not json"></section>';
    expect(() => enhanceHero()).not.toThrow();
    expect(() => vi.advanceTimersByTime(WORD_ROTATION_INTERVAL_MS * 2)).not.toThrow();
  });
});

describe("the partner marquee island (SPEC §2.3 section 4)", () => {
  beforeEach(() => {
    document.body.innerHTML = renderToStaticMarkup(createElement(PartnersMarquee, { partners: PARTNERS }));
  });
  const pause = () => screen.getByRole("button", { name: "إيقاف حركة الشعارات" });
  const marquee = () => document.querySelector(".marquee");

  it("the pause button pauses and resumes the row, with aria-pressed and its icon", async () => {
    const user = userEvent.setup();
    enhanceMarquees();
    enhanceMarquees();
    expect(marquee()).not.toHaveAttribute("data-paused");

    await user.click(pause());
    expect(marquee()).toHaveAttribute("data-paused", "true");
    expect(pause()).toHaveAttribute("aria-pressed", "true");
    expect(pause().querySelector('[data-icon="pause"]')).toHaveClass("hidden");
    expect(pause().querySelector('[data-icon="play"]')).not.toHaveClass("hidden");

    await user.click(pause());
    expect(marquee()).not.toHaveAttribute("data-paused");
    expect(pause()).toHaveAttribute("aria-pressed", "false");
    expect(pause().querySelector('[data-icon="pause"]')).not.toHaveClass("hidden");
    expect(pause().querySelector('[data-icon="play"]')).toHaveClass("hidden");
  });

  it("a paused marquee reads as React's paused marquee does", async () => {
    const user = userEvent.setup();
    enhanceMarquees();
    await user.click(pause());
    const island = { button: pause().outerHTML, paused: marquee()?.getAttribute("data-paused") };
    document.body.innerHTML = "";
    render(createElement(PartnersMarquee, { partners: PARTNERS }));
    await user.click(pause());
    expect({ button: pause().outerHTML, paused: marquee()?.getAttribute("data-paused") }).toEqual(island);
  });

  it("tolerates missing markup", () => {
    document.body.innerHTML = '<section data-island="marquee"></section>';
    expect(() => enhanceMarquees()).not.toThrow();
  });
});

describe("the home page's hash scrolling (SPEC §2.1)", () => {
  const intoView = vi.fn();
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    intoView.mockClear();
    Element.prototype.scrollIntoView = intoView;
    scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    window.history.replaceState(null, "", "/#projects");
    document.body.innerHTML = `${renderToStaticMarkup(createElement(Hero, { hero: HERO }))}<section id="projects"></section>`;
  });
  afterEach(() => {
    // jsdom has no scrollIntoView of its own.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    window.history.replaceState(null, "", "/");
  });
  /** The address's hash changes, as a link to "#…" or a typed hash changes it. */
  const changeHash = (hash: string) =>
    act(() => {
      window.history.replaceState(null, "", `/${hash}`);
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });

  it("names the section of a hash, or nothing for an empty, unknown or malformed one", () => {
    expect(hashTarget("#projects")?.id).toBe("projects");
    expect(hashTarget("#")).toBeNull();
    expect(hashTarget("")).toBeNull();
    expect(hashTarget("#nowhere")).toBeNull();
    expect(hashTarget("#%E0")).toBeNull();
  });

  it("scrolls smoothly to the section a new hash names, to the top for an empty or unknown one, not for the first hash", () => {
    enhanceHashScroll();
    expect(intoView).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();

    changeHash("#");
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: "smooth" });
    changeHash("#projects");
    expect(intoView).toHaveBeenCalledTimes(1);
    expect(intoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(intoView.mock.contexts[0]).toBe(document.getElementById("projects"));
    changeHash("#nowhere");
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: "smooth" });
  });

  it("jumps instead of gliding for reduced motion", () => {
    stubReducedMotion(true);
    enhanceHashScroll();
    changeHash("#projects");
    expect(intoView).toHaveBeenCalledWith({ behavior: "auto", block: "start" });
    changeHash("");
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "auto" });
  });

  it("listens once however often it runs, only on the home page, and stops once the page's content is gone", () => {
    enhanceHashScroll();
    enhanceHashScroll();
    changeHash("#projects");
    expect(intoView).toHaveBeenCalledTimes(1);

    document.body.innerHTML = '<section id="projects"></section>';
    enhanceHashScroll();
    changeHash("#");
    changeHash("#projects");
    expect(intoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
