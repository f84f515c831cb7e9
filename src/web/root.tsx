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
import plexArabic400 from "~/fonts/generated/plex-arabic-400.woff2?url";
import plexArabic700 from "~/fonts/generated/plex-arabic-700.woff2?url";
import plexLatin400 from "~/fonts/generated/plex-latin-400.woff2?url";
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
/** localStorage key holding the font URLs once the browser has them all in its HTTP cache (fontLoader). */
const FONT_CACHE_KEY = "plex-fonts";

/** Longest wait, after the load event, for the first paint of the page and of its first photo (ms). */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * `afterFirstPaint(run)`, inline JavaScript shared by the font loader and the islands loader
 * (docs/decisions/049-secondary-images-after-the-first-photo.md): runs `run` once the first contentful paint is on
 * screen (PerformanceObserver "paint", buffered) and, on a page with a first photo (`img[fetchpriority=high]`) in a
 * browser that reports largest paints, once that photo has been painted (a "largest-contentful-paint" entry naming it);
 * at once in a browser without paint timing; after FIRST_PAINT_WAIT_MS at the latest (a background tab never paints; a
 * photo smaller than the text above it is never a largest paint). Called from the load event.
 */
const AFTER_FIRST_PAINT =
  `const afterFirstPaint=(run)=>{let done=false;const go=()=>{if(done)return;done=true;run();};` +
  `const types=typeof PerformanceObserver==="function"?(PerformanceObserver.supportedEntryTypes??[]):[];if(!types.includes("paint")){go();return;}` +
  `setTimeout(go,${FIRST_PAINT_WAIT_MS});const photo=document.querySelector('img[fetchpriority="high"]');` +
  `let painted=false;let photoShown=!photo||!types.includes("largest-contentful-paint");` +
  `const check=()=>{if(painted&&photoShown)go();};` +
  `try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted=true;check();}}).observe({type:"paint",buffered:true});` +
  `if(!photoShown)new PerformanceObserver((list,observer)=>{if(list.getEntries().some((entry)=>entry.element===photo)){observer.disconnect();photoShown=true;check();}}).observe({type:"largest-contentful-paint",buffered:true});}catch{go();}};`;

/**
 * The inline script that brings the web font (docs/decisions/047-page-css-and-font-on-later-views.md). Swapping a
 * font in lays the page's text out again, a main-thread task a phone pays for, so:
 * - once the browser holds the three files (localStorage `FONT_CACHE_KEY` names their URLs), the faces are declared
 *   before the first layout and read from the HTTP cache: the page is drawn in Plex from the start. A public page
 *   declares them `optional` (a face not read within the browser's short block period is not swapped in later), a
 *   back-office page `swap`;
 * - otherwise a public page (`swapOnFirstView` false: an ad click's landing page above all) is drawn in the fallback
 *   for its whole life and only fetches the files once the window has loaded, the page and its first photo are on
 *   screen (AFTER_FIRST_PAINT, docs/decisions/049-secondary-images-after-the-first-photo.md) and the main thread is
 *   idle, one after the other at low priority (each request's few milliseconds in a task of its own, not in the load
 *   event's task beside the islands' import: docs/decisions/048-main-thread-after-first-paint.md), so the visitor's
 *   next page has them; a back-office page (one document for the whole session, pages change without reloading) loads
 *   the faces after load and adds them together once all have loaded (one relayout for the swap).
 * Faces that fail to load are left out; a storage the browser refuses only costs the font.
 */
function fontLoader(swapOnFirstView: boolean): string {
  const key = JSON.stringify(FONT_CACHE_KEY);
  const firstView = swapOnFirstView
    ? `const list=make("swap");Promise.allSettled(list.map((f)=>f.load())).then((results)=>{results.forEach((result,i)=>{if(result.status==="fulfilled")document.fonts.add(list[i]);});if(results.every((result)=>result.status==="fulfilled"))remember();});`
    : `${AFTER_FIRST_PAINT}const idle=(run)=>"requestIdleCallback" in window?requestIdleCallback(run,{timeout:2000}):setTimeout(run,200);afterFirstPaint(()=>idle(()=>faces.reduce((chain,[,u])=>chain.then(()=>fetch(u,{priority:"low"}).then((r)=>{if(!r.ok)throw new Error(String(r.status));return r.arrayBuffer();})),Promise.resolve()).then(remember,()=>{})));`;
  return (
    `(()=>{const faces=${JSON.stringify(FONT_FACES)};const id=faces.map((f)=>f[1]).join(" ");` +
    `const make=(display)=>faces.map(([w,u,r])=>new FontFace("Plex Arabic",\`url(\${u}) format("woff2")\`,{weight:w,unicodeRange:r,display}));` +
    `let cached=false;try{cached=localStorage.getItem(${key})===id;}catch{}` +
    `if(cached){for(const face of make(${JSON.stringify(swapOnFirstView ? "swap" : "optional")}))document.fonts.add(face);return;}` +
    `const remember=()=>{try{localStorage.setItem(${key},id);}catch{}};` +
    `addEventListener("load",()=>{${firstView}},{once:true});})();`
  );
}

/**
 * Remembers a tap on a button made before the islands have run (a gallery photo, a carousel arrow: links and form
 * submits work natively), by marking it `data-early-tap`; the islands entry clicks it again once it has enhanced the
 * page (src/web/public/islands/entry.ts), so the tap is not lost on a slow link.
 */
const EARLY_TAP = `addEventListener("click",(event)=>{if(document.documentElement.dataset.islands==="ready")return;const button=event.target instanceof Element?event.target.closest('button[type="button"],[role="button"]'):null;if(!button)return;for(const marked of document.querySelectorAll("[data-early-tap]"))marked.removeAttribute("data-early-tap");button.setAttribute("data-early-tap","");},true);`;

/**
 * Imports the islands entry (a hashed module URL), and adds the web app manifest's link to the head, once the window
 * has loaded and the page and its first photo are on screen (AFTER_FIRST_PAINT), or at the first touch, key or focus
 * if that comes first. A tap before it runs is replayed (EARLY_TAP).
 * - The islands: requested earlier, even at low priority, their few kilobytes shared a phone's link with the HTML, the
 *   first photo and the CSS, and Lighthouse's simulation counts every request that ends before the largest paint: a
 *   short page loads before its first frame is shown (the campaign page: load at ≈ 300 ms, first paint at ≈ 400 ms on
 *   this machine), and the first photo is often painted a frame or more after the first paint.
 * - The manifest: named in the HTML, it is fetched by the browser at the load event for its install check, with the
 *   192 px icon it names (5 KB), while the first photo may still be a frame from the screen. A browser that runs no
 *   script is therefore not offered the site to install (Chromium reads a manifest link only as a direct child of the
 *   head, so a <noscript> one is never read): docs/decisions/050-after-load-requests-after-the-first-photo.md.
 */
function islandsLoader(entry: string): string {
  return (
    `(()=>{let started=false;const start=()=>{if(started)return;started=true;import(${JSON.stringify(entry)});` +
    `const link=document.createElement("link");link.rel="manifest";link.href=${JSON.stringify(MANIFEST_URL)};document.head.append(link);};${AFTER_FIRST_PAINT}` +
    `if(document.readyState==="complete")afterFirstPaint(start);else{addEventListener("load",()=>afterFirstPaint(start),{once:true});for(const type of["pointerdown","keydown","focusin"])addEventListener(type,start,{once:true,capture:true,passive:true});}})();`
  );
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
  // Only the server knows the islands entry ("" in the browser): a page React hydrates keeps React Router's scripts.
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
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script built from our own asset URL
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: islandsLoader(islandsEntry) }} />
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
