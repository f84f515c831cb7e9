import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ENTRANCE_STORAGE_KEY } from "~/public/lib/entrance.ts";
import { EntranceAnimation } from "./entrance-animation.tsx";

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <EntranceAnimation logo="/brand/logo.svg" />
    </MemoryRouter>,
  );

describe("EntranceAnimation (SPEC §1)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("plays on the first public page of the session, ends at 2.6 s, and not again", () => {
    const first = renderAt("/");
    expect(screen.getByTestId("entrance")).toBeInTheDocument();
    expect(window.sessionStorage.getItem(ENTRANCE_STORAGE_KEY)).toBe("1");
    act(() => vi.advanceTimersByTime(2599));
    expect(screen.getByTestId("entrance")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("entrance")).not.toBeInTheDocument();
    first.unmount();
    renderAt("/all-projects");
    expect(screen.queryByTestId("entrance")).not.toBeInTheDocument();
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
