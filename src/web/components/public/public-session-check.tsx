/**
 * Loaded on demand by public-session.tsx: runs the startup session check once (lib/auth-session.ts) and renders the
 * shared session banners (expired, connection issue).
 */
import { useEffect } from "react";
import { SessionBanners } from "~/components/admin/session-banners.tsx";
import { ensureSessionStarted } from "~/lib/auth-session.ts";

export default function PublicSessionCheck() {
  useEffect(() => {
    void ensureSessionStarted();
  }, []);
  return <SessionBanners />;
}
