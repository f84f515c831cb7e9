import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Project } from "#domain/types.ts";
import { ProjectCarouselCard } from "~/public/components/project-card.tsx";
import { intersectionMockInstance, mockIsIntersecting } from "~/test-utils/intersection-observer.ts";
import { makeProject } from "~/test-utils/public-fixtures.ts";
import { enhanceCarousels } from "./projects-carousel.island.ts";
import { ProjectsCarousel } from "./projects-carousel.tsx";

// jsdom has no layout, so embla is a stand-in: the test says which slides are in view and whether the carousel can
// move, fires embla's events, and records what the island asks of it.
const embla = vi.hoisted(() => {
  const handlers = new Map<string, (() => void)[]>();
  const state = { inView: [0], canPrev: false, canNext: true };
  const api = {
    on(event: string, handler: () => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return api;
    },
    off: () => api,
    slidesInView: () => state.inView,
    canScrollPrev: () => state.canPrev,
    canScrollNext: () => state.canNext,
    scrollPrev: vi.fn(),
    scrollNext: vi.fn(),
  };
  const emit = (event: string) => {
    for (const handler of handlers.get(event) ?? []) handler();
  };
  return { handlers, state, api, emit, create: vi.fn((_viewport: HTMLElement, _options: object) => api) };
});
vi.mock("embla-carousel", () => ({ default: embla.create }));

const image = (n: number) => [`/media/images/${String(n).repeat(32)}.webp`];
const PROJECTS = [1, 2, 3, 4].map((id) => makeProject({ id, name: `مشروع ${id}`, images: image(id) }));

/** The server's markup of the home carousel, as the page sends it. */
function renderCarousel(projects: Project[] = PROJECTS) {
  document.body.innerHTML = renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(ProjectsCarousel, { projects })),
  );
  const region = document.querySelector<HTMLElement>('[role="region"]');
  const viewport = document.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!region || !viewport) throw new Error("carousel markup changed");
  const button = (name: string) => {
    const found = [...document.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === name);
    if (!found) throw new Error(`no button ${name}`);
    return found;
  };
  return {
    region,
    viewport,
    slides: () => [...viewport.querySelectorAll("li")],
    prev: button("المشروع السابق"),
    next: button("المشروع التالي"),
  };
}

/** The <img> of slide `index`, or null while its image is deferred (no element is in the page). */
const slideImage = (slides: HTMLElement[], index: number) => slides[index].querySelector("img");

/** The card the server renders for a project whose image is not deferred, as the browser parses and serialises it. */
function reactCard(project: Project): string {
  const parsed = document.createElement("div");
  parsed.innerHTML = renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(ProjectCarouselCard, { project, deferImage: false })),
  );
  return parsed.innerHTML;
}

async function started() {
  await vi.dynamicImportSettled();
}

beforeEach(() => {
  embla.handlers.clear();
  embla.create.mockClear();
  embla.api.scrollPrev.mockClear();
  embla.api.scrollNext.mockClear();
  Object.assign(embla.state, { inView: [0], canPrev: false, canNext: true });
});

