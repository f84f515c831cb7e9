/**
 * The public contact form (SPEC §2.3 section 7, §2.6, §2.7, §4.6, §5.1, §8.4). A plain POST to the page's own
 * route action (public/lib/contact-action.server.ts), so it works before and without JavaScript; with JavaScript the
 * button reads "جاري الإرسال..." while submitting and the fields are cleared after a success (contact-form.island.ts).
 * Field errors come from the server in Arabic; native browser validation is off so no browser-language
 * message ever shows. Every variant shows the consent text with a link to the privacy notice (Saudi PDPL) and posts
 * the visit's attribution (UTM parameters, click ids, referrer) as hidden "attr_*" fields (docs/product.md §10.4),
 * and, when the site configuration has one, a separate unticked marketing-consent box (docs/conversions.md).
 * The campaign variant (SPEC §2.8, §5.1): name, email and phone required, message optional; back to idle 5 s after
 * a success (SPEC §4.6). Every variant has the same phone field (ARCHITECTURE resolution 3: contact-form-fields.tsx).
 * The form posts to its page's action with the result block's id as the fragment, so a send without JavaScript is
 * answered with the page opened at its result (contact-form-result.tsx;
 * docs/decisions/054-contact-form-results-without-javascript.md).
 *
 * This is the markup: contact-form.island.ts posts it with fetch and shows the server's answer, reading the names of
 * contract.ts (the form's id prefix, the campaign reset, the error fields, the result block and its dismiss button,
 * the phone's digit limit, the send button's pending text, and the `<template>` with the result block of
 * `{ok: false, reason: "failed"}`, shown when the post never reaches the page's action).
 */
import { Form, useActionData, useFormAction } from "react-router";
import { CAMPAIGN_FORM_RESET_MS } from "#domain/constants.ts";
import { TEXTS } from "#domain/texts.ts";
import type { Attribution } from "~/public/campaign/attribution.ts";
import { dataProps } from "~/public/islands/contract.ts";
import type { ContactActionResult } from "~/public/lib/contact-result.ts";
import { cx } from "~/shared/lib/cx.ts";
import {
  AttributionFields,
  ConsentTexts,
  FieldError,
  Honeypot,
  inputClass,
  PhoneField,
  RequiredMark,
} from "./contact-form-fields.tsx";
import { ContactResult } from "./contact-form-result.tsx";
import { resultAnchor } from "./contact-reveal.ts";
import { CONTACT_FORM, contactFormElementId } from "./contract.ts";

export interface ContactFormProps {
  /**
   * "home": name, email, phone and message all required (SPEC §5.1 home contact).
   * "detail": project and update pages: name and message required, phone or email (resolution 4); the result is a
   * dismissible banner titled "تم الإرسال بنجاح!" / "حدث خطأ!".
   * "campaign": name, email and phone required, message optional; the result clears itself after 5 s.
   */
  variant: "home" | "detail" | "campaign";
  /** Success and failure texts of SPEC §8.4 for this page. */
  successText: string;
  errorText: string;
  /** Prefix for element ids, unique on the page. */
  idPrefix?: string;
  /** Attribution the server read from the landing request; the island adds what the visit's first page had. */
  attribution?: Attribution;
}

/** The result the island shows when the post never reaches the action (its block goes in the failure `<template>`). */
const FAILED: ContactActionResult = { ok: false, reason: "failed", fieldErrors: {}, values: {} };

/**
 * The CSS of a page answered to a send, so the browser's scroll to the result (`#resultId`) lands and stays there:
 * - sections rendered only when near (content-visibility: auto) hold a guessed height until then; rendered later above
 *   the result, they would push it out of view, so they are all rendered at once;
 * - the page streams in: when the browser scrolls to the result, what follows it may not have arrived, and a page too
 *   short below the result cannot scroll it to the top (the scroll is clamped, and not redone). An empty box of one
 *   viewport's height hangs below the result without taking room (negative margin, no pointer events), so the page is
 *   always long enough.
 */
function settledLayoutCss(resultId: string): string {
  return (
    ".render-when-near,[style*='content-visibility']{content-visibility:visible!important;contain-intrinsic-size:none!important}" +
    `#${resultId}::after{content:"";display:block;height:100vh;margin-block-end:-100vh;pointer-events:none}`
  );
}

const { attrs } = CONTACT_FORM;

