/** The phone's collapsed page shortcuts (shortcuts.tsx): the <details> closes again once a shortcut is picked. */
import { claim, islandSelector } from "~/public/islands/contract.ts";
import { SHORTCUTS } from "./contract.ts";

/** Closes each shortcuts menu under `root` when one of its links is picked. */
export function enhanceShortcuts(root: ParentNode = document): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>(`details${islandSelector(SHORTCUTS.island)}`)) {
    if (!claim(details)) continue;
    details.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("a[href]")) details.open = false;
    });
  }
}
