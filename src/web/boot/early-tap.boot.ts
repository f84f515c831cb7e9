/**
 * Remembers a tap on a button made before the islands have run (a gallery photo, a carousel arrow: links and form
 * submits work natively), by marking it with `tapAttr` (`data-early-tap`); the islands entry clicks it again once it
 * has enhanced the page and set `<html readyAttr="ready">` (src/web/public/islands/entry.ts), so the tap is not lost
 * on a slow link (docs/decisions/046-public-pages-as-islands.md). Only the last such tap is kept. Self-contained
 * (inline-script.ts).
 */
export function recordEarlyTaps(readyAttr: string, tapAttr: string): void {
  addEventListener(
    "click",
    (event) => {
      if (document.documentElement.getAttribute(readyAttr) === "ready") return;
      const button =
        event.target instanceof Element ? event.target.closest('button[type="button"],[role="button"]') : null;
      if (!button) return;
      for (const marked of document.querySelectorAll(`[${tapAttr}]`)) marked.removeAttribute(tapAttr);
      button.setAttribute(tapAttr, "");
    },
    true,
  );
}
