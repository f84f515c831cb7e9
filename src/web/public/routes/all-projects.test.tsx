import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { TEXTS } from "#domain/texts.ts";
import AllProjects from "./all-projects.tsx";

function renderWith(loaderData: { projects: never[]; error: boolean; search: string }) {
  const Stub = createRoutesStub([
    // biome-ignore lint/suspicious/noExplicitAny: the stub passes the loader's data as the route's props
    { path: "/all-projects", Component: AllProjects as any, loader: () => loaderData },
  ]);
  return render(<Stub initialEntries={["/all-projects"]} />);
}

describe("all projects: empty results (SPEC §2.4)", () => {
  it("a search with no match names the quoted query and offers to clear it", async () => {
    renderWith({ projects: [], error: false, search: "ابحر الشمالية" });
    expect(await screen.findByRole("status")).toHaveTextContent("لا توجد نتائج مطابقة لـ «ابحر الشمالية»");
    expect(screen.getByRole("link", { name: "مسح البحث" }).getAttribute("href")).toBe("/all-projects");
    expect(screen.queryByText(TEXTS.projectsComingSoon)).toBeNull();
  });

  it("without a search the empty list still says new projects are coming", async () => {
    renderWith({ projects: [], error: false, search: "" });
    expect(await screen.findByText(TEXTS.projectsComingSoon)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "مسح البحث" })).toBeNull();
  });
});
