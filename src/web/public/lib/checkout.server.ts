/**
 * The checkout pages' server side (docs/payments.md "Checkout"): the deposit a project offers (GET
 * /api/projects/{id}/deposit-offer in process; null when none or the answer failed, so a unit page never fails for
 * it), the checkout form's plain POST (sent on to POST /api/checkout: a started checkout → a redirect to the gateway's
 * hosted page; bad fields, a held unit «محجوزة حتى …», a pending checkout of the same person → their Arabic messages
 * with the values kept), and the buyer's return (POST /api/checkout/{token}/confirm). The form carries, as the
 * enquiry form does, the ad link's attribution ("attr_*" fields, docs/product.md §10.4) and the buyer's affordability
 * estimate ("estimate.*" fields, docs/affordability.md "Kept with an enquiry"), which the unit page's «احجز الآن
 * بعربون» form puts in the checkout page's address (`carriedFields`).
 */
import { data } from "react-router";
import type { CheckoutView } from "#domain/checkout.ts";
import type { ApiInit } from "~/context.ts";
import {
  ATTRIBUTION_FIELDS,
  type Attribution,
  attributionFieldName,
  attributionFrom,
  attributionFromForm,
  VISIT_CAMPAIGN_FIELD,
} from "~/public/campaign/attribution.ts";
import { AFFORDABILITY_INPUTS, ESTIMATE_FIELD_PREFIX } from "~/public/widgets/affordability/contract.ts";
import { estimateFromForm } from "./contact-action.server.ts";

type Api = (path: string, init?: ApiInit) => Promise<Response>;

export interface DepositOffer {
  depositSar: number;
  termsText: string;
  refundWindowDays: number;
  daysToSign: number;
}

export async function loadDepositOffer(api: Api, projectId: number): Promise<DepositOffer | null> {
  const res = await api(`/api/projects/${projectId}/deposit-offer`).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json()) as DepositOffer;
  return {
    depositSar: body.depositSar,
    termsText: body.termsText,
    refundWindowDays: body.refundWindowDays,
    daysToSign: body.daysToSign,
  };
}

/**
 * The hidden fields the checkout form carries from its page's address `url`: the attribution the unit page sent as
 * "attr_*" (or an ad link's own UTM parameters and click ids on the checkout address), the campaign page the visit
 * began on ("campaign", its URL slug) and the calculator's "estimate.*" inputs. Field name → value; values are cut to the enquiry form's lengths.
 */
export function carriedFields(url: URL): Record<string, string> {
  const fields: Record<string, string> = {};
  const attribution: Attribution = { ...attributionFrom(url, null) };
  for (const key of ATTRIBUTION_FIELDS) {
    const value = url.searchParams.get(attributionFieldName(key))?.trim();
    if (value) attribution[key] = value.slice(0, key === "referrer" ? 2000 : 500);
  }
  for (const [key, value] of Object.entries(attribution)) if (value) fields[attributionFieldName(key)] = value;
  const campaign = url.searchParams.get(VISIT_CAMPAIGN_FIELD)?.trim();
  if (campaign) fields[VISIT_CAMPAIGN_FIELD] = campaign.slice(0, 200);
  for (const name of AFFORDABILITY_INPUTS) {
    const value = url.searchParams.get(`${ESTIMATE_FIELD_PREFIX}${name}`);
    if (value) fields[`${ESTIMATE_FIELD_PREFIX}${name}`] = value.slice(0, 30);
  }
  return fields;
}

/** What a refused post shows. */
export interface CheckoutFormResult {
  ok: false;
  formError?: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

export type CheckoutPostOutcome = { redirect: string } | { result: CheckoutFormResult; status: number };

const FAILED = "تعذّر إرسال الطلب، يرجى المحاولة مرة أخرى.";
const VALUES = ["name", "phone", "email", "nationalId"] as const;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * POST of the checkout form of unit `unitId` (fields name, phone, email, nationalId, acceptTerms, marketingConsent,
 * and the carried "attr_*", "campaign" and "estimate.*").
 */
export async function postCheckout(request: Request, api: Api, unitId: number): Promise<CheckoutPostOutcome> {
  const form = await request.formData();
  const values = Object.fromEntries(VALUES.map((name) => [name, text(form, name)]));
  const attribution = attributionFromForm(form);
  const estimate = estimateFromForm(form);
  const campaign = text(form, VISIT_CAMPAIGN_FIELD).trim();
  const payload = {
    unitId,
    ...values,
    ...(form.get("acceptTerms") === "on" ? { acceptTerms: true } : {}),
    ...(form.get("marketingConsent") === "on" ? { marketingConsent: true } : {}),
    ...(Object.keys(attribution).length ? { attribution } : {}),
    ...(estimate ? { estimate } : {}),
    ...(campaign ? { campaign } : {}),
  };
  const response = await api("/api/checkout", { method: "POST", body: payload }).catch(() => null);
  if (response?.status === 201) {
    const { url } = (await response.json()) as { url: string };
    return { redirect: url };
  }
  const body = (await response?.json().catch(() => null)) as {
    message?: unknown;
    fields?: Record<string, unknown>;
  } | null;
  const fieldErrors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body?.fields ?? {})) {
    if (typeof value === "string") fieldErrors[key] = value;
  }
  const status = response && [400, 409, 429, 503].includes(response.status) ? response.status : 502;
  const formError =
    status === 400
      ? undefined
      : (fieldErrors.unitId ?? (typeof body?.message === "string" && status !== 502 ? body.message : FAILED));
  return { status, result: { ok: false, formError, fieldErrors, values } };
}

/** The buyer's return: settles the checkout if the gateway says it is paid, and reads it. Null: unknown token. */
export async function confirmCheckout(api: Api, token: string): Promise<CheckoutView | null> {
  const res = await api(`/api/checkout/${encodeURIComponent(token)}/confirm`, { method: "POST", body: {} });
  if (res.status === 404 || res.status === 400) return null;
  // Anything else (the API failing) is the error page's 502, as the campaign page answers.
  if (!res.ok) throw data(null, { status: 502 });
  return (await res.json()) as CheckoutView;
}
