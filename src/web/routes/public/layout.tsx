/**
 * The shared public layout (SPEC §2.2): skip link, header, main landmark, footer and the WhatsApp button.
 * Used by every public route and by the catch-all not-found route.
 */
import { Outlet } from "react-router";
import { SiteFooter } from "~/components/public/site-footer.tsx";
import { SiteHeader } from "~/components/public/site-header.tsx";
import { WhatsAppButton } from "~/components/public/whatsapp-button.tsx";
import { useSite } from "~/root.tsx";
import "~/components/public/public.css";

export default function PublicLayout() {
  const site = useSite();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-bold text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        تخطَّ إلى المحتوى
      </a>
      <SiteHeader site={site} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter site={site} />
      <WhatsAppButton phone={site.whatsapp} />
    </div>
  );
}
