/**
 * The loading text of SPEC §2.4–§2.8 for a page being navigated to. Public pages are rendered on the server with
 * their data, so these texts show only while a client-side navigation waits for the next page's data.
 */
import { TEXTS } from "#domain/texts.ts";

/** The Arabic loading text for a target path (e.g. "/project/3" → "جاري تحميل تفاصيل المشروع..."). */
export function pendingText(pathname: string): string {
  if (pathname === "/all-projects") return TEXTS.projectsLoading;
  if (pathname === "/all-updates") return TEXTS.updatesLoading;
  if (pathname.startsWith("/project/")) return TEXTS.projectLoading;
  if (pathname.startsWith("/update/")) return TEXTS.updateLoading;
  return TEXTS.pageLoading;
}
