/**
 * The checkout forms' island (./contract.ts): each form gets the visit's attribution — what the first page of the
 * visit carried, overridden by this page's own (campaign/attribution.ts `addAttribution`, the enquiry forms' one code
 * path) — and the campaign page the visit began on, so the unit page's GET form carries them into the checkout page's
 * address and the checkout page's form posts them (docs/payments.md "Counted"). Without JavaScript the forms carry
 * what the server read from the page's own address.
 */
import { addVisitOrigin } from "~/public/campaign/attribution.ts";
import { claim, islandSelector } from "~/public/islands/contract.ts";
import { CHECKOUT_ORIGIN } from "./contract.ts";

/** Adds the visit's origin to every checkout form under `root`, once. */
export function enhanceCheckoutOrigin(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>(`form${islandSelector(CHECKOUT_ORIGIN.island)}`)) {
    if (claim(form)) addVisitOrigin(form);
  }
}
