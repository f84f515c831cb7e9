/**
 * The entrance animation of SPEC §1: two doors over the page with the logo in front; the doors open at ~0.8 s, the
 * logo fades at ~1.4 s and the overlay is gone at ~2.6 s; a click after 0.8 s ends it in ~0.7 s.
 * Once per browser session (sessionStorage), never on /admin, skipped for reduced motion (public/lib/entrance.ts).
 * It mounts only after hydration, so the server HTML is never hidden behind it and the first paint is the page
 * itself. It is decorative (aria-hidden) and never takes focus.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ENTRANCE } from "#domain/constants.ts";
import { ENTRANCE_STORAGE_KEY, remainingAfterClick, shouldPlayEntrance } from "~/public/lib/entrance.ts";
import { cn } from "~/shared/lib/cn.ts";

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Props: the logo shown in the middle of the doors. */
export function EntranceAnimation({ logo }: { logo: string }) {
  const { pathname } = useLocation();
  const [phase, setPhase] = useState<"off" | "playing" | "closing">("off");
  const startedAt = useRef(0);
  // Decided once, on the first client render of the session's first page.
  const initialPath = useRef(pathname);

  useEffect(() => {
    const storage = sessionStorageOrNull();
    const reducedMotion =
      typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!shouldPlayEntrance({ pathname: initialPath.current, reducedMotion, storage })) return;
    try {
      storage?.setItem(ENTRANCE_STORAGE_KEY, "1");
    } catch {
      return;
    }
    startedAt.current = performance.now();
    setPhase("playing");
    const timer = window.setTimeout(() => setPhase("off"), ENTRANCE.endMs);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (phase !== "closing") return;
    const remaining = remainingAfterClick(performance.now() - startedAt.current) ?? ENTRANCE.clickEndMs;
    const timer = window.setTimeout(() => setPhase("off"), remaining);
    return () => window.clearTimeout(timer);
  }, [phase]);

  // A click anywhere (the overlay covers the page, so it is the target) shortens it; a decorative overlay takes
  // no focus and keyboard users are never blocked, since it ends by itself.
  useEffect(() => {
    if (phase !== "playing") return;
    const onClick = () => {
      if (remainingAfterClick(performance.now() - startedAt.current) !== null) setPhase("closing");
    };
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, [phase]);

  if (phase === "off") return null;

  return (
    <div
      aria-hidden="true"
      data-testid="entrance"
      data-phase={phase}
      className={cn("entrance fixed inset-0 z-[100] overflow-hidden", phase === "closing" && "entrance-closing")}
    >
      <div className="entrance-door entrance-door-start absolute inset-y-0 start-0 w-1/2 bg-brand-900" />
      <div className="entrance-door entrance-door-end absolute inset-y-0 end-0 w-1/2 bg-brand-900" />
      <div className="entrance-logo absolute inset-0 grid place-items-center">
        <div className="rounded-3xl bg-white px-8 py-6 shadow-2xl">
          <img src={logo} alt="" width={180} height={56} className="h-14 w-auto" />
        </div>
      </div>
    </div>
  );
}
