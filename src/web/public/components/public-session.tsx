/**
 * The session banners of SPEC §2.2 / §4.1 on the public pages. Visitors without any sign of a staff session (no stored
 * user, no marker cookie) load nothing more; otherwise the session check and the banners are loaded on demand, so
 * the admin's fetch client never weighs on a visitor's first page.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { mayHaveStaffSession } from "~/shared/session/staff-session-hint.ts";

const SessionCheck = lazy(() => import("./public-session-check.tsx"));

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function PublicSessionBanners() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (mayHaveStaffSession(localStorageOrNull(), document.cookie)) setActive(true);
  }, []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SessionCheck />
    </Suspense>
  );
}
