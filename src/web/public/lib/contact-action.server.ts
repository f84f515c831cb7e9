/**
 * The one action behind the three public contact forms (home, project page, update page): SPEC §4.6, §5.1, §8.4;
 * ARCHITECTURE resolutions 3 and 4. Reads the posted form, validates it with the shared `contactSchema`
 * (the payload's reference decides the rules), and posts it to POST /api/contact in-process.
 * Works without JavaScript: the form is a plain POST to the page's own route action.
 */
import { contactSchema, EMAIL_REQUIRED, PHONE_OR_EMAIL_REQUIRED, PHONE_REQUIRED } from "#domain/schemas/contact.ts";
import { TEXTS } from "#domain/texts.ts";
import type { ApiInit } from "~/context.ts";
import { attributionFromForm } from "~/public/campaign/attribution.ts";
import { AFFORDABILITY_INPUTS, ESTIMATE_FIELD_PREFIX } from "~/public/widgets/affordability/contract.ts";
import { type ContactActionResult, type ContactFormKind, ELAPSED_FIELD } from "./contact-result.ts";
import { CONTACT_TEXTS } from "./contact-texts.ts";

export type { ContactActionResult, ContactFormKind };

type Api = (path: string, init?: ApiInit) => Promise<Response>;

const FIELDS = ["name", "email", "phone", "message"] as const;

/**
 * Handles a contact form POST.
 * - kind "home": name, email, phone, message required (no reference);
 * - kind "project"/"update": name and message required and phone or email; `reference` is the project or update id,
 *   sent as projectReference / updateReference; a unit page adds `unit` (unitReference). A missing required field
 *   gives "يرجى ملء جميع الحقول المطلوبة".
 * Returns the result and the HTTP status the route should answer with (201 → 200, invalid → 400, 429, other → 502).
 */
export async function handleContactAction(
  request: Request,
  api: Api,
  target: { kind: ContactFormKind; reference?: number; unit?: number },
): Promise<{ result: ContactActionResult; status: number }> {
  const { values, base } = await readContactForm(request);
  const payload = {
    ...base,
    ...(target.kind === "project" && target.reference !== undefined ? { projectReference: target.reference } : {}),
    ...(target.kind === "update" && target.reference !== undefined ? { updateReference: target.reference } : {}),
    // A unit page's enquiry carries its unit (docs/decisions/077-public-availability-and-unit-pages.md).
    ...(target.kind === "project" && target.unit !== undefined ? { unitReference: target.unit } : {}),
  };

  const parsed = contactSchema.safeParse(payload);
  if (!parsed.success) {
    // zod skips the schema's cross-field refinement while a field is invalid, so the "required" messages are
    // completed here from the same rules; a field's own message (e.g. an invalid phone) wins.
    return invalidResult(values, target.kind, parsed.error.issues);
  }

  return postContact(api, payload, values);
}

/**
 * The 400 result of a form the contact schema refused: the required-field messages of SPEC §5.1 / resolution 4 for
 * empty fields (as the schema words them), then each field's own message from `issues`, and the headline of SPEC
 * §8.4: «يرجى ملء جميع الحقول المطلوبة» when a required field is empty, else «يرجى تصحيح الحقول المحددة» (all filled,
 * some not valid). `kind` "campaign": name, e-mail and phone required, message optional.
 */
export function invalidResult(
  values: Record<string, string>,
  kind: ContactFormKind | "campaign",
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): { result: ContactActionResult; status: number } {
  const fieldErrors: Record<string, string> = {};
  const empty = (name: string) => !values[name]?.trim();
  if (empty("name")) fieldErrors.name = TEXTS.nameRequired;
  if (kind !== "campaign" && empty("message")) fieldErrors.message = TEXTS.messageRequired;
  if (kind === "home" || kind === "campaign") {
    if (empty("email")) fieldErrors.email = EMAIL_REQUIRED;
    if (empty("phone")) fieldErrors.phone = PHONE_REQUIRED;
  } else if (empty("email") && empty("phone")) {
    fieldErrors.phone = PHONE_OR_EMAIL_REQUIRED;
  }
  const missingRequired = Object.keys(fieldErrors).length > 0;
  for (const issue of issues) fieldErrors[String(issue.path[0] ?? "form")] = issue.message;
  return {
    status: 400,
    result: {
      ok: false,
      reason: "invalid",
      fieldErrors,
      formError: missingRequired ? CONTACT_TEXTS.requiredMissing : CONTACT_TEXTS.fieldsToCorrect,
      values,
    },
  };
}

/**
 * Reads the posted contact form: the four fields as strings (values, echoed back on failure) and the payload base
 * for POST /api/contact (fields, honeypot `website`, the island's `elapsedMs` stamp, attribution of docs/product.md
 * §10.4 from the attr_* fields).
 */
export async function readContactForm(request: Request): Promise<{
  values: Record<string, string>;
  base: Record<string, unknown>;
}> {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  const honeypot = form.get("website");
  const elapsed = form.get(ELAPSED_FIELD);
  const attribution = attributionFromForm(form);
  const estimate = estimateFromForm(form);
  return {
    values,
    base: {
      ...(Object.keys(attribution).length ? { attribution } : {}),
      ...values,
      website: typeof honeypot === "string" ? honeypot : undefined,
      // The island's measure of the time between the page's load and the send; no JavaScript, none.
      ...(typeof elapsed === "string" && /^\d{1,9}$/.test(elapsed) ? { elapsedMs: Number(elapsed) } : {}),
      ...(form.get("marketingConsent") === "on" ? { marketingConsent: true } : {}),
      ...(form.get("whatsappOptIn") === "on" ? { whatsappOptIn: true } : {}),
      ...(estimate ? { estimate } : {}),
    },
  };
}

/**
 * The calculator's inputs the page's calculator put beside the form (ESTIMATE_FIELD_PREFIX + the query names of
 * GET /api/affordability: docs/affordability.md "Kept with an enquiry"), or null when there are none.
 */
export function estimateFromForm(form: FormData): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const name of AFFORDABILITY_INPUTS) {
    const value = form.get(`${ESTIMATE_FIELD_PREFIX}${name}`);
    if (typeof value === "string") out[name] = value.slice(0, 30);
  }
  return Object.keys(out).length ? out : null;
}

/**
 * Posts a validated contact payload to POST /api/contact in-process and maps the answer for the route:
 * ok → 200; 429 with the server's Arabic message; 400 with its field messages; anything else (or no answer) → 502.
 */
export async function postContact(
  api: Api,
  payload: Record<string, unknown>,
  values: Record<string, string>,
): Promise<{ result: ContactActionResult; status: number }> {
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
