/**
 * The checkout form carries what the enquiry form carries (docs/payments.md "Checkout"; docs/conversions.md;
 * docs/affordability.md "Kept with an enquiry"): the unit page's «احجز الآن بعربون» form puts the ad link's
 * attribution and the calculator's inputs in the checkout page's address, the checkout page keeps them as hidden
 * fields (`carriedFields`), and its post sends them to POST /api/checkout as `attribution` and `estimate`, with the
 * campaign page the visit began on (`campaign`, docs/payments.md "Counted").
 */
import { describe, expect, it } from "vitest";
import type { ApiInit } from "~/context.ts";
import { carriedFields, postCheckout } from "./checkout.server.ts";

describe("the checkout page's carried fields", () => {
  it("keeps the unit page's attribution, an ad link's own parameters and the calculator's inputs", () => {
    const url = new URL(
      "https://example.sa/checkout/7/42?attr_utmSource=snapchat&attr_sccid=sc-1&gclid=g-2&estimate.salary=18000&estimate.sector=private&other=x&campaign=snapchat%2Fshati",
    );
    expect(carriedFields(url)).toEqual({
      campaign: "snapchat/shati",
      attr_utmSource: "snapchat",
      attr_sccid: "sc-1",
      attr_gclid: "g-2",
      "estimate.salary": "18000",
      "estimate.sector": "private",
    });
    expect(carriedFields(new URL("https://example.sa/checkout/7/42"))).toEqual({});
  });
});

describe("the checkout form's post", () => {
  it("sends the carried attribution and estimate to POST /api/checkout", async () => {
    const sent: unknown[] = [];
    const api = async (_path: string, init?: ApiInit) => {
      sent.push(init?.body);
      return Response.json({ token: "t", url: "https://pay.example/i/1", expiresAt: "x" }, { status: 201 });
    };
    const form = new URLSearchParams({
      name: "ريم",
      phone: "0551234567",
      email: "reem@example.com",
      nationalId: "1000000008",
      acceptTerms: "on",
      marketingConsent: "on",
      attr_utmSource: "snapchat",
      attr_sccid: "sc-1",
      "estimate.price": "950000",
      "estimate.salary": "18000",
      campaign: "snapchat/shati",
    });
    const request = new Request("https://example.sa/checkout/7/42", { method: "POST", body: form });
    expect(await postCheckout(request, api, 42)).toEqual({ redirect: "https://pay.example/i/1" });
    expect(sent[0]).toMatchObject({
      unitId: 42,
      marketingConsent: true,
      attribution: { utmSource: "snapchat", sccid: "sc-1" },
      estimate: { price: "950000", salary: "18000" },
      campaign: "snapchat/shati",
    });
  });

  it("sends neither when the form carries none", async () => {
    const sent: Record<string, unknown>[] = [];
    const api = async (_path: string, init?: ApiInit) => {
      sent.push(init?.body as Record<string, unknown>);
      return Response.json({ token: "t", url: "https://pay.example/i/2", expiresAt: "x" }, { status: 201 });
    };
    const form = new URLSearchParams({ name: "ريم", phone: "0551234567", email: "r@example.com", nationalId: "1" });
    await postCheckout(new Request("https://example.sa/c", { method: "POST", body: form }), api, 42);
    expect(sent[0]).not.toHaveProperty("attribution");
    expect(sent[0]).not.toHaveProperty("estimate");
    expect(sent[0]).not.toHaveProperty("campaign");
  });
});
