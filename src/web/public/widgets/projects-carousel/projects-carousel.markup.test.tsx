import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CAROUSEL_BREAKPOINTS } from "#domain/constants.ts";
import { cardsPerPage } from "#domain/project-rules.ts";
import { makeProject } from "~/test-utils/public-fixtures.ts";
import { CAROUSEL_SLIDE_CLASS, ProjectsCarousel } from "./projects-carousel.tsx";

/** The Tailwind width class that applies from each breakpoint (md = 768 px, lg = 1024 px). */
const BASIS_AT: Record<number, string> = { 0: "basis-full", 768: "md:basis-1/2", 1024: "lg:basis-1/3" };
const FRACTION: Record<string, number> = { "basis-full": 1, "md:basis-1/2": 2, "lg:basis-1/3": 3 };

describe("the projects carousel's markup (SPEC §2.3)", () => {
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
});
