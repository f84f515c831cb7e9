import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOAST_REMOVE_DELAY_MS } from "#domain/constants.ts";
import { resetToasts, toast, useToasts } from "./use-toast.ts";

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe("toast() (SPEC §4.2)", () => {
  it("keeps one toast visible: a new one replaces the previous", () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: "الأول" });
      toast({ title: "الثاني", variant: "destructive" });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: "الثاني", variant: "destructive", open: true });
  });

  it("updates, dismisses, then removes after the removal delay", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let handle = { dismiss: () => {}, update: (_: { title: string }) => {} };
    act(() => {
      handle = toast({ title: "قبل" });
    });
    act(() => handle.update({ title: "بعد" }));
    expect(result.current[0]).toMatchObject({ title: "بعد", variant: "default" });
    act(() => handle.dismiss());
    expect(result.current[0].open).toBe(false);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(result.current).toHaveLength(0);
  });
});
