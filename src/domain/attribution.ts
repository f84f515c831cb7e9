/**
 * Lead attribution fields (docs/product.md §10.4): UTM parameters, the ad platforms' click ids and the referrer of the
 * landing visit, in a fixed order (the export's columns, the form's hidden attr_* fields). No imports: public pages
 * read it without pulling the validation library into their bundle; the contact schema validates each field.
 */
export const ATTRIBUTION_FIELDS = [
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmTerm",
  "utmContent",
  "gclid",
  "fbclid",
  "ttclid",
  "sccid",
  "twclid",
  "referrer",
] as const;

export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
