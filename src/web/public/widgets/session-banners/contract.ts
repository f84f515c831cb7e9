/** The staff session banners' contract (docs/public-pages.md §4): the island name of their empty container. */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const SESSION_BANNERS = { island: "session-banners", attrs: {} } as const satisfies WidgetContract;
