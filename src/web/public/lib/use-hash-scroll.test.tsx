import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashTarget } from "./hash-target.ts";
import { useHashScroll } from "./use-hash-scroll.ts";

function Page() {
  useHashScroll();
  return <section id="projects">مشاريع</section>;
}

afterEach(() => vi.restoreAllMocks());

describe("home hash scrolling (SPEC §2.1)", () => {
  it("names the section of a hash, or nothing for an empty or unknown one", () => {
    document.body.innerHTML = '<section id="contact"></section>';
    expect(hashTarget("#contact")?.id).toBe("contact");
    expect(hashTarget("")).toBeNull();
    expect(hashTarget("#nowhere")).toBeNull();
  });

  it("scrolls smoothly to the section on a hash change, to the top for an empty hash, not on the first render", async () => {
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const router = createMemoryRouter([{ path: "/", element: <Page /> }], { initialEntries: ["/#projects"] });
    const view = render(<RouterProvider router={router} />);
    expect(intoView).not.toHaveBeenCalled();
    await act(() => router.navigate("/#"));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
    await act(() => router.navigate("/#projects"));
    expect(intoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    view.unmount();
  });
});
