/**
 * Images the server sends unrequested (docs/decisions/049-secondary-images-after-the-first-photo.md).
 *
 * A deferred image box carries `data-deferred-image` and holds its `<img>` inside a `<noscript>`: a browser without
 * JavaScript shows the image, a browser with JavaScript requests nothing until an island reveals it. Used by the home
 * carousel's slides out of view (ProjectImage, widgets/projects-carousel/) and by the image strips of the galleries
 * (widgets/gallery/), whose photos wait for the page's first photo so that they do not share a slow
 * phone link with it.
 */

/** The attribute that marks a deferred image box. */
export const DEFERRED_IMAGE = "data-deferred-image";

/**
 * Replaces the `<noscript>` of a `[data-deferred-image]` box by the `<img>` it holds, and drops the mark. With
 * scripting on, a `<noscript>`'s content is its markup as text (the server's own, React-escaped), so parsing it in an
 * inert `<template>` gives exactly the `<img>` the component renders when not deferred (src, srcset, sizes, size, alt,
 * loading, decoding, class); only that element is taken. A box without a mark, a `<noscript>` or an `<img>` is left
 * as it is.
 */
export function revealDeferredImage(box: Element): void {
  if (!box.hasAttribute(DEFERRED_IMAGE)) return;
  const noscript = box.querySelector("noscript");
  if (!noscript) return;
  const template = box.ownerDocument.createElement("template");
  template.innerHTML = noscript.textContent ?? "";
  const image = template.content.querySelector("img");
  if (!image) return;
  noscript.replaceWith(image);
  box.removeAttribute(DEFERRED_IMAGE);
}

/** Reveals every deferred image box inside `container` (revealDeferredImage). */
export function revealDeferredImages(container: ParentNode): void {
  for (const box of container.querySelectorAll(`[${DEFERRED_IMAGE}]`)) revealDeferredImage(box);
}

/**
 * Runs `run` once the page's first photo (its `<img fetchpriority="high">`, the LCP image ResponsiveImage marks with
 * `priority`) has loaded or failed; at once when it is already complete or the page has none. Never throws.
 */
export function afterFirstPhoto(run: () => void, root: ParentNode = document): void {
  const photo = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!photo || photo.complete) {
    run();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  photo.addEventListener("load", once, { once: true });
  photo.addEventListener("error", once, { once: true });
}
