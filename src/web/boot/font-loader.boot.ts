/**
 * Brings the web font (docs/decisions/047-page-css-and-font-on-later-views.md). Swapping a font in lays the page's
 * text out again, a main-thread task a phone pays for, so:
 * - once the browser holds the files (localStorage `cacheKey` names their URLs), the faces are declared before the
 *   first layout and read from the HTTP cache: the page is drawn in Plex from the start. A public page declares them
 *   `optional` (a face not read within the browser's short block period is not swapped in later), a back-office page
 *   `swap`;
 * - otherwise a public page (`swapOnFirstView` false: an ad click's landing page above all) is drawn in the fallback
 *   for its whole life and only fetches the files once the window has loaded, the page and its first photo are on
 *   screen (`afterFirstPaint`, at most `waitMs`: after-first-paint.boot.ts) and the main thread is idle, one after the
 *   other at low priority (docs/decisions/048-main-thread-after-first-paint.md), so the visitor's next page has them;
 *   a back-office page (one document for the whole session) loads the faces after load and adds them together once
 *   all have loaded (one relayout for the swap).
 * Faces that fail to load are left out; a storage the browser refuses only costs the font. `faces` are
 * [weight, url, unicode-range] of the family `family`. Self-contained (inline-script.ts).
 */
export function loadFonts(
  family: string,
  faces: readonly (readonly [weight: string, url: string, unicodeRange: string])[],
  cacheKey: string,
  swapOnFirstView: boolean,
  afterFirstPaint: (run: () => void, waitMs: number) => void,
  waitMs: number,
): void {
  const id = faces.map((face) => face[1]).join(" ");
  const make = (display: FontDisplay) =>
    faces.map(
      ([weight, url, unicodeRange]) =>
        new FontFace(family, `url(${url}) format("woff2")`, { weight, unicodeRange, display }),
    );
  let cached = false;
  try {
    cached = localStorage.getItem(cacheKey) === id;
  } catch {}
  if (cached) {
    for (const face of make(swapOnFirstView ? "swap" : "optional")) document.fonts.add(face);
    return;
  }
  const remember = () => {
    try {
      localStorage.setItem(cacheKey, id);
    } catch {}
  };
  addEventListener(
    "load",
    () => {
      if (swapOnFirstView) {
        const list = make("swap");
        void Promise.allSettled(list.map((face) => face.load())).then((results) => {
          results.forEach((result, i) => {
            if (result.status === "fulfilled") document.fonts.add(list[i]);
          });
          if (results.every((result) => result.status === "fulfilled")) remember();
        });
        return;
      }
      const idle = (run: () => void) =>
        "requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);
      afterFirstPaint(
        () =>
          idle(() => {
            faces
              .reduce(
                (chain, [, url]) =>
                  chain.then(() =>
                    fetch(url, { priority: "low" }).then((response) => {
                      if (!response.ok) throw new Error(String(response.status));
                      return response.arrayBuffer();
                    }),
                  ),
                Promise.resolve<unknown>(undefined),
              )
              .then(remember, () => {});
          }),
        waitMs,
      );
    },
    { once: true },
  );
}
