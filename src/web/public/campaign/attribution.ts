/**
 * Lead attribution (docs/product.md §10.4): the UTM parameters, the ad platforms' click ids and the referrer of the landing visit,
 * read from the landing URL (server: the request URL and Referer header; browser: the first page of the visit, kept
 * in sessionStorage so a visitor who lands on / with UTM parameters and sends the form from a project page is still
 * attributed).
 * Field names are those of the contact schema's `attribution` object; the form posts them as "attr_{name}".
 */
import { ATTRIBUTION_FIELDS, type AttributionField } from "#domain/attribution.ts";

/** URL query parameter → attribution field. ScCid is Snapchat's click id, twclid X's. */
export const ATTRIBUTION_PARAMS = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
  gclid: "gclid",
  fbclid: "fbclid",
  ttclid: "ttclid",
  ScCid: "sccid",
  sccid: "sccid",
  twclid: "twclid",
} as const satisfies Record<string, AttributionField>;

export { ATTRIBUTION_FIELDS };

export type Attribution = Partial<Record<AttributionField, string>>;

/** The form field name of an attribution value. */
export const attributionFieldName = (key: string) => `attr_${key}`;

const MAX = { referrer: 2000, other: 500 };

/** Attribution from a landing URL and its referrer (a referrer on the site's own origin is not a source). */
export function attributionFrom(url: URL, referrer: string | null | undefined): Attribution {
  const result: Attribution = {};
  for (const [param, key] of Object.entries(ATTRIBUTION_PARAMS)) {
    const value = url.searchParams.get(param)?.trim();
    if (value) result[key] = value.slice(0, MAX.other);
  }
  if (referrer) {
    try {
      const ref = new URL(referrer);
      if (ref.origin !== url.origin && (ref.protocol === "https:" || ref.protocol === "http:")) {
        result.referrer = ref.href.slice(0, MAX.referrer);
      }
    } catch {
      // not a URL: ignored
    }
  }
  return result;
}

/**
 * The landing URL's query parameters of `attribution` (the inverse of `attributionFrom`, ScCid for `sccid`; the
 * referrer is no parameter and is left out): a link that carries the ad link's attribution on to the next page.
 */
export function attributionParams(attribution: Attribution): [param: string, value: string][] {
  const out: [string, string][] = [];
  const done = new Set<AttributionField>();
  for (const [param, key] of Object.entries(ATTRIBUTION_PARAMS)) {
    const value = attribution[key];
    if (!value || done.has(key)) continue;
    done.add(key);
    out.push([param, value]);
  }
  return out;
}

/** Attribution posted by a form (fields "attr_{name}"); empty values are left out. */
export function attributionFromForm(form: FormData): Attribution {
  const result: Attribution = {};
  for (const key of ATTRIBUTION_FIELDS) {
    const value = form.get(attributionFieldName(key));
    if (typeof value === "string" && value.trim()) {
      result[key] = value.trim().slice(0, key === "referrer" ? MAX.referrer : MAX.other);
    }
  }
  return result;
}

const STORAGE_KEY = "lead.attribution";

/**
 * Browser only: the attribution of this visit. What the first page of the visit carried is kept for the session
 * (sessionStorage); the current page's own parameters, then `fallback` (what the server read), override it.
 */
export function visitAttribution(fallback: Attribution = {}): Attribution {
  if (typeof window === "undefined") return fallback;
  const here = attributionFrom(new URL(window.location.href), document.referrer);
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEY);
    if (stored) {
      const parsed = JSON.parse(stored) as Attribution;
      return { ...parsed, ...here, ...fallback };
    }
    const merged = { ...here, ...fallback };
    if (Object.keys(merged).length) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(merged));
    return merged;
  } catch {
    return { ...here, ...fallback };
  }
}

/**
 * Browser only: replaces the hidden "attr_*" fields of `form` by the visit's attribution: what the first page of the
 * visit carried, overridden by this page's parameters and by what the server rendered (`visitAttribution`). The one
 * code path of every public form that posts attribution (the enquiry forms' and the visit booking's islands).
 */
export function addAttribution(form: HTMLFormElement): void {
  const rendered: HTMLInputElement[] = [];
  const fallback: Attribution = {};
  for (const key of ATTRIBUTION_FIELDS) {
    const input = form.elements.namedItem(attributionFieldName(key));
    if (!(input instanceof HTMLInputElement) || input.type !== "hidden") continue;
    rendered.push(input);
    fallback[key] = input.value;
  }
  const fields = document.createDocumentFragment();
  for (const [key, value] of Object.entries(visitAttribution(fallback))) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = attributionFieldName(key);
    input.value = value;
    fields.append(input);
  }
  // Where the markup has them: after the honeypot.
  const anchor = rendered[0] ?? form.querySelector('input[name="website"]')?.closest("[aria-hidden]")?.nextSibling;
  (anchor?.parentNode ?? form).insertBefore(fields, anchor ?? null);
  for (const input of rendered) input.remove();
}

const CAMPAIGN_KEY = "lead.campaign";

/**
 * The form field of the campaign page a visit began on (its URL slug, "snapchat/shati"): the checkout posts it so a
 * first-time online buyer's lead opens under that campaign, as the campaign page's own enquiry does
 * (docs/payments.md "Counted").
 */
export const VISIT_CAMPAIGN_FIELD = "campaign";

/** Browser only: keeps campaign page `slug` for the visit (sessionStorage), unless an earlier one is kept. */
export function rememberCampaignPage(slug: string): void {
  try {
    if (slug && !window.sessionStorage.getItem(CAMPAIGN_KEY)) window.sessionStorage.setItem(CAMPAIGN_KEY, slug);
  } catch {
    // storage refused: nothing kept
  }
}

/**
 * Browser only: the whole visit's attribution in `form` (`addAttribution`) and, when the visit began on a campaign
 * page and the form carries none yet, that page's slug as a hidden VISIT_CAMPAIGN_FIELD.
 */
export function addVisitOrigin(form: HTMLFormElement): void {
  addAttribution(form);
  let slug: string | null = null;
  try {
    slug = window.sessionStorage.getItem(CAMPAIGN_KEY);
  } catch {
    slug = null;
  }
  if (!slug || form.elements.namedItem(VISIT_CAMPAIGN_FIELD)) return;
  const input = document.createElement("input");
  input.type = "hidden";
  input.name = VISIT_CAMPAIGN_FIELD;
  input.value = slug;
  form.prepend(input);
}