/** The contact form; reads the route's action result with useActionData. */
export function ContactForm({
  variant,
  successText,
  errorText,
  idPrefix = "contact",
  attribution: serverAttribution,
}: ContactFormProps) {
  const result = useActionData<ContactActionResult>();
  // The post goes to the page's own action with the result block as its fragment: a page answered to a send without
  // JavaScript opens at the result, not at its top (docs/decisions/054-contact-form-results-without-javascript.md).
  const action = `${useFormAction()}#${resultAnchor(idPrefix)}`;

  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};
  const home = variant === "home";
  const campaign = variant === "campaign";
  /** Home and campaign forms show the result as a plain status line and require email and phone. */
  const plain = home || campaign;
  const showStatus = result !== undefined;

  return (
    <Form
      id={contactFormElementId(idPrefix)}
      method="post"
      action={action}
      noValidate
      className="relative grid gap-4"
      aria-busy={false}
      data-island={CONTACT_FORM.island}
      {...dataProps(attrs, {
        formId: idPrefix,
        resetMs: campaign ? CAMPAIGN_FORM_RESET_MS : undefined,
        errorFields: Object.keys(errors).join(" ") || undefined,
      })}
    >
      {/* A page answered to a send opens at this result (its fragment): see settledLayoutCss. */}
      {showStatus && <style>{settledLayoutCss(resultAnchor(idPrefix))}</style>}
      {showStatus && (
        <ContactResult
          result={result}
          plain={plain}
          idPrefix={idPrefix}
          successText={successText}
          errorText={errorText}
        />
      )}

      <ContactFields idPrefix={idPrefix} variant={variant} errors={errors} values={values} />

      <Honeypot idPrefix={idPrefix} />

      <AttributionFields attribution={serverAttribution} />

      <ConsentTexts idPrefix={idPrefix} />

      <button
        type="submit"
        {...dataProps(attrs, { pendingText: TEXTS.sending })}
        className="inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70 sm:justify-self-start"
      >
        إرسال
      </button>

      <template {...dataProps(attrs, { failure: "" })}>
        <ContactResult
          result={FAILED}
          plain={plain}
          idPrefix={idPrefix}
          successText={successText}
          errorText={errorText}
        />
      </template>
    </Form>
  );
}

/** The name, phone, e-mail and message fields, with their error lines and the variant's required marks (SPEC §5.1). */
function ContactFields({
  idPrefix,
  variant,
  errors,
  values,
}: {
  idPrefix: string;
  variant: ContactFormProps["variant"];
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const campaign = variant === "campaign";
  const plain = variant === "home" || campaign;
  const field = (name: string, label: string, required: boolean) => ({
    id: id(name),
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? id(`${name}-error`) : undefined,
    "aria-required": required || undefined,
    defaultValue: values[name] ?? "",
    label,
  });
  const errorFor = (name: string) => <FieldError id={id(`${name}-error`)} message={errors[name]} />;

  const name = field("name", "الاسم", true);
  const email = field("email", "البريد الإلكتروني", plain);
  const message = field("message", "الرسالة", !campaign);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <label htmlFor={name.id} className="font-medium text-ink">
          {name.label} <RequiredMark />
        </label>
        <input {...inputProps(name)} type="text" autoComplete="name" maxLength={200} className={inputClass} />
        {errorFor("name")}
      </div>

      <PhoneField idPrefix={idPrefix} required={plain} error={errors.phone} defaultValue={values.phone ?? ""} />

      <div className="grid gap-1.5 sm:col-span-2">
        <label htmlFor={email.id} className="font-medium text-ink">
          {email.label} {plain && <RequiredMark />}
        </label>
        <input
          {...inputProps(email)}
          type="email"
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          className={cx(inputClass, "text-end")}
        />
        {errorFor("email")}
      </div>
      {!plain && <p className="-mt-2 text-sm text-muted sm:col-span-2">يكفي إدخال رقم الجوال أو البريد الإلكتروني.</p>}

      <div className="grid gap-1.5 sm:col-span-2">
        <label htmlFor={message.id} className="font-medium text-ink">
          {message.label} {!campaign && <RequiredMark />}
        </label>
        <textarea {...inputProps(message)} rows={campaign ? 3 : 5} maxLength={5000} className={inputClass} />
        {errorFor("message")}
      </div>
    </div>
  );
}

function inputProps(f: {
  id: string;
  name: string;
  defaultValue: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}) {
  return {
    id: f.id,
    name: f.name,
    defaultValue: f.defaultValue,
    "aria-invalid": f["aria-invalid"],
    "aria-describedby": f["aria-describedby"],
    "aria-required": f["aria-required"],
  };
}
