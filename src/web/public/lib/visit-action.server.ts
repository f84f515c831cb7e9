/**
 * The booking page's and the manage page's form posts (docs/decisions/088-site-visits.md): plain POSTs to the route
 * actions (they work before any JavaScript runs), sent on to POST /api/visits and /api/visits/manage/{token}/… in
 * process. The answers are mapped for the page: a booking → a redirect to its manage page (`?booked=1`), a full or
 * past slot → the Arabic message with the next free times, bad fields → their Arabic messages with the values kept.
 */
import type { ApiInit } from "~/context.ts";
import { attributionFromForm } from "~/public/campaign/attribution.ts";

type Api = (path: string, init?: ApiInit) => Promise<Response>;

/** What a failed post shows. */
export interface VisitFormResult {
  ok: false;
  formError?: string;
  fieldErrors: Record<string, string>;
  /** The next free times after a 409. */
  nextSlots: string[];
  values: Record<string, string>;
}

/** The outcome of a post: where to go next, or what to show. */
export type VisitPostOutcome = { redirect: string } | { result: VisitFormResult; status: number };

const FAILED = "تعذّر إرسال الطلب، يرجى المحاولة مرة أخرى.";
const VALUES = ["name", "phone", "email", "startsAt"] as const;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

async function failure(response: Response | null, values: Record<string, string>): Promise<VisitPostOutcome> {
  const body = (await response?.json().catch(() => null)) as {
    message?: unknown;
    fields?: Record<string, unknown>;
    nextSlots?: { startsAt: string }[];
  } | null;
  const fieldErrors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body?.fields ?? {}))
    if (typeof value === "string") fieldErrors[key] = value;
  const status = response && [400, 404, 409, 429].includes(response.status) ? response.status : 502;
  return {
    status,
    result: {
      ok: false,
      formError:
        typeof body?.message === "string" && status !== 400 ? body.message : status === 502 ? FAILED : undefined,
      fieldErrors,
      nextSlots: (body?.nextSlots ?? []).map((s) => s.startsAt),
      values,
    },
  };
}

/**
 * POST of the booking form of project `projectId` (fields name, phone, email, startsAt, consent, origin ids, and the
 * attribution's "attr_*" fields read as the enquiry form's are: campaign/attribution.ts `attributionFromForm`).
 */
export async function postBooking(request: Request, api: Api, projectId: number): Promise<VisitPostOutcome> {
  const form = await request.formData();
  const values = Object.fromEntries(VALUES.map((name) => [name, text(form, name)]));
  const id = (name: string) => (/^\d{1,9}$/.test(text(form, name)) ? Number(text(form, name)) : undefined);
  const attribution = attributionFromForm(form);
  const payload = {
    projectId,
    startsAt: values.startsAt,
    name: values.name,
    phone: values.phone,
    ...(values.email ? { email: values.email } : {}),
    ...(id("unitId") ? { unitId: id("unitId") } : {}),
    ...(id("landingPageId") ? { landingPageId: id("landingPageId") } : {}),
    ...(id("campaignId") ? { campaignId: id("campaignId") } : {}),
    ...(Object.keys(attribution).length ? { attribution } : {}),
    ...(form.get("marketingConsent") === "on" ? { marketingConsent: true } : {}),
    ...(text(form, "website") ? { website: text(form, "website") } : {}),
  };
  const response = await api("/api/visits", { method: "POST", body: payload }).catch(() => null);
  if (response?.status === 201) {
    const { manageUrl } = (await response.json()) as { manageUrl: string };
    return { redirect: `${new URL(manageUrl).pathname}?booked=1` };
  }
  return failure(response, values);
}

/** POST of the manage page: `intent` "cancel", or "reschedule" with `startsAt`. */
export async function postManage(request: Request, api: Api, token: string): Promise<VisitPostOutcome> {
  const form = await request.formData();
  const values = { startsAt: text(form, "startsAt") };
  const base = `/api/visits/manage/${encodeURIComponent(token)}`;
  const response =
    text(form, "intent") === "cancel"
      ? await api(`${base}/cancel`, { method: "POST", body: {} }).catch(() => null)
      : await api(`${base}/reschedule`, { method: "POST", body: values }).catch(() => null);
  if (response?.ok) {
    const body = (await response.json()) as { manageUrl?: string };
    const next = body.manageUrl ? new URL(body.manageUrl).pathname : `/visit/${encodeURIComponent(token)}`;
    return { redirect: `${next}?changed=1` };
  }
  return failure(response, values);
}
