/**
 * The public contact forms' behaviour (docs/decisions/046-public-pages-as-islands.md) on the server markup of
 * contact-form.tsx (SPEC §4.6, §5.1, §8.4, docs/product.md §10.4); the attributes below are those of contract.ts. Without this module the form is a plain POST to the page's own route action and the server answers
 * the whole page with the form showing its result; with it the page is not reloaded:
 * - on submit the button is disabled and reads its `data-pending-text` ("جاري الإرسال..."), the form is aria-busy, and
 *   the form's fields are posted (application/x-www-form-urlencoded, as the browser posts them) to its `action` URL;
 * - the answer is that same page, at whatever status the action chose (200, 400 field errors, 429, 502): its form with
 *   the same `data-form-id`, when it shows a result (`data-result`), replaces this one, so the server's rendering of the
 *   result is reused as it is (a success with the fields cleared, field errors in Arabic with the values kept);
 *   focus then goes to the result block after a success, else to the first invalid field of `data-error-fields`, else
 *   to the result block;
 * - when the post never reaches the action (no connection, or an answer without that form, e.g. a proxy's 5xx page),
 *   the fields stay as typed and the form's `<template data-failure>` block (the failure text of SPEC §8.4) is shown
 *   and focused; sending again works;
 * - the detail banner's `data-dismiss` button removes the result; a campaign form (`data-reset-ms`, SPEC §4.6) removes
 *   its success that many ms later;
 * - the phone input (`data-digits-max`) keeps digits only as typed, Arabic-Indic digits converted (SPEC §5.1);
 * - the visit's attribution (first page of the visit, sessionStorage) replaces the hidden "attr_*" fields;
 * - at each send, a hidden `elapsedMs` field carries the ms since the page's navigation began (performance.now(), no
 *   clock shared with the server needed): the server treats a send faster than a person fills a form as a bot's
 *   (docs/decisions/053-enquiry-limits-that-survive-an-ad-burst.md); a send without this module carries none;
 * - a result or field is brought into view below the sticky header before it is focused (contact-reveal.ts).
 * A form already enhanced carries `data-enhanced` and is skipped. A form without the failure template (not rendered as
 * islands) keeps its plain POST and only gets the phone, dismiss and attribution behaviour.
 */
import { digitsOnly } from "#domain/digits.ts";
import { addAttribution } from "~/public/campaign/attribution.ts";
import { attrSelector, claim, ENHANCED_ATTR, islandSelector } from "~/public/islands/contract.ts";
import { wholeStylesheet } from "~/public/islands/stylesheet.ts";
import { ELAPSED_FIELD } from "~/public/lib/contact-result.ts";
import { revealAndFocus } from "./contact-reveal.ts";
import { CONTACT_FORM } from "./contract.ts";

const { attrs } = CONTACT_FORM;
const FORM = `form${islandSelector(CONTACT_FORM.island)}`;

/** The campaign forms' pending reset timers, cleared when the form is sent again. */
const resetTimers = new WeakMap<HTMLFormElement, ReturnType<typeof setTimeout>>();

/**
 * Enhances every contact form in `root`, `root` itself included. A form that
 * already shows a result (the answer to a post made before this ran) gets the focus and campaign reset of that result.
 */
export function enhanceContactForms(root: ParentNode = document): void {
  const forms = [...root.querySelectorAll<HTMLFormElement>(FORM)];
  if (root instanceof HTMLFormElement && root.matches(FORM)) forms.unshift(root);
  for (const form of forms) {
    if (form.hasAttribute(ENHANCED_ATTR)) continue;
    enhance(form);
    if (resultOf(form)) settle(form);
  }
}

function enhance(form: HTMLFormElement): void {
  claim(form);
  addAttribution(form);
  form.addEventListener("input", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.getAttribute(attrs.digitsMax)) return;
    const clean = digitsOnly(input.value, Number(input.getAttribute(attrs.digitsMax)));
    if (clean !== input.value) input.value = clean;
  });
  form.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest(attrSelector(attrs.dismiss)) : null;
    if (button && form.contains(button)) resultOf(form)?.remove();
  });
  // Before any other submit handler reads the form's data.
  form.addEventListener("submit", () => stampElapsed(form));
  if (failureTemplate(form)) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void send(form);
    });
  }
}

/** Sets the hidden `elapsedMs` field (created once) to the whole ms since the page's navigation began. */
function stampElapsed(form: HTMLFormElement): void {
  const existing = form.elements.namedItem(ELAPSED_FIELD);
  const field = existing instanceof HTMLInputElement ? existing : document.createElement("input");
  if (field !== existing) {
    field.type = "hidden";
    field.name = ELAPSED_FIELD;
    form.append(field);
  }
  field.value = String(Math.round(performance.now()));
}

