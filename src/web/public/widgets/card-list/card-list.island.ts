/**
 * The card-list island: the grids of /all-projects (SPEC §2.4) and /all-updates (SPEC §2.5),
 * (card-list.tsx), send the photos of their cards after the first unrequested (ImageBox, deferred-image.ts);
 * they are revealed once the page's first photo (the first card's, the largest paint) has loaded or failed, so that on
 * a slow phone link they do not share it with that photo
 * (docs/decisions/049-secondary-images-after-the-first-photo.md). `loading="lazy"` still holds back those far from
 * view.
 */
import { claim, islandSelector } from "~/public/islands/contract.ts";
import { afterFirstPhoto, revealDeferredImages } from "~/public/islands/deferred-image.ts";
import { CARD_LIST } from "./contract.ts";

/** Enhances every card list inside `root` once (marked `data-enhanced`). Never throws. */
export function enhanceCardLists(root: ParentNode = document): void {
  for (const list of root.querySelectorAll<HTMLElement>(islandSelector(CARD_LIST.island))) {
    if (!claim(list)) continue;
    afterFirstPhoto(() => revealDeferredImages(list), list.ownerDocument);
  }
}
