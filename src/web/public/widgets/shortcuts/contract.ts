/** The phone's collapsed page shortcuts' contract (docs/public-pages.md §4): the island name of their <details>. */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const SHORTCUTS = { island: "shortcuts", attrs: {} } as const satisfies WidgetContract;
