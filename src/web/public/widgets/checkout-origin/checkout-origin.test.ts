import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { DepositCta } from "~/public/components/deposit-cta.tsx";
import { enhanceCampaignVisit } from "~/public/widgets/campaign-visit/campaign-visit.island.ts";
import { enhanceCheckoutOrigin } from "./checkout-origin.island.ts";

/** The GET address the «احجز الآن بعربون» form sends the buyer to. */
function submittedQuery(form: HTMLFormElement): URLSearchParams {
  return new URLSearchParams([...new FormData(form)].map(([k, v]) => [k, String(v)]));
}

describe("the checkout forms' visit origin (docs/payments.md «Counted»)", () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it("carries the campaign page the visit began on and its ad link's attribution from the unit page to the checkout", () => {
    // The visit begins on a campaign page reached by an ad link.
    window.history.replaceState(null, "", "/c/snapchat/shati?utm_source=snapchat&ScCid=SC-1");
    document.body.innerHTML =
      '<span hidden data-island="campaign-visit" data-visit-url="/api/campaign/snapchat/shati"></span>';
    window.fetch = () => Promise.resolve(new Response("{}"));
    enhanceCampaignVisit();
    // A form of the campaign page keeps the visit's attribution, as the enquiry form's island does there.
    const first = document.createElement("form");
    first.dataset.island = "checkout-origin";
    document.body.append(first);
    enhanceCheckoutOrigin();

    // Later in the visit, on a unit page without any parameter.
    window.history.replaceState(null, "", "/project/3/unit/9");
    document.body.innerHTML = renderToStaticMarkup(
      createElement(DepositCta, { projectId: 3, unitId: 9, depositSar: 5000, termsText: "شروط", daysToSign: 14 }),
    );
    const form = document.querySelector<HTMLFormElement>("form#reserve-form");
    if (!form) throw new Error("no form");
    enhanceCheckoutOrigin();
    enhanceCheckoutOrigin();
    const query = submittedQuery(form);
    expect(query.get("campaign")).toBe("snapchat/shati");
    expect(query.getAll("campaign")).toHaveLength(1);
    expect(query.get("attr_utmSource")).toBe("snapchat");
    expect(query.get("attr_sccid")).toBe("SC-1");
  });

  it("carries nothing more when the visit began elsewhere", () => {
    window.history.replaceState(null, "", "/project/3/unit/9");
    document.body.innerHTML = renderToStaticMarkup(
      createElement(DepositCta, { projectId: 3, unitId: 9, depositSar: 5000, termsText: "شروط", daysToSign: 14 }),
    );
    enhanceCheckoutOrigin();
    const form = document.querySelector<HTMLFormElement>("form#reserve-form");
    expect(form && [...submittedQuery(form).keys()]).toEqual([]);
  });
});
