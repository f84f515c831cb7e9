/**
 * The loading indicator of client-side navigations between public pages (SPEC §2.4–§2.8 loading texts): a thin bar
 * at the top and the page's loading text, announced politely. Nothing shows for the first (server-rendered) page.
 */
import { useLocation, useNavigation } from "react-router";
import { pendingText } from "~/public/lib/pending-text.ts";

export function PendingNavigation() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.state === "loading" ? navigation.location : null;
  // Same-page changes (the units filter, a search, a form's revalidation) have their own feedback.
  const show = target !== null && navigation.formMethod === undefined && target.pathname !== pathname;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      {show && (
        <div className="grid justify-items-center">
          <div className="h-1 w-full animate-pulse bg-accent-400" />
          <p className="mt-2 rounded-full bg-brand-900 px-4 py-1.5 text-sm font-medium text-white shadow">
            {pendingText(target.pathname)}
          </p>
        </div>
      )}
    </div>
  );
}
