/**
 * The floating buttons of the public pages (the WhatsApp button, the detail pages' shortcuts: elements marked
 * `data-floating`) step aside while they would cover an enquiry form, so on a phone none of them ever lies over a
 * field, the phone field, the consent text or its links (docs/decisions/056-numerals-in-text-and-fixed-buttons.md).
 * A button whose box meets the box of a form a visitor fills in — a `form[method="post"]`, or a GET form marked
 * `data-floating-clear` (the affordability calculator) — (with `MARGIN_PX` to spare) gets `data-covering` and
 * `visibility: hidden` (neither seen, tapped nor focused); it comes back once the form has moved away. Inline, not by
 * a CSS rule: an islands page carries only the rules its server markup uses (server/pages/critical-css.ts). Checked once at start, then on every scroll and resize (the browser fires those once per frame).
 * Without JavaScript the buttons stay where they are.
 */
import { attrSelector, claim } from "~/public/islands/contract.ts";
import { FLOATING } from "./contract.ts";

const { attrs } = FLOATING;

/** The forms that floating buttons keep clear of: posting forms and GET forms marked `data-floating-clear`. */
export const FILLED_FORMS = `form[method="post" i], form${attrSelector(attrs.clear)}`;

/** Space kept between a floating button and a form, in CSS px. */
export const MARGIN_PX = 8;

/** Whether the boxes `a` and `b` meet, `margin` px around `a` included. */
export function boxesMeet(a: DOMRectReadOnly, b: DOMRectReadOnly, margin: number): boolean {
  return (
    a.left - margin < b.right && a.right + margin > b.left && a.top - margin < b.bottom && a.bottom + margin > b.top
  );
}

/** Marks each floating element (`attrs.floating`) under `root` that meets an enquiry form now (see the module's text). */
export function enhanceFloatingButtons(root: ParentNode = document): void {
  const buttons = [...root.querySelectorAll<HTMLElement>(attrSelector(attrs.floating))].filter(claim);
  if (buttons.length === 0) return;
  const update = () => {
    const forms = [...document.querySelectorAll<HTMLFormElement>(FILLED_FORMS)].map((form) =>
      form.getBoundingClientRect(),
    );
    for (const button of buttons) {
      const box = button.getBoundingClientRect();
      const covering = forms.some((form) => form.height > 0 && boxesMeet(box, form, MARGIN_PX));
      button.toggleAttribute(attrs.covering, covering);
      button.style.visibility = covering ? "hidden" : "";
    }
  };
  window.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update, { passive: true });
  update();
}
