/**
 * The two session banners of SPEC §2.2 / §4.1: the red "session expired" banner with a button to /admin/login,
 * and the connection-issue banner. Reads the session store directly, so the public layout can render it too
 * without the admin providers.
 */
import { AlertTriangleIcon, WifiOffIcon, XIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";
import { LOGIN_PATH } from "./auth-redirect.ts";
import { sessionStore } from "./auth-store.ts";
import { useSessionSnapshot } from "./use-session.ts";

/** Renders the current session banner, if any (expired: role=alert; connection: role=status, dismissible). */
export function SessionBanners({ className }: { className?: string }) {
  const { banner } = useSessionSnapshot();
  const { pathname } = useLocation();
  if (!banner) return null;

  if (banner === "expired") {
    const onLoginPage = pathname.replace(/\/$/, "") === LOGIN_PATH;
    return (
      <div
        role="alert"
        data-slot="session-banner"
        className={cn("flex flex-wrap items-center justify-center gap-3 bg-danger px-4 py-2 text-white", className)}
      >
        <AlertTriangleIcon aria-hidden="true" className="size-5 shrink-0" />
        <p className="text-sm font-bold">{TEXTS.sessionExpired}</p>
        {onLoginPage ? null : (
          <Button
            asChild
            size="sm"
            variant="outline"
            className="border-white/60 bg-transparent text-white hover:bg-white/10"
          >
            <Link to={LOGIN_PATH}>{TEXTS.loginAgain}</Link>
          </Button>
        )}
      </div>
    );
  }

  return (
    <div
      role="status"
      data-slot="session-banner"
      className={cn("flex items-center justify-center gap-3 bg-warning/10 px-4 py-2 text-warning", className)}
    >
      <WifiOffIcon aria-hidden="true" className="size-5 shrink-0" />
      <p className="text-sm font-bold">{TEXTS.connectionIssue}</p>
      <button
        type="button"
        onClick={sessionStore.dismissBanner}
        aria-label={TEXTS.close}
        className="rounded-md p-1 hover:bg-warning/10 [&_svg]:size-4"
      >
        <XIcon aria-hidden="true" />
      </button>
    </div>
  );
}
