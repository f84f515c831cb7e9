/**
 * The filters SPEC's enquiries list and export understand (contactListQuerySchema's names; GET
 * /api/contact/messages and /api/contact/messages/export), shared by the leads list's export and the old messages
 * URL's redirect (contact-messages.tsx, through `leadsUrlFor`). Each is a filter of the leads list too (api.ts reads
 * `LeadFilters` by these keys, so the compiler holds them to its names).
 */
export const CONTACT_FILTER_KEYS = [
  "search",
  "source",
  "projectId",
  "landingPageId",
  "campaignId",
  "duplicate",
  "delivery",
  "from",
  "to",
] as const;

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
