import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { WORD_ROTATION_INTERVAL_MS } from "#domain/constants.ts";
import { enhanceHero, WORD_IN, WORD_IN_MS } from "~/public/widgets/hero/hero.island.ts";
import { Hero } from "~/public/widgets/hero/hero.tsx";
import { HERO, restoreTimersAndGlobals, stubReducedMotion } from "~/test-utils/widget-fixtures.ts";

afterEach(restoreTimersAndGlobals);

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
