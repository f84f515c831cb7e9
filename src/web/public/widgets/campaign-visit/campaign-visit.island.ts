/**
 * Counts a campaign page's visit (SPEC §2.9) after the page is shown: one GET of the marker's `attrs.visitUrl`
 * (campaign-visit.tsx), its answer read to the end (an unread body leaves the request open in the browser's network
 * accounting); failures are ignored (a visit count is not worth an error).
 */
import { rememberCampaignPage } from "~/public/campaign/attribution.ts";
import { claim, islandSelector } from "~/public/islands/contract.ts";
import { CAMPAIGN_VISIT } from "./contract.ts";

/** Counts the visit once for the marker under `root`; nothing without a marker or with a URL that is not ours. */
export function enhanceCampaignVisit(root: ParentNode = document): void {
  const marker = root.querySelector<HTMLElement>(islandSelector(CAMPAIGN_VISIT.island));
  if (!marker || !claim(marker)) return;
  const url = marker.getAttribute(CAMPAIGN_VISIT.attrs.visitUrl);
  if (!url?.startsWith("/api/campaign/")) return;
  // The visit began here: a checkout later in the visit counts under this campaign (docs/payments.md "Counted").
  rememberCampaignPage(decodeURIComponent(url.slice("/api/campaign/".length)));
  void fetch(url)
    .then((response) => response.text())
    .catch(() => undefined);
}
