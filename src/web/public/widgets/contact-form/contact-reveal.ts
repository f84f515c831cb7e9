/**
 * Brings a contact form's result block or field into view and focuses it (contact-form.island.ts), and names the
 * result block's id (contact-form.tsx, contact-form-result.tsx).
 *
 * `focus()` alone leaves an element where it is when any part of it is in the viewport, even half under the sticky
 * header; scrolling to the "nearest" edge first honours the element's `scroll-margin-top` (which clears the header),
 * and does nothing when the element is already wholly below the header
 * (docs/decisions/054-contact-form-results-without-javascript.md).
 */
export function revealAndFocus(element: HTMLElement): void {
  // jsdom has no scrollIntoView; browsers all do.
  if (typeof element.scrollIntoView === "function") element.scrollIntoView({ block: "nearest" });
  element.focus({ preventScroll: true });
}

/** The id of a form's result block, the fragment its post goes to: `{formId}-result`. */
export function resultAnchor(formId: string): string {
  return `${formId}-result`;
}