/** The form's result block (`data-result`), if it shows one. */
function resultOf(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector<HTMLElement>(attrSelector(attrs.result));
}

function failureTemplate(form: HTMLFormElement): HTMLTemplateElement | null {
  return form.querySelector<HTMLTemplateElement>(`template${attrSelector(attrs.failure)}`);
}

/** Posts the form and shows the answer's form, or the failure block when there is none. */
async function send(form: HTMLFormElement): Promise<void> {
  if (form.getAttribute("aria-busy") === "true") return;
  clearTimeout(resetTimers.get(form));
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idleText = button?.textContent ?? "";
  setPending(form, button, true, idleText);
  // The answer is the server's rendering of the form (its result, its field errors): markup the page's own CSS may
  // not cover, so the whole stylesheet is fetched while the post is on its way (islands/stylesheet.ts).
  const styled = wholeStylesheet();

  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
  let answer: HTMLFormElement | null = null;
  try {
    // The action carries the result's fragment for a send without JavaScript; the request needs none.
    const url = new URL(form.getAttribute("action") || location.href, location.href);
    url.hash = "";
    const response = await fetch(url, {
      method: "POST",
      body,
      headers: { accept: "text/html" },
    });
    answer = answeredForm(await response.text(), form.getAttribute(attrs.formId) ?? "");
  } catch {
    answer = null;
  }

  if (!answer) {
    setPending(form, button, false, idleText);
    showFailure(form);
    return;
  }
  // A refused post keeps a ticked box as the visitor left it (the server renders it unticked); a success clears the form.
  if (answer.querySelector(`${attrSelector(attrs.result)}:not(${attrSelector(attrs.result, "ok")})`)) {
    for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
      const same = answer.elements.namedItem(box.name);
      if (same instanceof HTMLInputElement && same.type === "checkbox") same.checked = box.checked;
    }
  }
  await styled;
  form.replaceWith(answer);
  enhance(answer);
  settle(answer);
}

function setPending(form: HTMLFormElement, button: HTMLButtonElement | null, pending: boolean, idleText: string) {
  form.setAttribute("aria-busy", String(pending));
  if (!button) return;
  button.disabled = pending;
  button.textContent = pending ? (button.getAttribute(attrs.pendingText) ?? idleText) : idleText;
}

/** The form with `formId` in the answered page when it shows a result, imported into this document; else null. */
function answeredForm(html: string, formId: string): HTMLFormElement | null {
  const page = new DOMParser().parseFromString(html, "text/html");
  const form = [...page.querySelectorAll<HTMLFormElement>(FORM)].find((f) => f.getAttribute(attrs.formId) === formId);
  if (!form?.querySelector(attrSelector(attrs.result))) return null;
  return document.importNode(form, true);
}

/** Shows the failure block of `{ok: false, reason: "failed"}`: the fields keep their values, their errors go. */
function showFailure(form: HTMLFormElement): void {
  const block = failureTemplate(form)?.content.firstElementChild;
  if (!(block instanceof HTMLElement)) return;
  const status = document.importNode(block, true);
  resultOf(form)?.remove();
  for (const field of form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    const errorId = `${field.id}-error`;
    document.getElementById(errorId)?.remove();
    field.removeAttribute("aria-invalid");
    const described = (field.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== errorId);
    if (described.length) field.setAttribute("aria-describedby", described.join(" "));
    else field.removeAttribute("aria-describedby");
  }
  form.removeAttribute(attrs.errorFields);
  form.prepend(status);
  revealAndFocus(status);
}

/** Focus after a result (the result block after a success, else the first invalid field), and the campaign form's reset to idle after a success. */
function settle(form: HTMLFormElement): void {
  const status = resultOf(form);
  if (!status) return;
  if (status.getAttribute(attrs.result) === "ok") {
    revealAndFocus(status);
    const resetMs = Number(form.getAttribute(attrs.resetMs));
    if (resetMs > 0)
      resetTimers.set(
        form,
        setTimeout(() => status.remove(), resetMs),
      );
    return;
  }
  const firstInvalid = (form.getAttribute(attrs.errorFields) ?? "")
    .split(" ")
    .map((name) => (name ? form.elements.namedItem(name) : null))
    .find((el): el is HTMLInputElement | HTMLTextAreaElement => el instanceof HTMLElement);
  revealAndFocus(firstInvalid ?? status);
}
