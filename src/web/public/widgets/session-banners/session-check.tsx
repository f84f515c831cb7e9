/**
 * Rendered by session-banners-root.tsx (loaded on demand, the one React island): runs the startup session check once (shared/session/auth-session.ts) and renders the
 * shared session banners (expired, connection issue).
 */
import { useEffect } from "react";
import { ensureSessionStarted } from "~/shared/session/auth-session.ts";
import { SessionBanners } from "~/shared/session/session-banners.tsx";

export default function PublicSessionCheck() {
  useEffect(() => {
    void ensureSessionStarted();
  }, []);
  return <SessionBanners />;
}
