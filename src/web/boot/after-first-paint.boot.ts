/**
 * `afterFirstPaint(run, waitMs)`, shared by the font loader and the islands loader (passed to them as an argument:
 * inline-script.ts; docs/decisions/049-secondary-images-after-the-first-photo.md): runs `run` once the first
 * contentful paint is on screen (PerformanceObserver "paint", buffered) and, on a page with a first photo
 * (`img[fetchpriority=high]`) in a browser that reports largest paints, once that photo has been painted (a
 * "largest-contentful-paint" entry naming it); at once in a browser without paint timing; after `waitMs` at the
 * latest (a background tab never paints; a photo smaller than the text above it is never a largest paint). Runs
 * `run` once. Called from the load event. Self-contained (inline-script.ts).
 */
export function afterFirstPaint(run: () => void, waitMs: number): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    run();
  };
  const types = typeof PerformanceObserver === "function" ? (PerformanceObserver.supportedEntryTypes ?? []) : [];
  if (!types.includes("paint")) {
    go();
    return;
  }
  setTimeout(go, waitMs);
  const photo = document.querySelector('img[fetchpriority="high"]');
  let painted = false;
  let photoShown = !photo || !types.includes("largest-contentful-paint");
  const check = () => {
    if (painted && photoShown) go();
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        painted = true;
        check();
      }
    }).observe({ type: "paint", buffered: true });
    if (!photoShown) {
      new PerformanceObserver((list, observer) => {
        if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element }).element === photo)) {
          observer.disconnect();
          photoShown = true;
          check();
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    }
  } catch {
    go();
  }
}
