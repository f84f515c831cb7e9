/**
 * The public contact form (SPEC §2.3 section 7, §2.6, §2.7, §4.6, §5.1, §8.4). A plain POST to the page's own
 * route action (public/lib/contact-action.server.ts), so it works before and without JavaScript; with JavaScript the
 * button reads "جاري الإرسال..." while submitting and the fields are cleared after a success.
 * Field errors come from the server in Arabic; native browser validation is off so no browser-language
 * message ever shows. Every variant shows the consent text with a link to the privacy notice (Saudi PDPL) and posts
 * the visit's attribution (UTM parameters, click ids, referrer) as hidden "attr_*" fields (docs/product.md §10.4),
 * and, when the site configuration has one, a separate unticked marketing-consent box (docs/conversions.md).
 * The campaign variant (SPEC §2.8, §5.1): name, email and phone required, message optional; back to idle 5 s after
 * a success (SPEC §4.6).
 *
 * On a page served as islands (docs/decisions/046-public-pages-as-islands.md) React never runs in the browser: the
 * same behaviour comes from public/islands/contact-form.ts, which reads what it needs from this markup:
 * - the form: `data-island="contact-form"`, `data-form-id` (= idPrefix, to find the same form in the server's answer),
 *   `data-reset-ms` (campaign: CAMPAIGN_FORM_RESET_MS), `data-error-fields` (the result's field-error names, in the
 *   order the focus looks for the first invalid field);
 * - the result block: `data-result` ("ok" | "invalid" | "failed" | "rate-limited"); its dismiss button: `data-dismiss`;
 * - the phone input: `data-digits-max` (10, campaign 15); the send button: `data-pending-text` (TEXTS.sending);
 * - only when the page is served as islands (never hydrated, so React never sees it): a `<template data-failure>` with
 *   the result block of `{ok: false, reason: "failed"}`, shown when the post never reaches the page's action.
 */
