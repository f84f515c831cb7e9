/**
 * /admin/login (SPEC §2.9), a client-only route: a signed-in user goes straight to their home (/admin; a sales agent's
 * «عملائي»); otherwise the login
 * form with the session banners (the red one explains why the visitor is here).
 */
import { redirect } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import { useSite } from "~/root.tsx";
import { homePathOf } from "~/shared/session/auth-redirect.ts";
import { ensureSessionStarted } from "~/shared/session/auth-session.ts";
import { SessionBanners } from "~/shared/session/session-banners.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { AdminProviders } from "./admin-providers.tsx";
import { LoginForm } from "./login-form.tsx";

/** Waits for the session check; a signed-in user is redirected to their home (auth-redirect.ts homePathOf). */
export async function clientLoader() {
  const session = await ensureSessionStarted();
  if (session.status === "authenticated") throw redirect(homePathOf(session.user?.role));
  return null;
}
clientLoader.hydrate = true as const;

/** Document title; the page is not indexed. */
export function meta() {
  return [{ title: TEXTS.loginHeading }, { name: "robots", content: "noindex" }];
}

/** Placeholder card while the session check runs. */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas p-4" aria-busy="true">
      <p className="sr-only" role="status">
        {TEXTS.sessionLoading}
      </p>
      <Skeleton className="h-96 w-full max-w-sm rounded-2xl" />
    </div>
  );
}

export default function LoginRoute() {
  const site = useSite();
  return (
    <AdminProviders>
      <div className="flex min-h-dvh flex-col bg-canvas">
        <SessionBanners />
        <main className="flex flex-1 items-center justify-center p-4">
          <section
            aria-labelledby="login-heading"
            className="flex w-full max-w-sm flex-col gap-6 rounded-2xl border border-brand-100 bg-surface p-6 shadow-sm sm:p-8"
          >
            <header className="flex flex-col items-center gap-3 text-center">
              <img src={site.logo} alt={site.name} className="h-14 w-auto" />
              <h1 id="login-heading" className="text-2xl font-bold text-ink">
                {TEXTS.loginHeading}
              </h1>
              <p className="text-sm text-muted">{TEXTS.loginSubtitle}</p>
            </header>
            <LoginForm />
          </section>
        </main>
      </div>
    </AdminProviders>
  );
}
