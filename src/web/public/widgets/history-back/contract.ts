/** The not-found page's back button's contract (docs/public-pages.md §4): its island name. */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const HISTORY_BACK = { island: "history-back", attrs: {} } as const satisfies WidgetContract;
