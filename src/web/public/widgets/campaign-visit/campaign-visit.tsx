/**
 * The campaign page's visit counter (SPEC §2.9): a hidden marker naming the URL that counts the visit; the count is
 * made by the browser after load (campaign-visit.island.ts), since a cached page is never rendered again on the
 * server. A preview (staff checking a draft) renders none.
 */
import { dataProps } from "~/public/islands/contract.ts";
import { CAMPAIGN_VISIT } from "./contract.ts";

/** Props: the campaign's URL slug (GET /api/campaign/{slug} counts the visit). */
export function CampaignVisit({ slug }: { slug: string }) {
  return (
    <span
      hidden
      data-island={CAMPAIGN_VISIT.island}
      {...dataProps(CAMPAIGN_VISIT.attrs, { visitUrl: `/api/campaign/${slug}` })}
    />
  );
}
