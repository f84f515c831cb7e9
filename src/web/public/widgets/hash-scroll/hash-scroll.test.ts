import { act } from "@testing-library/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { enhanceHashScroll } from "~/public/widgets/hash-scroll/hash-scroll.island.ts";
import { hashTarget } from "~/public/widgets/hash-scroll/hash-target.ts";
import { Hero } from "~/public/widgets/hero/hero.tsx";
import { HERO, restoreTimersAndGlobals, stubReducedMotion } from "~/test-utils/widget-fixtures.ts";

afterEach(restoreTimersAndGlobals);

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
