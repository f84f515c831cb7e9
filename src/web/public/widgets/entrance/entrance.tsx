/**
 * The entrance animation of SPEC §1: two doors over the page with the logo in front; the doors open at ~0.8 s, the
 * logo fades at ~1.4 s and the overlay is gone at ~2.6 s; a click after 0.8 s ends it in ~0.7 s.
 * Rendered by the public layout on the home page only, once per browser session (sessionStorage), skipped for reduced
 * motion (entrance.boot.ts, docs/decisions/055-entrance-on-the-home-page-only.md). The page under it is painted
 * with it (the overlay is a fixed layer over the server HTML, not a gate on it), so the largest paint is the page's.
 * No flash: the overlay is part of the server HTML, hidden by public.css unless the inline script before it (which
 * runs before the first paint) set <html data-entrance="play">; so it covers the page from the first paint or never
 * shows. entrance.island.ts times the end from the script's start time and the overlay's data attributes. Decorative (aria-hidden), never
 * takes focus; without JavaScript the script does not run and nothing shows.
 */
import { ENTRANCE } from "#domain/constants.ts";
import { useNonce } from "~/nonce.tsx";
import { BrandLogo } from "~/public/components/brand-logo.tsx";
import { dataProps } from "~/public/islands/contract.ts";
import { ENTRANCE_WIDGET } from "./contract.ts";
import { entranceScript } from "./entrance.boot.ts";

/** The doors and the company logo (BrandLogo). Render it first in the layout, so its script runs early. */
export function EntranceAnimation() {
  const nonce = useNonce();
  return (
    <>
      {/* The script as HTML: the browser runs it while parsing the server HTML; React never runs nor re-creates it. */}
      {/* It carries the response's CSP nonce (docs/decisions/019-script-nonce.md). */}
      <div
        hidden
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own (entrance.boot.ts)
        dangerouslySetInnerHTML={{ __html: `<script nonce="${nonce}">${entranceScript()}</script>` }}
      />
      <div
        aria-hidden="true"
        data-testid="entrance"
        {...dataProps(ENTRANCE_WIDGET.attrs, { phase: "pending" })}
        // For the island that ends it (entrance.island.ts): SPEC §1 times in ms.
        data-island={ENTRANCE_WIDGET.island}
        {...dataProps(ENTRANCE_WIDGET.attrs, {
          endMs: ENTRANCE.endMs,
          doorsOpenMs: ENTRANCE.doorsOpenMs,
          clickEndMs: ENTRANCE.clickEndMs,
        })}
        className="entrance fixed inset-0 z-[100] overflow-hidden"
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
