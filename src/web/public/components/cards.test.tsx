import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { makeProject, makeUpdate } from "~/test-utils/public-fixtures.ts";
import { ProgressRing, SALES_RING_COLORS, SalesRing } from "./progress.tsx";
import { ProjectGridCard } from "./project-card.tsx";
import { FeaturedBadge, StatusBadge } from "./status-badge.tsx";
import { UpdateCard } from "./update-card.tsx";

const IMG = (n: number) => `/media/images/${String(n).repeat(32)}.webp`;

describe("UpdateCard thumbnail and date (SPEC §2.3)", () => {
  const renderCard = (overrides: Parameters<typeof makeUpdate>[0]) =>
    render(
      <MemoryRouter>
        <UpdateCard update={makeUpdate(overrides)} />
      </MemoryRouter>,
    );

  it("uses thumbnailUrl first", () => {
    renderCard({ thumbnailUrl: IMG(1), interiorPhotos: [IMG(2)], dronePhotos: [IMG(3)] });
    expect(screen.getByRole("img")).toHaveAttribute("srcset", expect.stringContaining(String(1).repeat(32)));
  });

  it("falls back to the first interior photo, then the first drone photo", () => {
    renderCard({ interiorPhotos: [IMG(2), IMG(4)], dronePhotos: [IMG(3)] });
    expect(screen.getByRole("img")).toHaveAttribute("srcset", expect.stringContaining(String(2).repeat(32)));
  });

  it("falls back to the first drone photo", () => {
    renderCard({ dronePhotos: [IMG(3)] });
    expect(screen.getByRole("img")).toHaveAttribute("srcset", expect.stringContaining(String(3).repeat(32)));
  });

  it("shows «لا توجد صورة» without any photo, and links to the update", () => {
    renderCard({});
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByText("لا توجد صورة")).toBeInTheDocument();
    expect(screen.getByRole("link")).toHaveAttribute("href", "/update/7");
    expect(screen.getByRole("heading", { level: 3, name: "اكتمال الهيكل" })).toBeInTheDocument();
  });

  it("shows the long Arabic date, or «تاريخ غير محدد»", () => {
    renderCard({});
    expect(screen.getByText("١٥ مارس ٢٠٢٦")).toBeInTheDocument();
    renderCard({ createdAt: "" });
    expect(screen.getByText("تاريخ غير محدد")).toBeInTheDocument();
  });
});

describe("badges (SPEC §2.3, §4.3)", () => {
  it("featured badge text follows the rank", () => {
    const { rerender, container } = render(<FeaturedBadge featuredRank={1} />);
    expect(screen.getByText("مميز")).toBeInTheDocument();
    rerender(<FeaturedBadge featuredRank={3} />);
    expect(screen.getByText("مميز #٣")).toBeInTheDocument();
    rerender(<FeaturedBadge featuredRank={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    [100, 100, "محجوز بالكامل"],
    [100, 40, "مكتمل"],
    [35, 100, "قيد الإنشاء"],
    [0, 0, "قريباً"],
  ])("completion %i%% and sales %i%% read «%s»", (completionPercentage, salesPercentage, label) => {
    render(<StatusBadge project={{ completionPercentage, salesPercentage }} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});

describe("rings (SPEC §2.4, §2.7)", () => {
  it.each([
    [0, 0],
    [25, 0],
    [26, 1],
    [50, 1],
    [51, 2],
    [75, 2],
    [76, 3],
    [100, 3],
  ])("sales %i%% uses colour step %i", (pct, step) => {
    render(<SalesRing percentage={pct} />);
    const ring = screen.getByRole("img", { name: /^نسبة المبيعات/ });
    expect(ring.querySelector("[data-testid=ring-arc]")).toHaveClass(SALES_RING_COLORS[step]);
  });

  it("uses four distinct colours", () => {
    expect(new Set(SALES_RING_COLORS).size).toBe(4);
  });

  it("clamps the completion ring to 0–100", () => {
    const { rerender } = render(<ProgressRing value={140} label="نسبة الإنجاز" />);
    expect(screen.getByRole("img")).toHaveAccessibleName("نسبة الإنجاز ١٠٠٪");
    rerender(<ProgressRing value={-5} label="نسبة الإنجاز" />);
    expect(screen.getByRole("img")).toHaveAccessibleName("نسبة الإنجاز ٠٪");
  });
});

describe("ProjectGridCard (SPEC §2.4)", () => {
  it("shows status, ring, first landmark and a details link; hides a zero price", () => {
    render(
      <MemoryRouter>
        <ProjectGridCard
          project={makeProject({
            id: 5,
            price: 0,
            completionPercentage: 30,
            salesPercentage: 55,
            distanceFromLandmark: ["٥ دقائق من الكورنيش", "قريب من المطار"],
          })}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText("قيد الإنشاء")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "نسبة المبيعات ٥٥٪" })).toBeInTheDocument();
    expect(screen.getByText("٥ دقائق من الكورنيش")).toBeInTheDocument();
    expect(screen.queryByText("قريب من المطار")).not.toBeInTheDocument();
    expect(screen.queryByText(/ر\.س/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /عرض التفاصيل/ })).toHaveAttribute("href", "/project/5");
  });

  it("shows a positive price in SAR", () => {
    render(
      <MemoryRouter>
        <ProjectGridCard project={makeProject({ price: 1250000 })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/١٬٢٥٠٬٠٠٠/)).toBeInTheDocument();
  });
});
