/**
 * The document: <html lang="ar" dir="rtl">, the site configuration for every page (root loader),
 * Radix direction, and the error boundary.
 */
import { Direction } from "radix-ui";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { digitsOnly } from "#domain/digits.ts";
import { formatSaudiPhone, normalizeSaudiPhone } from "#domain/phone.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import type { Route } from "./+types/root";
// The stylesheet is inlined in every page (docs/product.md §10.3, docs/performance/web.md): no render-blocking request before the first
// paint on a slow phone link. Public-only styles are @imported by app.css.
import appCss from "./app.css?inline";
import appCssUrl from "./app.css?url";
import "./context.ts";
import { afterFirstPaint } from "~/boot/after-first-paint.boot.ts";
import { recordEarlyTaps } from "~/boot/early-tap.boot.ts";
import { loadFonts } from "~/boot/font-loader.boot.ts";
import { inlineScript } from "~/boot/inline-script.ts";
import { loadIslands } from "~/boot/islands-loader.boot.ts";
import plexArabic400 from "~/fonts/generated/plex-arabic-400.woff2?url";
import plexArabic700 from "~/fonts/generated/plex-arabic-700.woff2?url";
import plexLatin400 from "~/fonts/generated/plex-latin-400.woff2?url";
import { EARLY_TAP_ATTR, ISLANDS_READY_ATTR } from "~/public/islands/contract.ts";
import { siteOrigin } from "~/shared/lib/site-origin.ts";
import faviconSvg from "/public/favicon.svg?raw";
import { useIslandsEntry, useServedAsIslands } from "./islands-entry.tsx";
import { useNonce } from "./nonce.tsx";

const INLINE_CSS_ID = "app-css";

/**
 * The SVG favicon (public/favicon.svg, 183 bytes) as a data: URL in the page itself: the browser asks for a favicon
 * right after the load event, and a request then still shares a phone's link with the first photo whenever that photo
 * is painted a frame after load (docs/decisions/050-after-load-requests-after-the-first-photo.md).
 */
const FAVICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`;
/** The web app manifest (src/server/modules/site/app-icons.ts). */
const MANIFEST_URL = "/manifest.webmanifest";

/**
 * The web font's faces ("Plex Arabic": Arabic 400/700, Latin 400; hashed, immutable URLs; unicode ranges as in
 * scripts/subset-fonts.mjs). Until a face is used the text is drawn in the metric-matched "Plex Arabic Fallback"
 * (app.css), so the page is readable at once and nothing moves when Plex takes its place.
 */
const FONT_FACES: [weight: string, url: string, unicodeRange: string][] = [
  ["400", plexArabic400, "U+0600-06FF, U+200C-200F"],
  ["700", plexArabic700, "U+0600-06FF, U+200C-200F"],
  ["400", plexLatin400, "U+0020-007E, U+00A0-00FF, U+2010-2026"],
];
/** localStorage key holding the font URLs once the browser has them all in its HTTP cache (font-loader.boot.ts). */
const FONT_CACHE_KEY = "plex-fonts";

/** Longest wait, after the load event, for the first paint of the page and of its first photo (ms). */
const FIRST_PAINT_WAIT_MS = 1000;

/** The font loader's inline script (boot/font-loader.boot.ts): a back-office page swaps the font in on a first view. */
function fontLoader(swapOnFirstView: boolean): string {
  return inlineScript(
    loadFonts,
    "Plex Arabic",
    FONT_FACES,
    FONT_CACHE_KEY,
    swapOnFirstView,
    afterFirstPaint,
    FIRST_PAINT_WAIT_MS,
  );
}

/** The early-tap recorder's inline script (boot/early-tap.boot.ts). */
const EARLY_TAP = inlineScript(recordEarlyTaps, ISLANDS_READY_ATTR, EARLY_TAP_ATTR);

/** The islands loader's inline script for the islands entry's URL (boot/islands-loader.boot.ts). */
function islandsLoader(entry: string): string {
  return inlineScript(loadIslands, entry, MANIFEST_URL, afterFirstPaint, FIRST_PAINT_WAIT_MS);
}

/**
 * The inlined CSS text: the stylesheet on the server; in the browser, the text the server already put in the page, so
 * hydration matches without shipping the stylesheet a second time inside the JavaScript bundle (import.meta.env.SSR
 * is a build-time constant, so the client bundle drops `appCss`).
 */
const inlineCss = import.meta.env.SSR ? appCss : (document.getElementById(INLINE_CSS_ID)?.textContent ?? "");

/**
 * The site configuration plus what the server derives from it, so public pages never ship the phone-number library:
 * `origin` (the site's public URL without a trailing slash: `publicUrl` from GET /api/site when the server exposes it,
 * else the request's origin) for canonical and Open Graph URLs; the company phone in +966 display form and as a tel:
 * link; the WhatsApp number as digits for wa.me.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const response = await context.api("/api/site");
  if (!response.ok) throw new Response("site configuration unavailable", { status: 500 });
  const site = (await response.json()) as SiteConfig;
  const origin = siteOrigin(site, request.url);
  const phoneE164 = normalizeSaudiPhone(site.phone) ?? site.phone;
  return {
    site,
    origin,
    phone: { display: formatSaudiPhone(phoneE164), href: `tel:${phoneE164}`, e164: phoneE164 },
    whatsappNumber: digitsOnly(normalizeSaudiPhone(site.whatsapp) ?? site.whatsapp),
  };
}

/** What the root loader derives for links: public origin, company phone (display, tel: href, E.164), WhatsApp digits. */
export interface SiteLinks {
  origin: string;
  phone: { display: string; href: string; e164: string };
  whatsappNumber: string;
}

/** The site configuration loaded by the root route, for any component. */
export function useSite(): SiteConfig {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useSite() outside the root route");
  return data.site;
}

/** The derived links of the root loader (public origin, phone, WhatsApp number), for any component. */
export function useSiteLinks(): SiteLinks {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useSiteLinks() outside the root route");
  return { origin: data.origin, phone: data.phone, whatsappNumber: data.whatsappNumber };
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The response's CSP nonce (entry.server.tsx): our inline scripts and React Router's carry it, nothing else runs inline.
  const nonce = useNonce();
  // A public page is never hydrated: it gets the islands loader (when the build has an islands entry), never React
  // Router's scripts; a back-office page keeps React Router's scripts.
  const islandsEntry = useIslandsEntry();
  const islands = useServedAsIslands();
  return (
    <html lang="ar" dir="rtl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#11504a" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href={FAVICON_DATA_URL} type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        {/* A page served as islands names its manifest once its first photo is painted (islandsLoader). */}
        {!islands && <link rel="manifest" href={MANIFEST_URL} />}
        <style id={INLINE_CSS_ID} data-href={appCssUrl}>
          {inlineCss}
        </style>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script built from our own asset URLs */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: fontLoader(!islands) }} suppressHydrationWarning />
        {islands && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_TAP }} />
        )}
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh antialiased">
        <Direction.Provider dir="rtl">{children}</Direction.Provider>
        {islands ? (
          islandsEntry !== "" && (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script built from our own asset URL
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: islandsLoader(islandsEntry) }} />
          )
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "الصفحة غير موجودة" : "حدث خطأ"}</h1>
      <p className="text-muted">
        {notFound ? "عذراً، الرابط الذي تبحث عنه غير صحيح" : "حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى."}
      </p>
      <a className="rounded-lg bg-brand-600 px-4 py-2 text-white" href="/">
        العودة إلى الرئيسية
      </a>
    </main>
  );
}
