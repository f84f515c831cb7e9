/**
 * The admin shell (SPEC §2.10), a client-only layout route: it waits for the session startup check (SPEC §4.1),
 * sends a signed-out visitor to /admin/login (remembering where they were going), and frames every admin screen
 * with the top bar, the permission-filtered side menu (collapsible; an off-canvas drawer below 768 px) and the
 * session banners (and the operator's: example values, the licence enforcement's grace period).
 */
import { useEffect, useState } from "react";
import { Outlet, redirect, useLocation, useNavigate } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import { EnforcementBanner } from "~/admin/compliance/enforcement-banner.tsx";
import { ExampleValuesBanner } from "~/admin/site-setup/example-values-banner.tsx";
import { useSite } from "~/root.tsx";
import { cn } from "~/shared/lib/cn.ts";
import { useCurrentUserQuery } from "~/shared/session/auth-api.ts";
import { LOGIN_PATH, storeRedirect } from "~/shared/session/auth-redirect.ts";
import { ensureSessionStarted } from "~/shared/session/auth-session.ts";
import { SessionBanners } from "~/shared/session/session-banners.tsx";
import { Dialog, DialogDrawerContent, DialogTitle } from "~/shared/ui/dialog.tsx";
import type { Route } from "./+types/shell";
import { AdminNav } from "./admin-nav.tsx";
import { AdminProviders } from "./admin-providers.tsx";
import { AdminShellSkeleton } from "./admin-shell-skeleton.tsx";
import { AdminTopBar } from "./admin-top-bar.tsx";
import { NotificationBell } from "./notification-bell.tsx";
import { useSession } from "./session-provider.tsx";
import { useIsMobile } from "./use-media-query.ts";

const ACCOUNT_PATH = "/admin/account";

/** Waits for the session; without a user, stores the requested address and redirects to the login page. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = await ensureSessionStarted();
  if (session.status !== "authenticated") {
    const url = new URL(request.url);
    storeRedirect(`${url.pathname}${url.search}`);
    throw redirect(LOGIN_PATH);
  }
  return null;
}
clientLoader.hydrate = true as const;

/** The shell skeleton while the session check runs (SPEC §2.10: nothing is shown while loading). */
export function HydrateFallback() {
  return <AdminShellSkeleton />;
}

export default function AdminShell() {
  return (
    <AdminProviders>
      <ShellFrame />
    </AdminProviders>
  );
}

function ShellFrame() {
  const site = useSite();
  const { status, user, banner, logout } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  // The session can end while the shell is open (logout, or a refresh the server rejected).
  useEffect(() => {
    if (status !== "anonymous") return;
    if (banner === "expired") storeRedirect(`${location.pathname}${location.search}`);
    navigate(LOGIN_PATH, { replace: true });
  }, [status, banner, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  // A role that requires two-factor sign-in: until the user enrols, the server answers only their account routes.
  const me = useCurrentUserQuery({ enabled: status === "authenticated" });
  const mustEnrol = me.data?.twoFactorSetupRequired === true;
  useEffect(() => {
    if (mustEnrol && location.pathname !== ACCOUNT_PATH) navigate(ACCOUNT_PATH, { replace: true });
  }, [mustEnrol, location.pathname, navigate]);

  if (status !== "authenticated" || !user) return <AdminShellSkeleton />;

  const onLogout = () => {
    setLoggingOut(true);
    void logout().finally(() => setLoggingOut(false));
  };

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:font-bold"
      >
        {TEXTS.skipToContent}
      </a>
      <SessionBanners />
      <AdminTopBar
        logo={site.logo}
        siteName={site.name}
        userName={user.name || user.username}
        collapsed={collapsed}
        drawerOpen={drawerOpen}
        onToggleCollapsed={() => setCollapsed((value) => !value)}
        onOpenDrawer={() => setDrawerOpen(true)}
        onLogout={onLogout}
        loggingOut={loggingOut}
        actions={<NotificationBell />}
      />
      <div className="flex flex-1">
        <aside
          id="admin-sidebar"
          className={cn(
            "hidden shrink-0 border-e border-brand-100 bg-surface transition-[width] md:block",
            collapsed ? "w-18" : "w-64",
          )}
        >
          <AdminNav user={user} collapsed={collapsed} className="sticky top-16 p-3" />
        </aside>
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          <ExampleValuesBanner />
          <EnforcementBanner />
          <Outlet />
        </main>
      </div>
      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogDrawerContent aria-describedby={undefined}>
          <DialogTitle className="pe-10 text-brand-700">{TEXTS.adminProductName}</DialogTitle>
          <AdminNav user={user} onNavigate={() => setDrawerOpen(false)} />
        </DialogDrawerContent>
      </Dialog>
    </div>
  );
}