import { CheckCircle2, CircleAlert, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { CAMPAIGN_FORM_RESET_MS, COUNTRY_CODE } from "#domain/constants.ts";
import { digitsOnly } from "#domain/digits.ts";
import { TEXTS } from "#domain/texts.ts";
import { useServedAsIslands } from "~/islands-entry.tsx";
import { type Attribution, attributionFieldName, visitAttribution } from "~/public/campaign/attribution.ts";
import type { ContactActionResult } from "~/public/lib/contact-result.ts";
import { useSite } from "~/root.tsx";
import { cx } from "~/shared/lib/cx.ts";

export interface ContactFormProps {
  /**
   * "home": name, email, phone and message all required (SPEC §5.1 home contact).
   * "detail": project and update pages: name and message required, phone or email (resolution 4); the phone shows a
   * +966 prefix; the result is a dismissible banner titled "تم الإرسال بنجاح!" / "حدث خطأ!".
   * "campaign": name, email and phone required, message optional; the result clears itself after 5 s.
   */
  variant: "home" | "detail" | "campaign";
  /** Success and failure texts of SPEC §8.4 for this page. */
  successText: string;
  errorText: string;
  /** Prefix for element ids, unique on the page. */
  idPrefix?: string;
  /** Attribution the server read from the landing request; the browser adds what the visit's first page had. */
  attribution?: Attribution;
}

/** The result the islands show when the post never reaches the action (its block goes in `<template data-failure>`). */
const FAILED: ContactActionResult = { ok: false, reason: "failed", fieldErrors: {}, values: {} };

/** The honeypot's box: out of the flow, 1 px, invisible, untouchable. */
const HONEYPOT_STYLE = {
  position: "absolute",
  zIndex: -10,
  width: 1,
  height: 1,
  overflow: "hidden",
  opacity: 0,
  pointerEvents: "none",
} as const;

const inputClass =
  "block w-full rounded-xl border border-black/15 bg-surface px-3 py-2.5 text-ink placeholder:text-muted/80 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-500 aria-[invalid=true]:border-danger";

/** The contact form; reads the route's action result with useActionData. */
export function ContactForm({
  variant,
  successText,
  errorText,
  idPrefix = "contact",
  attribution: serverAttribution,
}: ContactFormProps) {
  const site = useSite();
  const result = useActionData<ContactActionResult>();
  const navigation = useNavigation();
  // Only a server render of a page served as islands carries the failure template: such a page is never hydrated,
  // and the browser's render ("" islands entry) has none, so a hydrated page matches its server HTML.
  const islands = useServedAsIslands();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [dismissed, setDismissed] = useState<ContactActionResult | undefined>(undefined);
  const [attribution, setAttribution] = useState<Attribution>(serverAttribution ?? {});
  useEffect(() => setAttribution(visitAttribution(serverAttribution ?? {})), [serverAttribution]);

  // Campaign page: back to idle CAMPAIGN_FORM_RESET_MS after a success (SPEC §4.6, §9).
  useEffect(() => {
    if (variant !== "campaign" || !result?.ok) return;
    const timer = setTimeout(() => setDismissed(result), CAMPAIGN_FORM_RESET_MS);
    return () => clearTimeout(timer);
  }, [variant, result]);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      formRef.current?.reset();
      statusRef.current?.focus();
      return;
    }
    const firstInvalid = Object.keys(result.fieldErrors)
      .map((name) => formRef.current?.elements.namedItem(name))
      .find((el): el is HTMLInputElement | HTMLTextAreaElement => el instanceof HTMLElement);
    if (firstInvalid) firstInvalid.focus();
    else statusRef.current?.focus();
  }, [result]);

  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};
  const id = (name: string) => `${idPrefix}-${name}`;
  const home = variant === "home";
  const campaign = variant === "campaign";
  /** Home and campaign forms show the result as a plain status line and require email and phone. */
  const plain = home || campaign;
  const showStatus = result && result !== dismissed;

  const field = (name: string, label: string, required: boolean) => ({
    id: id(name),
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [errors[name] ? id(`${name}-error`) : null, name === "phone" && home ? id("phone-hint") : null]
        .filter(Boolean)
        .join(" ") || undefined,
    "aria-required": required || undefined,
    defaultValue: values[name] ?? "",
    label,
  });
  const errorFor = (name: string) =>
    errors[name] ? (
      <p id={id(`${name}-error`)} className="text-sm font-medium text-danger">
        {errors[name]}
      </p>
    ) : null;

  const name = field("name", "الاسم", true);
  const email = field("email", "البريد الإلكتروني", plain);
  const phone = field("phone", "رقم الجوال", plain);
  const message = field("message", "الرسالة", !campaign);

  return (
    <Form
      method="post"
      ref={formRef}
      noValidate
      preventScrollReset
      className="relative grid gap-4"
      aria-busy={submitting}
      data-island="contact-form"
      data-form-id={idPrefix}
      data-reset-ms={campaign ? CAMPAIGN_FORM_RESET_MS : undefined}
      data-error-fields={Object.keys(errors).join(" ") || undefined}
    >
      {showStatus && (
        <ResultStatus
          ref={statusRef}
          result={result}
          plain={plain}
          successText={successText}
          errorText={errorText}
          onDismiss={() => setDismissed(result)}
        />
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={name.id} className="font-medium text-ink">
            {name.label} <RequiredMark />
          </label>
          <input {...inputProps(name)} type="text" autoComplete="name" maxLength={200} className={inputClass} />
          {errorFor("name")}
        </div>

        <div className="grid gap-1.5">
          <label htmlFor={phone.id} className="font-medium text-ink">
            {phone.label} {plain && <RequiredMark />}
          </label>
          {plain ? (
            <input
              {...inputProps(phone)}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              dir="ltr"
              maxLength={campaign ? undefined : 10}
              placeholder="05XXXXXXXX"
              onInput={campaign ? keepAllDigits : keepDigits}
              data-digits-max={campaign ? CAMPAIGN_PHONE_DIGITS : PHONE_DIGITS}
              className={cx(inputClass, "text-end")}
            />
          ) : (
            <div dir="ltr" className="flex">
              <span className="inline-flex items-center rounded-s-xl border border-e-0 border-black/15 bg-brand-50 px-3 text-ink">
                {COUNTRY_CODE}
              </span>
              <input
                {...inputProps(phone)}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                placeholder="5XXXXXXXX"
                onInput={keepDigits}
                data-digits-max={PHONE_DIGITS}
                className={cx(inputClass, "rounded-s-none")}
              />
            </div>
          )}
          {home && (
            <p id={id("phone-hint")} className="text-sm text-muted">
              {TEXTS.phoneHint10}
            </p>
          )}
          {errorFor("phone")}
        </div>

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
        {!plain && (
          <p className="-mt-2 text-sm text-muted sm:col-span-2">يكفي إدخال رقم الجوال أو البريد الإلكتروني.</p>
        )}

        <div className="grid gap-1.5 sm:col-span-2">
          <label htmlFor={message.id} className="font-medium text-ink">
            {message.label} {!campaign && <RequiredMark />}
          </label>
          <textarea {...inputProps(message)} rows={campaign ? 3 : 5} maxLength={5000} className={inputClass} />
          {errorFor("message")}
        </div>
      </div>

      {/* Honeypot: people never see or reach it; bots that fill every field are answered as if sent. Hidden by an
          inline style, so it never shows, nor takes room, before the stylesheet that styles the rest of the form
          arrives (on a campaign page the first paint's CSS can stop short of it: server/pages/critical-css.ts). */}
      <div aria-hidden="true" style={HONEYPOT_STYLE}>
        <label htmlFor={id("website")}>اترك هذا الحقل فارغاً</label>
        <input id={id("website")} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {Object.entries(attribution).map(([key, value]) => (
        <input key={key} type="hidden" name={attributionFieldName(key)} value={value} />
      ))}

      {site.privacy.marketingConsent && (
        <div className="flex items-start gap-2 text-sm text-muted">
          <input
            id={id("marketing-consent")}
            type="checkbox"
            name="marketingConsent"
            value="on"
            defaultChecked={false}
            className="mt-1 size-4 shrink-0 accent-brand-700"
          />
          <label htmlFor={id("marketing-consent")}>{site.privacy.marketingConsent.text}</label>
        </div>
      )}

      <p className="text-sm text-muted">
        <span>{site.privacy.consentText}</span>{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
          إشعار الخصوصية
        </Link>
      </p>

      <button
        type="submit"
        disabled={submitting}
        data-pending-text={TEXTS.sending}
        className="inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70 sm:justify-self-start"
      >
        {submitting ? TEXTS.sending : "إرسال"}
      </button>

      {islands && (
        <template data-failure="">
          <ResultStatus result={FAILED} plain={plain} successText={successText} errorText={errorText} />
        </template>
      )}
    </Form>
  );
}

/**
 * The result block at the top of the form: a status line (home, campaign) or a dismissible banner with a title
 * (detail). `role` "status" after a success, "alert" otherwise; focusable (tabIndex -1) so the form can move focus to it.
 */
function ResultStatus({
  result,
  plain,
  successText,
  errorText,
  onDismiss,
  ref,
}: {
  result: ContactActionResult;
  plain: boolean;
  successText: string;
  errorText: string;
  onDismiss?: () => void;
  ref?: React.Ref<HTMLDivElement>;
}) {
  const message = result.ok
    ? successText
    : `${result.reason === "invalid" ? (result.formError ?? "يرجى تصحيح الحقول المحددة") : errorText}${
        result.reason === "rate-limited" && result.formError ? ` ${result.formError}` : ""
      }`;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={result.ok ? "status" : "alert"}
      className="outline-none"
      data-result={result.ok ? "ok" : result.reason}
    >
      {plain ? (
        <p
          className={cx(
            "flex items-start gap-2 rounded-xl p-3 font-medium",
            result.ok ? "bg-success/10 text-success" : "bg-danger/10 text-danger",
          )}
        >
          {result.ok ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          )}
          <span>{message}</span>
        </p>
      ) : (
        <div
          className={cx(
            "relative rounded-xl border p-4 pe-12",
            result.ok ? "border-success/30 bg-success/10 text-success" : "border-danger/30 bg-danger/10 text-danger",
          )}
        >
          <p className="font-bold">{result.ok ? TEXTS.sentTitle : TEXTS.errorBangTitle}</p>
          <p className="mt-1 text-ink">{message}</p>
          <button
            type="button"
            onClick={onDismiss}
            data-dismiss=""
            className="absolute end-2 top-2 grid size-9 place-items-center rounded-full hover:bg-black/5"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">إغلاق التنبيه</span>
          </button>
        </div>
      )}
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="text-danger" aria-hidden="true">
      *
    </span>
  );
}

/** Most digits the phone input keeps as typed (SPEC §5.1): a Saudi mobile number, 05XXXXXXXX or 5XXXXXXXX. */
const PHONE_DIGITS = 10;
/** Most digits the campaign phone input keeps: room for a pasted international number (+966 …). */
const CAMPAIGN_PHONE_DIGITS = 15;

/** Strips everything but digits as the visitor types (SPEC §5.1), at most 10. */
function keepDigits(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const clean = digitsOnly(input.value, PHONE_DIGITS);
  if (clean !== input.value) input.value = clean;
}

/**
 * Campaign form (SPEC §5.1: non-digits stripped as typed, no length rule): a pasted "+966 55 123 4567" keeps all its
 * digits (966551234567), which the server reads as the same Saudi number.
 */
function keepAllDigits(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const clean = digitsOnly(input.value, CAMPAIGN_PHONE_DIGITS);
  if (clean !== input.value) input.value = clean;
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