describe("the projects carousel island (SPEC §2.3)", () => {
  it("leaves the strip natively scrollable, the buttons disabled and only the first photo in the page until it comes near", async () => {
    const { viewport, slides, prev, next } = renderCarousel();
    enhanceCarousels();
    await started();
    expect(embla.create).not.toHaveBeenCalled();
    expect(viewport).toHaveClass("snap-x", "snap-mandatory", "overflow-x-auto");
    expect(prev).toBeDisabled();
    expect(next).toBeDisabled();
    expect(slideImage(slides(), 0)).toHaveAttribute("alt", "صورة مشروع 1");
    for (const index of [1, 2, 3]) expect(slideImage(slides(), index)).toBeNull();
  });

  it("starts embla once within half a screen of the viewport, with ProjectsCarousel's options, once", async () => {
    const { region, viewport } = renderCarousel();
    enhanceCarousels();
    expect(intersectionMockInstance(region).rootMargin).toBe("50% 0px");
    mockIsIntersecting(region, false);
    await started();
    expect(embla.create).not.toHaveBeenCalled();

    mockIsIntersecting(region, true);
    await started();
    expect(embla.create).toHaveBeenCalledTimes(1);
    expect(embla.create).toHaveBeenCalledWith(viewport, {
      direction: "rtl",
      align: "start",
      containScroll: "trimSnaps",
      inViewThreshold: 0.25,
    });
    // embla moves the strip now: the native scroll and snap are off.
    expect(viewport).toHaveClass("overflow-hidden");
    expect(viewport).not.toHaveClass("overflow-x-auto");
    // Started carousels stop watching: the observer is gone, and nothing starts embla a second time.
    expect(() => intersectionMockInstance(region)).toThrow();
    enhanceCarousels();
    await started();
    expect(embla.create).toHaveBeenCalledTimes(1);
  });

  it("moves one card per press, and enables each button only while embla can scroll that way", async () => {
    const user = userEvent.setup();
    const { region, prev, next } = renderCarousel();
    enhanceCarousels();
    mockIsIntersecting(region, true);
    await started();
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(embla.api.scrollNext).toHaveBeenCalledTimes(1);
    Object.assign(embla.state, { canPrev: true, canNext: false });
    embla.emit("select");
    expect(prev).toBeEnabled();
    expect(next).toBeDisabled();

    await user.click(prev);
    expect(embla.api.scrollPrev).toHaveBeenCalledTimes(1);
    Object.assign(embla.state, { canPrev: false, canNext: true });
    embla.emit("reInit");
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();
  });

  it("reveals a deferred photo when its slide comes into view, the very <img> the server renders for it", async () => {
    const { region, slides } = renderCarousel();
    enhanceCarousels();
    mockIsIntersecting(region, true);
    await started();
    // Only slide 1 is in view: no other photo is requested yet.
    for (const index of [1, 2, 3]) expect(slideImage(slides(), index)).toBeNull();

    embla.state.inView = [1, 2];
    embla.emit("slidesInView");
    expect(slideImage(slides(), 1)).toHaveAttribute("alt", "صورة مشروع 2");
    expect(slideImage(slides(), 2)).toHaveAttribute("alt", "صورة مشروع 3");
    expect(slideImage(slides(), 3)).toBeNull();
    // The revealed card is what the server renders for a card whose image is not deferred, attribute for attribute
    // (src, srcset, sizes, width, height, alt, loading, decoding, class), and its box is no longer marked.
    expect(slides()[1].innerHTML).toBe(reactCard(PROJECTS[1]));
    expect(slideImage(slides(), 1)).toHaveAttribute("loading", "lazy");
    expect(slideImage(slides(), 1)).toHaveAttribute("srcset", expect.stringContaining("-320.webp 320w"));
  });

  it("also reveals the next slide's photo once the visitor reaches for the carousel (a hover on a button)", async () => {
    const user = userEvent.setup();
    const { region, slides, next } = renderCarousel();
    enhanceCarousels();
    mockIsIntersecting(region, true);
    await started();
    expect(slideImage(slides(), 1)).toBeNull();

    await user.hover(next);
    expect(slideImage(slides(), 1)).toHaveAttribute("alt", "صورة مشروع 2");
    expect(slideImage(slides(), 2)).toBeNull();
    embla.state.inView = [2];
    embla.emit("slidesInView");
    expect(slideImage(slides(), 3)).toHaveAttribute("alt", "صورة مشروع 4");
  });

  it("a drag on the strip counts as reaching for it", async () => {
    const { region, slides } = renderCarousel();
    enhanceCarousels();
    mockIsIntersecting(region, true);
    await started();
    embla.emit("pointerDown");
    expect(slideImage(slides(), 1)).toHaveAttribute("alt", "صورة مشروع 2");
  });

  it("starts before it is near when the visitor reaches for a button, with the next photo revealed", async () => {
    const { slides, prev, next } = renderCarousel();
    enhanceCarousels();
    // The buttons are still disabled (no click, no focus by the keyboard), but the pointer reaches them.
    next.dispatchEvent(new Event("pointerenter"));
    await started();
    expect(embla.create).toHaveBeenCalledTimes(1);
    expect(slideImage(slides(), 1)).toHaveAttribute("alt", "صورة مشروع 2");
    expect(slideImage(slides(), 2)).toBeNull();
    prev.dispatchEvent(new FocusEvent("focus"));
    await started();
    expect(embla.create).toHaveBeenCalledTimes(1);
  });

  it("is attached once however often it runs, and tolerates a page without a carousel", async () => {
    const user = userEvent.setup();
    const { region, next } = renderCarousel();
    enhanceCarousels();
    enhanceCarousels(document);
    mockIsIntersecting(region, true);
    await started();
    expect(embla.create).toHaveBeenCalledTimes(1);
    await user.click(next);
    expect(embla.api.scrollNext).toHaveBeenCalledTimes(1);

    document.body.innerHTML = '<div data-island="projects-carousel"></div><main></main>';
    expect(() => enhanceCarousels()).not.toThrow();
    await started();
    expect(embla.create).toHaveBeenCalledTimes(1);
  });

  it("leaves a slide without a photo as it is (its placeholder)", async () => {
    const { region, slides } = renderCarousel([
      makeProject({ id: 1, images: image(1) }),
      makeProject({ id: 2, name: "بلا صور", images: [] }),
    ]);
    enhanceCarousels();
    mockIsIntersecting(region, true);
    embla.state.inView = [0, 1];
    await started();
    expect(slides()[1].querySelector('[data-testid="image-placeholder"]')).toBeInTheDocument();
    expect(slideImage(slides(), 1)).toBeNull();
  });
});
