/**
 * Parts of the public contact form (contact-form.tsx): the input style, the required mark, a
 * field's error line, the honeypot, the attribution's hidden fields, the consent texts, and the one phone field every public form uses (ARCHITECTURE resolution 3: a Saudi number —
 * 05XXXXXXXX, 5XXXXXXXX, +9665XXXXXXXX or a landline — checked by the one rule of #domain/phone.ts on the server).
 */
import { Link } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import { type Attribution, attributionFieldName } from "~/public/campaign/attribution.ts";
import { dataProps } from "~/public/islands/contract.ts";
import { CONTACT_TEXTS } from "~/public/lib/contact-texts.ts";
import { useSite } from "~/root.tsx";
import { cx } from "~/shared/lib/cx.ts";
import { CONTACT_FORM } from "./contract.ts";

/**
 * The style of every input of the form. `scroll-mt-28` keeps a field (and its label above it) clear of the sticky
 * header when the form scrolls it into view.
 */
export const inputClass =
  "block w-full scroll-mt-28 rounded-xl border border-black/15 bg-surface px-3 py-2.5 text-ink placeholder:text-muted/80 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-500 aria-[invalid=true]:border-danger";

export function RequiredMark() {
  return (
    <span className="text-danger" aria-hidden="true">
      *
    </span>
  );
}

/** A field's Arabic error line, `id` referenced by the field's aria-describedby; nothing without a message. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-danger">
      {message}
    </p>
  ) : null;
}

/**
 * Most digits the phone input keeps as typed: the longest way to type a Saudi number the rule accepts,
 * 00966 5XXXXXXXX (a pasted "+966 55 123 4567" keeps its 12 digits, which the server reads as the same number).
 */
export const PHONE_DIGITS_MAX = 14;

/**
 * The phone field of every public form: label «رقم الجوال», a Latin-digit input (resolution 11) with the placeholder
 * 05XXXXXXXX and the hint «أدخل ١٠ أرقام», digits only as typed (contact-form.island.ts, up to `attrs.digitsMax`),
 * the error line under it. `idPrefix` is the form's; the input's id is `{idPrefix}-phone`.
 */
export function PhoneField({
  idPrefix,
  required,
  error,
  defaultValue,
}: {
  idPrefix: string;
  required: boolean;
  error: string | undefined;
  defaultValue: string;
}) {
  const id = `${idPrefix}-phone`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-medium text-ink">
        {CONTACT_TEXTS.phoneLabel} {required && <RequiredMark />}
      </label>
      <input
        id={id}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        dir="ltr"
        placeholder="05XXXXXXXX"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(" ")}
        aria-required={required || undefined}
        {...dataProps(CONTACT_FORM.attrs, { digitsMax: PHONE_DIGITS_MAX })}
        className={cx(inputClass, "text-end")}
      />
      <p id={hintId} className="text-sm text-muted">
        {TEXTS.phoneHint10}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

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

/**
 * Honeypot (`website`): people never see or reach it; bots that fill every field are answered as if sent. Hidden by an
 * inline style, so it never shows, nor takes room, before the stylesheet that styles the rest of the form arrives (on
 * a campaign page the first paint's CSS can stop short of it: server/pages/critical-css.ts).
 */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  const id = `${idPrefix}-website`;
  return (
    <div aria-hidden="true" style={HONEYPOT_STYLE}>
      <label htmlFor={id}>اترك هذا الحقل فارغاً</label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * The visit's attribution as hidden "attr_*" fields (docs/product.md §10.4): what the server read from the landing
 * request; every public form that posts attribution renders them here, after the honeypot, and its island replaces
 * them by the whole visit's (campaign/attribution.ts `addAttribution`).
 */
export function AttributionFields({ attribution = {} }: { attribution?: Attribution }) {
  return (
    <>
      {Object.entries(attribution).map(([key, value]) => (
        <input key={key} type="hidden" name={attributionFieldName(key)} value={value} />
      ))}
    </>
  );
}

/** The unticked consent boxes a form shows when the site configuration has them: the field's name and id suffix. */
const OPT_INS = [
  { name: "marketingConsent", suffix: "marketing-consent" },
  { name: "whatsappOptIn", suffix: "whatsapp-opt-in" },
] as const;

/**
 * The consent texts of every form (Saudi PDPL): the separate, unticked marketing-consent box when the site
 * configuration has one (docs/conversions.md), and the consent sentence with a link to the privacy notice.
 */
export function ConsentTexts({ idPrefix }: { idPrefix: string }) {
  const site = useSite();
  return (
    <>
      {OPT_INS.map(({ name, suffix }) => {
        const optIn = site.privacy[name];
        const id = `${idPrefix}-${suffix}`;
        return optIn ? (
          <div key={name} className="flex items-start gap-2 text-sm text-muted">
            <input
              id={id}
              type="checkbox"
              name={name}
              value="on"
              defaultChecked={false}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <label htmlFor={id}>{optIn.text}</label>
          </div>
        ) : null;
      })}
      <p className="text-sm text-muted">
        <span>{site.privacy.consentText}</span>{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
          إشعار الخصوصية
        </Link>
      </p>
    </>
  );
}
