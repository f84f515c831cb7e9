/**
 * The campaign visit counter's contract (docs/public-pages.md §4): its island name and the attribute holding the
 * URL it calls, written by campaign-visit.tsx and read by campaign-visit.island.ts.
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const CAMPAIGN_VISIT = {
  island: "campaign-visit",
  attrs: {
    /** GET /api/campaign/… that counts the visit (SPEC §2.9). */
    visitUrl: "data-visit-url",
  },
} as const satisfies WidgetContract;
