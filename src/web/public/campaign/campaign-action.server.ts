/**
 * The campaign page's contact action (SPEC §2.8, §4.6, §5.1, §8.4; docs/product.md §10.4). Reads the posted form, validates it
 * with the shared contactSchema as a campaign lead (landingPageId: name, email and phone required, message optional),
 * adds the campaign (from the page's own lookup, never from the form) and the attribution fields, and posts it to
 * POST /api/contact in-process. Returns the result and the HTTP status for the route (ok 200, invalid 400, 429, 502);
 * an invalid form is headed «يرجى ملء جميع الحقول المطلوبة» only when a required field is empty (invalidResult).
 */
import { contactSchema } from "#domain/schemas/contact.ts";
import type { ApiInit } from "~/context.ts";
import { invalidResult, postContact, readContactForm } from "~/public/lib/contact-action.server.ts";
import type { ContactActionResult } from "~/public/lib/contact-result.ts";

type Api = (path: string, init?: ApiInit) => Promise<Response>;

export async function handleCampaignContact(
  request: Request,
  api: Api,
  target: { landingPageId: number; campaignId: number },
): Promise<{ result: ContactActionResult; status: number }> {
  const { values, base } = await readContactForm(request);
  const payload = { ...base, landingPageId: target.landingPageId, campaignId: target.campaignId };

  const parsed = contactSchema.safeParse(payload);
  if (!parsed.success) return invalidResult(values, "campaign", parsed.error.issues);

  return postContact(api, payload, values);
}
