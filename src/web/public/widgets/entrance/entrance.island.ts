/** The end of the entrance animation of SPEC §1 (entrance.tsx), on the page the server rendered. */
import { ENTRANCE } from "#domain/constants.ts";
import { claim, type DataAttribute, islandSelector } from "~/public/islands/contract.ts";
import { ENTRANCE_WIDGET } from "./contract.ts";

const { attrs } = ENTRANCE_WIDGET;

/** A non-negative number of ms from a data attribute, or `fallback` when absent or invalid. */
function msOf(element: Element, name: DataAttribute, fallback: number): number {
  const value = Number(element.getAttribute(name));
  return Number.isFinite(value) && value >= 0 && element.hasAttribute(name) ? value : fallback;
}

/**
 * The entrance animation of SPEC §1 on a page served as islands: the inline script of entrance.tsx (entrance.boot.ts)
 * decided before the first paint (`attrs.entrance` "play" and `attrs.entranceAt` on <html>); this ends it at
 * `attrs.endMs` after that start, or `attrs.clickEndMs` after a click made once the doors are open
 * (`attrs.doorsOpenMs`; an earlier click is ignored), by removing the overlay and the attribute. When it does not play, the overlay is removed at once.
 */
export function enhanceEntrance(root: ParentNode = document): void {
  const found = root.querySelector<HTMLElement>(islandSelector(ENTRANCE_WIDGET.island));
  if (!found || !claim(found)) return;
  const overlay: HTMLElement = found;
  const html = document.documentElement;
  const end = () => {
    overlay.remove();
    html.removeAttribute(attrs.entrance);
  };
  if (html.getAttribute(attrs.entrance) !== "play") {
    end();
    return;
  }
  const at = Number(html.getAttribute(attrs.entranceAt));
  const startedAt = Number.isFinite(at) && at > 0 ? at : performance.now();
  const endMs = msOf(overlay, attrs.endMs, ENTRANCE.endMs);
  const doorsOpenMs = msOf(overlay, attrs.doorsOpenMs, ENTRANCE.doorsOpenMs);
  const clickEndMs = msOf(overlay, attrs.clickEndMs, ENTRANCE.clickEndMs);
  overlay.setAttribute(attrs.phase, "playing");
  let timer = window.setTimeout(finish, Math.max(0, endMs - (performance.now() - startedAt)));
  function finish() {
    window.removeEventListener("click", onClick);
    end();
  }
  function onClick() {
    const elapsed = performance.now() - startedAt;
    if (elapsed < doorsOpenMs) return;
    window.removeEventListener("click", onClick);
    overlay.setAttribute(attrs.phase, "closing");
    overlay.classList.add("entrance-closing");
    window.clearTimeout(timer);
    timer = window.setTimeout(finish, Math.max(0, Math.min(clickEndMs, endMs - elapsed)));
  }
  window.addEventListener("click", onClick);
}
