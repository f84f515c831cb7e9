/**
 * /admin/contact-messages, SPEC §2.10's «رسائل التواصل»: a redirect to the one leads list «العملاء» (/admin/leads;
 * docs/decisions/070-one-leads-list.md). The old screen's filters keep their meaning there under the same names —
 * search, source, projectId, landingPageId, campaignId, duplicate, delivery, from, to — and anything else is dropped.
 * The URL is replaced, so «رجوع» does not come back to the redirect. Client-only route.
 */
import { redirect } from "react-router";
import { clientOnly } from "~/admin/common/client-only.tsx";
// The helper lives in a module of its own: React Router moves `clientLoader` into a chunk of its own and leaves
// behind a function declared beside it here ("leadsUrlFor is not defined" in the built app).
import { leadsUrlFor } from "./contact-filters.ts";

const route = clientOnly({ title: "العملاء" });
export const { HydrateFallback, meta } = route;

export async function clientLoader({ request }: { request: Request }) {
  return redirect(leadsUrlFor(new URL(request.url).search));
}
clientLoader.hydrate = true as const;

export default function ContactMessagesRedirect() {
  return null;
}
