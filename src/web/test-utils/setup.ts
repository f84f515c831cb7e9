/**
 * Per-file setup of the web tests: jest-dom matchers, a clean DOM after each test, and a console.error that a test
 * did not expect fails it, as in the API tests (src/server/test-utils/setup.ts). A test that expects an error
 * silences it with `vi.spyOn(console, "error").mockImplementation(() => {})`. jsdom has no IntersectionObserver:
 * intersection-observer.ts stands in (nothing intersects until a test says so with `mockIsIntersecting`).
 */
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { setupIntersectionMocking } from "./intersection-observer.ts";

beforeEach(() => {
  setupIntersectionMocking();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const errors: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  cleanup();
  if (errors.length) {
    const seen = errors.splice(0).map((a) => a.map(String).join(" "));
    vi.restoreAllMocks();
    throw new Error(`console.error was called:\n${seen.join("\n")}`);
  }
});
