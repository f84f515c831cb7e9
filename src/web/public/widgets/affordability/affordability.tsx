/**
 * «احسب قدرتك على التمويل» on the project page (docs/affordability.md): a plain GET form whose query is
 * GET /api/affordability's, so without JavaScript sending it reloads the page with the result rendered by the server
 * (affordability.server.ts); with the islands running, affordability.island.ts recomputes as the buyer types with the
 * same domain function. Markup only: no state, effects or event props (docs/decisions/046-public-pages-as-islands.md);
 * the names shared with the island are in contract.ts. Stores nothing.
 */
import type { ReactNode } from "react";
import {
  AFFORDABILITY_FIELDS,
  AFFORDABILITY_SECTORS,
  type AffordabilityField,
  type AffordabilityResult,
  SECTOR_LABELS,
} from "#domain/affordability.ts";
import { formatSAR } from "#domain/format.ts";
import { renderWhenNear } from "~/public/components/detail-sections.tsx";
import { dataProps } from "~/public/islands/contract.ts";
import type { AffordabilityView } from "~/public/lib/affordability.server.ts";
import { FLOATING } from "~/public/widgets/floating/contract.ts";
import { cx } from "~/shared/lib/cx.ts";
import {
  AFFORDABILITY_ID,
  AFFORDABILITY_INPUTS,
  type AffordabilityInputName,
  ATTR,
  ESTIMATE_FIELD_PREFIX,
} from "./contract.ts";

const inputClass =
  "block w-full rounded-xl border border-black/15 bg-surface px-3 py-2.5 text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-500 aria-[invalid=true]:border-danger";

const RESULT_LABELS: Record<AffordabilityField, string> = {
  maxFinancing: "أقصى تمويل",
  downPayment: "الدفعة المقدمة",
  monthlyInstalment: "القسط الشهري",
  redfSupport: "دعم صندوق التنمية العقارية شهريًا",
  transactionTax: "ضريبة التصرفات العقارية",
};

export const AFFORDABILITY_NOTICE =
  "هذه نتيجة تقديرية وفق القواعد المنشورة، وليست عرض تمويل من بنك؛ يحدد البنك المبلغ والقسط بعد دراسة طلبك.";

const id = (name: string) => `affordability-${name}`;

