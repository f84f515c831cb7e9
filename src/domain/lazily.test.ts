import { describe, expect, it, vi } from "vitest";
import { lazily } from "./lazily.ts";

describe("lazily", () => {
  it("builds nothing until the first call, then once, answering the same value every time", () => {
    const make = vi.fn(() => ({ built: true }));
    const get = lazily(make);
    expect(make).not.toHaveBeenCalled();
    const first = get();
    expect(get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it("keeps a falsy value made once (undefined, 0) instead of making it again", () => {
    const make = vi.fn(() => undefined);
    const get = lazily(make);
    get();
    get();
    expect(make).toHaveBeenCalledTimes(1);
  });
});
