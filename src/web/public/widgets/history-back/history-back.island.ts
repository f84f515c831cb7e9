/** The not-found page's back button (history-back.tsx, SPEC §2.10): back in the browser's history. */
import { claim, islandSelector } from "~/public/islands/contract.ts";
import { HISTORY_BACK } from "./contract.ts";

/** Gives every back button under `root` its click, once. */
export function enhanceHistoryBack(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>(`button${islandSelector(HISTORY_BACK.island)}`)) {
    if (claim(button)) button.addEventListener("click", () => window.history.back());
  }
}
