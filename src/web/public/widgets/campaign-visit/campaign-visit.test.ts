import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enhanceCampaignVisit } from "./campaign-visit.island.ts";
import { CampaignVisit } from "./campaign-visit.tsx";

describe("the campaign visit counter (SPEC §2.9)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts a campaign visit once with one GET, and none without the marker", async () => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    document.body.innerHTML = renderToStaticMarkup(createElement(CampaignVisit, { slug: "summer" }));
    enhanceCampaignVisit();
    enhanceCampaignVisit();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/api/campaign/summer");
    document.body.innerHTML = "<main></main>";
    enhanceCampaignVisit();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
