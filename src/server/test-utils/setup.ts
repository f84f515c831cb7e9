/**
 * Per-file setup of the API tests: a console.error that a test did not expect fails it (STYLE: Epic Stack habit).
 */
import { afterEach, vi } from "vitest";

const errors: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length) {
    const seen = errors.splice(0).map((a) => a.map(String).join(" "));
    vi.restoreAllMocks();
    throw new Error(`console.error was called:\n${seen.join("\n")}`);
  }
});
