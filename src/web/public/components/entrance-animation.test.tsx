import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NonceContext } from "~/nonce.tsx";
import { ENTRANCE_SCRIPT, ENTRANCE_STORAGE_KEY, startEntrance } from "~/public/lib/entrance.ts";
import { EntranceAnimation } from "./entrance-animation.tsx";

/** Renders the animation as a page load at `path` would: the inline script runs first (before the first paint). */
const renderAt = (path: string) => {
  window.history.replaceState(null, "", path);
  startEntrance(ENTRANCE_STORAGE_KEY);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <EntranceAnimation />
    </MemoryRouter>,
  );
};

describe("EntranceAnimation (SPEC §1)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.sessionStorage.clear();
    document.documentElement.removeAttribute("data-entrance");
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("plays on the first public page of the session, ends at 2.6 s, and not again", () => {
    const first = renderAt("/");
    expect(screen.getByTestId("entrance")).toBeInTheDocument();
    expect(window.sessionStorage.getItem(ENTRANCE_STORAGE_KEY)).toBe("1");
    expect(document.documentElement.getAttribute("data-entrance")).toBe("play");
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.getByTestId("entrance")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId("entrance")).not.toBeInTheDocument();
    expect(document.documentElement.hasAttribute("data-entrance")).toBe(false);
    first.unmount();
    renderAt("/all-projects");
    expect(screen.queryByTestId("entrance")).not.toBeInTheDocument();
  });

  it("the decision is an inline script in the server HTML, with the response's nonce, placed before the overlay", () => {
    const html = renderToString(
      <NonceContext.Provider value="abc123">
        <MemoryRouter initialEntries={["/"]}>
          <EntranceAnimation />
        </MemoryRouter>
      </NonceContext.Provider>,
    );
    const script = html.indexOf(`<script nonce="abc123">${ENTRANCE_SCRIPT}</script>`);
    expect(script).toBeGreaterThanOrEqual(0);
    expect(html.indexOf('data-testid="entrance"')).toBeGreaterThan(script);
  });

  it("when the script did not mark the page (played already, reduced motion), nothing is left mounted", () => {
    window.sessionStorage.setItem(ENTRANCE_STORAGE_KEY, "1");
    renderAt("/");
    expect(screen.queryByTestId("entrance")).not.toBeInTheDocument();
    expect(document.documentElement.hasAttribute("data-entrance")).toBe(false);
  });

  it("never plays on /admin", () => {
    renderAt("/admin/projects");
    expect(screen.queryByTestId("entrance")).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(ENTRANCE_STORAGE_KEY)).toBeNull();
  });

  it("a click after 0.8 s ends it about 0.7 s later; an earlier click does nothing", () => {
    renderAt("/");
    act(() => vi.advanceTimersByTime(500));
    act(() => screen.getByTestId("entrance").click());
    expect(screen.getByTestId("entrance")).toHaveAttribute("data-phase", "playing");
    act(() => vi.advanceTimersByTime(500));
    act(() => screen.getByTestId("entrance").click());
    expect(screen.getByTestId("entrance")).toHaveAttribute("data-phase", "closing");
    act(() => vi.advanceTimersByTime(700));
    expect(screen.queryByTestId("entrance")).not.toBeInTheDocument();
  });
});
