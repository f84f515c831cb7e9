/**
 * The entrance animation of SPEC §1: two doors over the page with the logo in front; the doors open at ~0.8 s, the
 * logo fades at ~1.4 s and the overlay is gone at ~2.6 s; a click after 0.8 s ends it in ~0.7 s.
 * Rendered by the public layout on the home page only, once per browser session (sessionStorage), skipped for reduced
 * motion (public/lib/entrance.ts, docs/decisions/055-entrance-on-the-home-page-only.md). The page under it is painted
 * with it (the overlay is a fixed layer over the server HTML, not a gate on it), so the largest paint is the page's.
 * No flash: the overlay is part of the server HTML, hidden by public.css unless the inline script before it (which
 * runs before the first paint) set <html data-entrance="play">; so it covers the page from the first paint or never
 * shows. After hydration the component times the end from the script's start time; on a page served as islands,
 * public/islands/layout.ts does the same from the overlay's data attributes. Decorative (aria-hidden), never
 * takes focus; without JavaScript the script does not run and nothing shows.
 */
import { useEffect, useRef, useState } from "react";
import { ENTRANCE } from "#domain/constants.ts";
import { useNonce } from "~/nonce.tsx";
import { ENTRANCE_SCRIPT, remainingAfterClick } from "~/public/lib/entrance.ts";
import { cx } from "~/shared/lib/cx.ts";
import { BrandLogo } from "./brand-logo.tsx";

/** The doors and the company logo (BrandLogo). Render it first in the layout, so its script runs early. */
export function EntranceAnimation() {
  const nonce = useNonce();
  const [phase, setPhase] = useState<"pending" | "off" | "playing" | "closing">("pending");
  const startedAt = useRef(0);

  useEffect(() => {
    const root = document.documentElement;
    if (root.getAttribute("data-entrance") !== "play") {
      setPhase("off");
      return;
    }
    const at = Number(root.getAttribute("data-entrance-at"));
    startedAt.current = Number.isFinite(at) && at > 0 ? at : performance.now();
    setPhase("playing");
    const remaining = Math.max(0, ENTRANCE.endMs - (performance.now() - startedAt.current));
    const timer = window.setTimeout(() => setPhase("off"), remaining);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (phase === "off") {
      document.documentElement.removeAttribute("data-entrance");
      return;
    }
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
    <>
      {/* The script as HTML: the browser runs it while parsing the server HTML; React never runs nor re-creates it. */}
      {/* It carries the response's CSP nonce (docs/decisions/019-script-nonce.md); in the browser the nonce reads "". */}
      <div
        hidden
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own (public/lib/entrance.ts)
        dangerouslySetInnerHTML={{ __html: `<script nonce="${nonce}">${ENTRANCE_SCRIPT}</script>` }}
      />
      <div
        aria-hidden="true"
        data-testid="entrance"
        data-phase={phase}
        // For the island that ends it on a page React does not hydrate (public/islands/layout.ts): SPEC §1 times in ms.
        data-island="entrance"
        data-end-ms={ENTRANCE.endMs}
        data-doors-open-ms={ENTRANCE.doorsOpenMs}
        data-click-end-ms={ENTRANCE.clickEndMs}
        className={cx("entrance fixed inset-0 z-[100] overflow-hidden", phase === "closing" && "entrance-closing")}
      >
        <div className="entrance-door entrance-door-start absolute inset-y-0 start-0 w-1/2 bg-brand-900" />
        <div className="entrance-door entrance-door-end absolute inset-y-0 end-0 w-1/2 bg-brand-900" />
        <div className="entrance-logo absolute inset-0 grid place-items-center">
          <div className="rounded-3xl bg-white px-8 py-6 shadow-2xl">
            {/* A fixed 180 × 56 box (the logo contained in it): the card keeps its size when the logo arrives after
                the first paint, whatever the logo's proportions (a shift of 0.02 on phones with a width from it). */}
            <BrandLogo alt="" className="h-14 w-[180px] object-contain" />
          </div>
        </div>
      </div>
    </>
  );
}
