/**
 * Imports the islands entry (`entry`, a hashed module URL), and adds the web app manifest's link (`manifestUrl`) to
 * the head, once the window has loaded and the page and its first photo are on screen (`afterFirstPaint`, given as an
 * argument: after-first-paint.boot.ts, at most `waitMs`), or at the first touch, key or focus if that comes first;
 * once. A tap before it runs is replayed (early-tap.boot.ts).
 * - The islands: requested earlier, even at low priority, their few kilobytes shared a phone's link with the HTML, the
 *   first photo and the CSS, and Lighthouse's simulation counts every request that ends before the largest paint.
 * - The manifest: named in the HTML, it is fetched by the browser at the load event for its install check, with the
 *   192 px icon it names, while the first photo may still be a frame from the screen. A browser that runs no script
 *   is therefore not offered the site to install
 *   (docs/decisions/050-after-load-requests-after-the-first-photo.md).
 * Self-contained (inline-script.ts).
 */
export function loadIslands(
  entry: string,
  manifestUrl: string,
  afterFirstPaint: (run: () => void, waitMs: number) => void,
  waitMs: number,
): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // A module script element rather than import(): the server's module transform (Vite's SSR) would rewrite an
    // import() in this function's text.
    const script = document.createElement("script");
    script.type = "module";
    script.src = entry;
    document.head.append(script);
    const link = document.createElement("link");
    link.rel = "manifest";
    link.href = manifestUrl;
    document.head.append(link);
  };
  if (document.readyState === "complete") {
    afterFirstPaint(start, waitMs);
    return;
  }
  addEventListener("load", () => afterFirstPaint(start, waitMs), { once: true });
  for (const type of ["pointerdown", "keydown", "focusin"]) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  }
}
