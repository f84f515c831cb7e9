/**
 * The grid of cards of /all-projects (SPEC §2.4) and /all-updates (SPEC §2.5): one column on a phone, two from `sm`,
 * three from `lg`. The cards after the first send their photos unrequested (`deferImage`); card-list.island.ts reveals
 * them once the page's first photo has arrived (docs/decisions/049-secondary-images-after-the-first-photo.md).
 */
import type { ReactNode } from "react";
import { CARD_LIST } from "./contract.ts";

/** Props: the `<li>` of each card. */
export function CardList({ children }: { children: ReactNode }) {
  // grid-cols-1: an explicit column on a phone; an implicit one took the cards' reserved size (render-when-near's
  // contain-intrinsic-size, 26rem in both axes) and they overflowed a 360 px screen.
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-island={CARD_LIST.island}>
      {children}
    </ul>
  );
}
