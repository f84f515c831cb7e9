import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PendingNavigation } from "./pending-navigation.tsx";

describe("PendingNavigation (SPEC §2.6 loading text)", () => {
  it("shows the target page's loading text while its data loads, and nothing on the first page", async () => {
    let release: () => void = () => {};
    const pending = new Promise<null>((resolve) => {
      release = () => resolve(null);
    });
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <>
              <PendingNavigation />
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <Link to="/project/3">مشروع</Link> },
            { path: "project/:id", loader: () => pending, element: <h1>تفاصيل</h1> },
          ],
        },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    act(() => screen.getByRole("link", { name: "مشروع" }).click());
    expect(await screen.findByText("جاري تحميل تفاصيل المشروع...")).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole("heading", { name: "تفاصيل" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
