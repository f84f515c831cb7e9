/**
 * The result block at the top of a public contact form (SPEC §4.6, §8.4;
 * docs/decisions/054-contact-form-results-without-javascript.md). Its id `{idPrefix}-result` is the fragment the form posts to, so
 * a page answered to a send without JavaScript opens at the result, and `scroll-mt-24` keeps it below the sticky
 * header there and when the form scrolls it into view.
 * - success: SPEC's success text and the next step (CONTACT_TEXTS.nextStep); detail banner titled «تم الإرسال بنجاح!»;
 * - invalid: the headline of SPEC §8.4 for the case (a required field empty, or all filled and some not valid);
 * - failed: SPEC's failure text; detail banner titled «حدث خطأ!»;
 * - rate-limited: the server's one sentence with the wait in minutes, and WhatsApp (the typed message prefilled) and
 *   call buttons.
 * `role` "status" after a success, "alert" otherwise; focusable (tabIndex -1) so the form can move focus to it.
 */
import { CheckCircle2, CircleAlert, MessageCircle, Phone, X } from "lucide-react";
import { TEXTS } from "#domain/texts.ts";
import { dataProps } from "~/public/islands/contract.ts";
import type { ContactActionResult } from "~/public/lib/contact-result.ts";
import { CONTACT_TEXTS, refusedWhatsAppMessage } from "~/public/lib/contact-texts.ts";
import { useSiteLinks } from "~/root.tsx";
import { cx } from "~/shared/lib/cx.ts";
import { whatsappHref } from "~/shared/lib/whatsapp.ts";
import { resultAnchor } from "./contact-reveal.ts";
import { CONTACT_FORM } from "./contract.ts";

/** The sentence a result shows (below the detail banner's title, if any); a success adds the next step after it. */
function resultText(result: ContactActionResult, successText: string, errorText: string): string {
  if (result.ok) return successText;
  if (result.reason === "invalid") return result.formError ?? CONTACT_TEXTS.fieldsToCorrect;
  if (result.reason === "rate-limited") return result.formError ?? errorText;
  return errorText;
}

export function ContactResult({
  result,
  plain,
  idPrefix,
  successText,
  errorText,
}: {
  result: ContactActionResult;
  /** Home and campaign: a status line; project and update pages: a dismissible banner with a title. */
  plain: boolean;
  idPrefix: string;
  successText: string;
  errorText: string;
}) {
  const text = resultText(result, successText, errorText);
  const refused = !result.ok && result.reason === "rate-limited";
  const title = plain
    ? undefined
    : result.ok
      ? TEXTS.sentTitle
      : result.reason === "failed"
        ? TEXTS.errorBangTitle
        : undefined;
  const tone = result.ok ? "border-success/30 bg-success/10 text-success" : "border-danger/30 bg-danger/10 text-danger";
  return (
    <div
      id={resultAnchor(idPrefix)}
      tabIndex={-1}
      role={result.ok ? "status" : "alert"}
      className="scroll-mt-24 outline-none"
      {...dataProps(CONTACT_FORM.attrs, { result: result.ok ? "ok" : result.reason })}
    >
      <div className={cx("relative grid gap-3 rounded-xl border p-4", !plain && "pe-12", tone)}>
        <div className="flex items-start gap-2">
          {result.ok ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          )}
          <div className="grid gap-1">
            {title && <p className="font-bold">{title}</p>}
            <p className={cx("font-medium", title && "text-ink")}>
              <span>{text}</span>
              {result.ok && <span> {CONTACT_TEXTS.nextStep}</span>}
            </p>
          </div>
        </div>
        {refused && <ReachUsNow values={result.values} />}
        {!plain && (
          <button
            type="button"
            {...dataProps(CONTACT_FORM.attrs, { dismiss: "" })}
            className="absolute end-2 top-2 grid size-9 place-items-center rounded-full hover:bg-black/5"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">إغلاق التنبيه</span>
          </button>
        )}
      </div>
    </div>
  );
}

/** The refused visitor's two ways to reach the company now: WhatsApp with what they typed, and a call. */
function ReachUsNow({ values }: { values: Record<string, string> }) {
  const links = useSiteLinks();
  const button =
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 py-2 font-bold text-white focus-visible:outline-3 focus-visible:outline-accent-500";
  return (
    <div className="flex flex-wrap gap-2">
      <a
        href={whatsappHref(links.whatsappNumber, refusedWhatsAppMessage(values))}
        target="_blank"
        rel="noopener noreferrer"
        className={cx(button, "bg-[#0b7a3e] hover:bg-[#08602f]")}
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {CONTACT_TEXTS.whatsapp}
      </a>
      <a href={links.phone.href} className={cx(button, "bg-brand-700 hover:bg-brand-900")}>
        <Phone aria-hidden="true" className="size-5" />
        {CONTACT_TEXTS.call}
      </a>
    </div>
  );
}
