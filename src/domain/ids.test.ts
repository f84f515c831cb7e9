import { describe, expect, it } from "vitest";
import { MAX_ID, parseId } from "./ids.ts";

describe("parseId", () => {
  it("reads plain positive integers up to the integer column's maximum", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });
  it("answers null for anything else", () => {
    for (const raw of [undefined, "", "0", "-1", "1.5", "1e3", " 1", "abc", String(MAX_ID + 1), "12345678901"]) {
      expect(parseId(raw)).toBeNull();
    }
  });
});
