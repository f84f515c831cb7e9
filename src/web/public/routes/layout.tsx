/**
 * The shared public layout (SPEC §2.2): skip link, session banners (§4.1), header, main landmark, footer, the
 * WhatsApp button (its message names the project or update on those pages) and, on
 * the home page only, the entrance animation of SPEC §1 (docs/decisions/055-entrance-on-the-home-page-only.md). Used by
 * every public route and by the catch-all not-found route.
 */
import { Outlet, useLocation, useMatches } from "react-router";
import { SiteFooter } from "~/public/components/site-footer.tsx";
import { SiteHeader } from "~/public/components/site-header.tsx";
import { WhatsAppButton } from "~/public/components/whatsapp-button.tsx";
import { isEntrancePage } from "~/public/widgets/entrance/entrance.boot.ts";
import { EntranceAnimation } from "~/public/widgets/entrance/entrance.tsx";
import { SessionBannersSlot } from "~/public/widgets/session-banners/session-banners.tsx";
import { useSite, useSiteLinks } from "~/root.tsx";
import { whatsappMessage, whatsappSubject } from "~/shared/lib/whatsapp.ts";

/**
 * Public pages are served as islands (docs/decisions/046-public-pages-as-islands.md): rendered here on the server,
 * enhanced in the browser by the islands registry (src/web/public/islands/registry.ts), never hydrated by React (root.tsx).
 */
export const handle = { islands: true };

export default function PublicLayout() {
  const site = useSite();
  const { origin, phone, whatsappNumber } = useSiteLinks();
  const matches = useMatches();
  const { pathname } = useLocation();
  const message = whatsappMessage(whatsappSubject(matches), `${origin}${pathname}`);

  return (
    // overflow-x-clip: nothing below the first screen (styled only once the rest of the page's CSS is read, see
    // server/pages/critical-css.ts) can widen the page meanwhile; on a phone that widened the layout viewport and the
    // whole page shifted when the rest came (CLS 0.63 on /). Clip, not hidden: the sticky header keeps working.
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      {/* First, so its inline script decides before anything of the page is painted. Only on the home page: the
          pages ads, shares and searches land on show their content from the first paint (no overlay in their HTML). */}
      {isEntrancePage(pathname) && <EntranceAnimation />}
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-bold text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        تخطَّ إلى المحتوى
      </a>
      {/* Where the islands render the session banners for a browser that may hold a staff session. */}
      <SessionBannersSlot />
      <SiteHeader site={site} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter site={site} phone={phone} />
      <WhatsAppButton number={whatsappNumber} text={message} />
    </div>
  );
}
