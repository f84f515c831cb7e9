import { act, render, screen, within } from "@testing-library/react";
import { mockAllIsIntersecting } from "react-intersection-observer/test-utils";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { CAROUSEL_BREAKPOINTS } from "#domain/constants.ts";
import { cardsPerPage } from "#domain/project-rules.ts";
import { makeProject } from "~/test-utils/public-fixtures.ts";
import { CAROUSEL_SLIDE_CLASS, ProjectsCarousel } from "./projects-carousel.tsx";

// jsdom has no layout: the carousel is rendered as the server sends it, before embla starts. The mock records the
// element embla is given as its viewport (embla starts on that element).
const emblaViewports = vi.hoisted(() => [] as (Element | null)[]);
vi.mock("embla-carousel-react", () => ({
  default: () => [(node: Element | null) => emblaViewports.push(node), undefined],
}));

/** The Tailwind width class that applies from each breakpoint (md = 768 px, lg = 1024 px). */
const BASIS_AT: Record<number, string> = { 0: "basis-full", 768: "md:basis-1/2", 1024: "lg:basis-1/3" };
const FRACTION: Record<string, number> = { "basis-full": 1, "md:basis-1/2": 2, "lg:basis-1/3": 3 };

describe("ProjectsCarousel (SPEC §2.3)", () => {
  it("sizes slides so 1/2/3 cards fit a page, as cardsPerPage says", () => {
    const classes = CAROUSEL_SLIDE_CLASS.split(" ");
    for (const { minWidthPx, cards } of CAROUSEL_BREAKPOINTS) {
      const basis = BASIS_AT[minWidthPx];
      expect(classes).toContain(basis);
      expect(FRACTION[basis]).toBe(cards);
      expect(cardsPerPage(minWidthPx)).toBe(cards);
      expect(cardsPerPage(Math.max(0, minWidthPx - 1))).toBe(minWidthPx === 0 ? 1 : cards - 1);
    }
  });

  it("renders one linked card per project with its badge and price, and Arabic controls", () => {
    const projects = [
      makeProject({
        id: 1,
        name: "أبراج الشاطئ",
        featuredRank: 1,
        images: ["/media/images/0123456789abcdef0123456789abcdef.webp"],
      }),
      makeProject({ id: 2, name: "فلل الروضة", featuredRank: 2, price: 0 }),
      makeProject({ id: 3, name: "عمائر النسيم", district: null }),
    ];
    render(
      <MemoryRouter>
        <ProjectsCarousel projects={projects} />
      </MemoryRouter>,
    );
    const slides = screen.getAllByRole("listitem");
    expect(slides).toHaveLength(3);
    for (const slide of slides) expect(slide.className).toContain("lg:basis-1/3");

    const first = within(slides[0]).getByRole("link");
    expect(first).toHaveAttribute("href", "/project/1");
    expect(within(slides[0]).getByText("مميز")).toBeInTheDocument();
    expect(within(slides[0]).getByRole("img", { name: "صورة أبراج الشاطئ" })).toHaveAttribute(
      "srcset",
      expect.stringContaining("-320.webp 320w"),
    );
    expect(within(slides[0]).getByText("جدة - الشاطئ")).toBeInTheDocument();
    expect(within(slides[0]).getByText(/٩٥٠٬٠٠٠/)).toBeInTheDocument();

    expect(within(slides[1]).getByText("مميز #٢")).toBeInTheDocument();
    expect(within(slides[1]).queryByText(/ر\.س/)).not.toBeInTheDocument();
    expect(within(slides[1]).getByTestId("image-placeholder")).toBeInTheDocument();

    expect(within(slides[2]).queryByText(/^مميز/)).not.toBeInTheDocument();
    expect(within(slides[2]).getByText("جدة")).toBeInTheDocument();

    // Before embla measures, both buttons are disabled and the strip scrolls natively.
    expect(screen.getByRole("button", { name: "المشروع السابق" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "المشروع التالي" })).toBeDisabled();
    expect(screen.getByTestId("carousel-viewport").className).toContain("overflow-x-auto");
  });

  it("requests only the first slide's image before the carousel starts (the others load when they come near)", () => {
    const image = (n: number) => [`/media/images/${String(n).repeat(32)}.webp`];
    const projects = [1, 2, 3].map((id) => makeProject({ id, name: `مشروع ${id}`, images: image(id) }));
    render(
      <MemoryRouter>
        <ProjectsCarousel projects={projects} />
      </MemoryRouter>,
    );
    const slides = screen.getAllByRole("listitem");
    expect(within(slides[0]).getByRole("img", { name: "صورة مشروع 1" })).toBeInTheDocument();
    expect(within(slides[1]).queryByRole("img")).not.toBeInTheDocument();
    expect(within(slides[2]).queryByRole("img")).not.toBeInTheDocument();
  });

  it("starts embla only once the carousel comes near the viewport, not at hydration", () => {
    emblaViewports.length = 0;
    render(
      <MemoryRouter>
        <ProjectsCarousel projects={[makeProject({ id: 1 }), makeProject({ id: 2 })]} />
      </MemoryRouter>,
    );
    expect(emblaViewports).toEqual([]);
    // The library's own act() looks for IS_REACT_ACT_ENVIRONMENT on jsdom's window, which is not globalThis here.
    act(() => mockAllIsIntersecting(true));
    expect(emblaViewports).toEqual([screen.getByTestId("carousel-viewport")]);
  });
});
