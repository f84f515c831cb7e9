import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NonceContext } from "~/nonce.tsx";
import { ENTRANCE_PATH, ENTRANCE_SCRIPT, ENTRANCE_STORAGE_KEY, startEntrance } from "~/public/lib/entrance.ts";
import { EntranceAnimation } from "./entrance-animation.tsx";

/** Renders the animation as a page load at `path` would: the inline script runs first (before the first paint). */
const renderAt = (path: string) => {
  window.history.replaceState(null, "", path);
  startEntrance(ENTRANCE_STORAGE_KEY, ENTRANCE_PATH);
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

  it("never plays on a page other than the home page, and leaves the session's one play to the home page", () => {
    // The pages that ads, shares and searches land on (docs/decisions/055-entrance-on-the-home-page-only.md).
    for (const path of [
      "/campaign/snapchat/spring-offer",
      "/campaign/spring-offer",
      "/project/3",
      "/unit/12",
      "/update/7",
      "/all-projects",
      "/all-updates",
      "/privacy",
      "/no-such-page",
      "/admin/projects",
    ]) {
      const page = renderAt(path);
      expect(screen.queryByTestId("entrance"), path).not.toBeInTheDocument();
      expect(document.documentElement.hasAttribute("data-entrance"), path).toBe(false);
      expect(window.sessionStorage.getItem(ENTRANCE_STORAGE_KEY), path).toBeNull();
      page.unmount();
    }
    renderAt("/?utm_source=snapchat");
    expect(screen.getByTestId("entrance")).toBeInTheDocument();
    expect(window.sessionStorage.getItem(ENTRANCE_STORAGE_KEY)).toBe("1");
  });

  it("the inline script is the same rule: it plays on the home page only", () => {
    window.history.replaceState(null, "", "/campaign/x/offer");
    new Function(ENTRANCE_SCRIPT)();
    expect(document.documentElement.hasAttribute("data-entrance")).toBe(false);
    window.history.replaceState(null, "", "/");
    new Function(ENTRANCE_SCRIPT)();
    expect(document.documentElement.getAttribute("data-entrance")).toBe("play");
    expect(Number(document.documentElement.getAttribute("data-entrance-at"))).toBeGreaterThanOrEqual(0);
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
