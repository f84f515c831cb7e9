/** The set-up and clean-up every admin screen test runs around each case (only imported by *.test.tsx). */
import { cleanup } from "@testing-library/react";
import { vi } from "vitest";
import { resetSession } from "./admin-harness.tsx";

/** Before each screen test: an empty localStorage and React Router's future-flag warnings silenced. */
export function quietScreenTest() {
  localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
}

/** After each screen test: unmounts the screen, signs out, and puts back `fetch`, every stubbed global and every spy. */
export function cleanUpScreenTest() {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
