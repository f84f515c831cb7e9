/**
 * The contact form's contract (docs/public-pages.md §4): its island name and the data attributes its markup
 * (contact-form.tsx, contact-form-fields.tsx, contact-form-result.tsx) writes and its island
 * (contact-form.island.ts) reads.
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const CONTACT_FORM = {
  island: "contact-form",
  attrs: {
    /** On the form: its id prefix, to find the same form in the server's answer to a post. */
    formId: "data-form-id",
    /** On the campaign form: ms after a success before the form is idle again (CAMPAIGN_FORM_RESET_MS). */
    resetMs: "data-reset-ms",
    /** On the form: the result's field-error names, in the order the focus looks for the first invalid field. */
    errorFields: "data-error-fields",
    /** On the result block: "ok" | "invalid" | "failed" | "rate-limited". */
    result: "data-result",
    /** The detail banner's dismiss button. */
    dismiss: "data-dismiss",
    /** On the phone input: how many digits it keeps (PHONE_DIGITS_MAX). */
    digitsMax: "data-digits-max",
    /** On the send button: its text while sending (TEXTS.sending). */
    pendingText: "data-pending-text",
    /** The `<template>` holding the result block shown when a post never reaches the page's action. */
    failure: "data-failure",
  },
} as const satisfies WidgetContract;

/** The form element's id for a form of id prefix `idPrefix` (other widgets add fields to it by the `form` attribute). */
export const contactFormElementId = (idPrefix: string) => `${idPrefix}-form`;
