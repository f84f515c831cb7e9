import { describe, expect, it } from "vitest";
import { servedAsIslands } from "./islands-entry.tsx";

describe("servedAsIslands", () => {
  it("lets the deepest route that says so decide", () => {
    expect(servedAsIslands([{ handle: undefined }, { handle: { islands: true } }])).toBe(true);
    expect(servedAsIslands([{ handle: { islands: true } }, { handle: { islands: false } }])).toBe(false);
    expect(servedAsIslands([{ handle: undefined }, { handle: {} }])).toBe(false);
  });
});
