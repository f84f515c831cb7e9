/**
 * /admin/contact-messages, SPEC §2.10's «رسائل التواصل»: a redirect to the one leads list «العملاء» (/admin/leads;
 * docs/decisions/070-one-leads-list.md). The old screen's filters keep their meaning there under the same names —
 * search, source, projectId, landingPageId, campaignId, duplicate, delivery, from, to — and anything else is dropped.
 * The URL is replaced, so «رجوع» does not come back to the redirect. Client-only route.
 */
import { redirect } from "react-router";
import { clientOnly } from "~/admin/common/client-only.tsx";
import { CONTACT_FILTER_KEYS } from "./api.ts";

/** The leads list URL for a messages-screen URL's `search` part. */
export function leadsUrlFor(search: string): string {
  const from = new URLSearchParams(search);
  const to = new URLSearchParams();
  for (const key of CONTACT_FILTER_KEYS) {
    const value = from.get(key)?.trim();
    if (value) to.set(key, value);
  }
  const query = to.toString();
  return query ? `/admin/leads?${query}` : "/admin/leads";
}

const route = clientOnly({ title: "العملاء" });
export const { HydrateFallback, meta } = route;

export async function clientLoader({ request }: { request: Request }) {
  return redirect(leadsUrlFor(new URL(request.url).search));
}
clientLoader.hydrate = true as const;

export default function ContactMessagesRedirect() {
  return null;
}