function Field({
  name,
  label,
  hint,
  view,
  children,
}: {
  name: AffordabilityInputName;
  label: string;
  hint?: string;
  view: AffordabilityView;
  children?: ReactNode;
}) {
  const error = view.errors[name];
  const describedBy = [error ? id(`${name}-error`) : null, hint ? id(`${name}-hint`) : null].filter(Boolean).join(" ");
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id(name)} className="font-medium text-ink">
        {label}
      </label>
      {children ?? (
        <input
          id={id(name)}
          name={name}
          type="text"
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          maxLength={20}
          defaultValue={view.values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cx(inputClass, "text-end")}
        />
      )}
      {hint && (
        <p id={id(`${name}-hint`)} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={id(`${name}-error`)} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function Choice({
  name,
  view,
  options,
}: {
  name: AffordabilityInputName;
  view: AffordabilityView;
  options: [string, string][];
}) {
  return (
    <select
      id={id(name)}
      name={name}
      defaultValue={view.values[name]}
      aria-invalid={view.errors[name] ? true : undefined}
      aria-describedby={view.errors[name] ? id(`${name}-error`) : undefined}
      className={inputClass}
    >
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

const YES_NO: [string, string][] = [
  ["yes", "نعم"],
  ["no", "لا"],
];

function ResultBlock({ result }: { result: AffordabilityResult | null }) {
  return (
    <div {...{ [ATTR.result]: "" }} hidden={!result} aria-live="polite" className="grid gap-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        {AFFORDABILITY_FIELDS.map((field) => (
          <div key={field} className="grid content-start gap-1 rounded-2xl bg-canvas p-4">
            <dt className="text-sm text-muted">{RESULT_LABELS[field]}</dt>
            <dd className="grid gap-1">
              <span {...{ [ATTR.value]: field }} className="text-xl font-bold text-ink">
                {result ? formatSAR(result[field]) : ""}
              </span>
              <span {...{ [ATTR.explanation]: field }} className="text-sm text-muted">
                {result?.details[field].explanation ?? ""}
              </span>
              <a
                {...{ [ATTR.source]: field }}
                href={result?.details[field].sourceUrl ?? "#"}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                {`المصدر: ${result?.details[field].sourceName ?? ""}`}
              </a>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">
        {"إصدار القواعد: "}
        <span dir="ltr" {...{ [ATTR.version]: "" }}>
          {result?.rulesVersion ?? ""}
        </span>
      </p>
    </div>
  );
}

/**
 * Hidden copies of the inputs for the page's enquiry form `formId` (by the `form` attribute): filled from the sent
 * query when the server computed a result, else empty and disabled until the island shows one
 * (docs/affordability.md "Kept with an enquiry").
 */
function EstimateCopies({ view, formId }: { view: AffordabilityView; formId: string }) {
  return AFFORDABILITY_INPUTS.map((name) => (
    <input
      key={name}
      type="hidden"
      form={formId}
      name={`${ESTIMATE_FIELD_PREFIX}${name}`}
      value={view.result ? view.values[name] : ""}
      disabled={!view.result}
      {...{ [ATTR.estimate]: name }}
    />
  ));
}

/**
 * The calculator section; `view` from loadAffordability (null: no section). `estimateFor`: the id of the page's
 * enquiry form (or the ids of its forms: the unit page's «احجز الآن بعربون» form too), which then carries the buyer's
 * estimate while a result shows.
 */
export function AffordabilitySection({
  view,
  estimateFor,
}: {
  view: AffordabilityView | null;
  estimateFor?: string | readonly string[];
}) {
  if (!view) return null;
  return (
    <section
      id={AFFORDABILITY_ID}
      aria-labelledby="affordability-title"
      className="grid scroll-mt-24 gap-6 rounded-3xl bg-surface p-6 ring-1 ring-black/5 sm:p-8"
      style={renderWhenNear(70)}
    >
      <div className="grid gap-2">
        <h2 id="affordability-title" className="text-2xl font-bold text-ink">
          احسب قدرتك على التمويل
        </h2>
        <p role="note" className="rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900">
          {AFFORDABILITY_NOTICE}
        </p>
      </div>
      <form
        method="get"
        action={`#${AFFORDABILITY_ID}`}
        noValidate
        data-island={AFFORDABILITY_ID}
        // Floating buttons step aside over it as over an enquiry form (widgets/floating/floating.island.ts).
        {...dataProps(FLOATING.attrs, { clear: "" })}
        className="grid gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field name="price" label="سعر العقار (ريال)" view={view} />
          <Field name="salary" label="الراتب الشهري (ريال)" view={view} />
          <Field name="otherIncome" label="دخل آخر شهري موثّق (ريال)" hint="يُحتسب نصفه" view={view} />
          <Field name="obligations" label="الالتزامات الشهرية الحالية (ريال)" view={view} />
          <Field name="sector" label="قطاع العمل" view={view}>
            <Choice name="sector" view={view} options={AFFORDABILITY_SECTORS.map((s) => [s, SECTOR_LABELS[s]])} />
          </Field>
          <Field name="firstHome" label="أول مسكن لمواطن سعودي؟" view={view}>
            <Choice name="firstHome" view={view} options={YES_NO} />
          </Field>
          <Field name="redf" label="مستحق لدعم صندوق التنمية العقارية؟" view={view}>
            <Choice name="redf" view={view} options={YES_NO} />
          </Field>
          <Field name="years" label="مدة التمويل (سنوات)" view={view} />
          <Field name="rate" label="هامش الربح السنوي (٪)" view={view} />
        </div>
        <button
          type="submit"
          className="inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-900 sm:justify-self-start"
        >
          احسب
        </button>
      </form>
      <ResultBlock result={view.result} />
      {(typeof estimateFor === "string" ? [estimateFor] : (estimateFor ?? [])).map((formId) => (
        <EstimateCopies key={formId} view={view} formId={formId} />
      ))}
    </section>
  );
}
