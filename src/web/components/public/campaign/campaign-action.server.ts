/**
 * The campaign page's contact action (SPEC §2.8, §4.6, §5.1, §8.4; issue 6). Reads the posted form, validates it
 * with the shared contactSchema as a campaign lead (landingPageId: name, email and phone required, message optional),
 * adds the campaign (from the page's own lookup, never from the form) and the attribution fields, and posts it to
 * POST /api/contact in-process. Returns the result and the HTTP status for the route (ok 200, invalid 400, 429, 502).
 */
import { contactSchema, EMAIL_REQUIRED, PHONE_REQUIRED } from "../../../../domain/schemas/contact.ts";
import { TEXTS } from "../../../../domain/texts.ts";
import type { ApiInit } from "../../../context.ts";
import type { ContactActionResult } from "../../../lib/contact-result.ts";
import { attributionFromForm } from "./attribution.ts";

type Api = (path: string, init?: ApiInit) => Promise<Response>;

const FIELDS = ["name", "email", "phone", "message"] as const;

export async function handleCampaignContact(
  request: Request,
  api: Api,
  target: { landingPageId: number; campaignId: number },
): Promise<{ result: ContactActionResult; status: number }> {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  const honeypot = form.get("website");
  const attribution = attributionFromForm(form);
  const payload = {
    name: values.name,
    email: values.email,
    phone: values.phone,
    message: values.message,
    website: typeof honeypot === "string" ? honeypot : undefined,
    landingPageId: target.landingPageId,
    campaignId: target.campaignId,
    ...(Object.keys(attribution).length ? { attribution } : {}),
  };

  const parsed = contactSchema.safeParse(payload);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    if (!values.name.trim()) fieldErrors.name = TEXTS.nameRequired;
    if (!values.email.trim()) fieldErrors.email = EMAIL_REQUIRED;
    if (!values.phone.trim()) fieldErrors.phone = PHONE_REQUIRED;
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] = issue.message;
    return {
      status: 400,
      result: { ok: false, reason: "invalid", fieldErrors, formError: TEXTS.requiredFieldsMissing, values },
    };
  }

  let response: Response;
  try {
    response = await api("/api/contact", { method: "POST", body: payload });
  } catch {
    return { status: 502, result: { ok: false, reason: "failed", fieldErrors: {}, values } };
  }
  if (response.ok) return { status: 200, result: { ok: true, sentAt: Date.now() } };
  const body = (await response.json().catch(() => null)) as { message?: unknown; fields?: unknown } | null;
  if (response.status === 429) {
    const message = typeof body?.message === "string" ? body.message : undefined;
    return { status: 429, result: { ok: false, reason: "rate-limited", fieldErrors: {}, formError: message, values } };
  }
  if (response.status === 400 && body && typeof body.fields === "object" && body.fields !== null) {
    const fieldErrors: Record<string, string> = {};
    for (const [key, value] of Object.entries(body.fields)) if (typeof value === "string") fieldErrors[key] = value;
    return { status: 400, result: { ok: false, reason: "invalid", fieldErrors, values } };
  }
  return { status: 502, result: { ok: false, reason: "failed", fieldErrors: {}, values } };
}
