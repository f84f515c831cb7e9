/**
 * /checkout/:projectId/:unitId (docs/payments.md "Checkout"): «احجز الآن بعربون» for one available unit — the deposit
 * and the project's terms, then name, Saudi phone, e-mail, national ID or iqama number, the terms accepted and the
 * privacy consent as on every form — posted to this route's action without JavaScript, which starts the checkout
 * (the unit held online for PAYMENTS_HOLD_MINUTES) and sends the buyer on to the gateway's hosted page (a page that
 * moves there by itself with a link to it: form-action 'self' forbids redirecting a form post); no card data touches
 * this server. The form carries on, as hidden fields, the ad-link attribution and the buyer's affordability estimate
 * the unit page's «احجز الآن بعربون» form sent in the address (checkout.server.ts `carriedFields`). A held unit
 * answers «محجوزة حتى …». Never cached (server/pages/http-cache.ts). A project offering no
 * deposit, or a unit not available, answers 404.
 */
import { data, isRouteErrorResponse } from "react-router";
import { CHECKOUT_TEXTS } from "#domain/checkout.ts";
import { countNoun, formatSAR, NOUNS } from "#domain/format.ts";
import { parseId } from "#domain/ids.ts";
import type { PublicUnit } from "#domain/inventory-public.ts";
import { TEXTS } from "#domain/texts.ts";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { carriedFields, loadDepositOffer, postCheckout } from "~/public/lib/checkout.server.ts";
import { pageMeta } from "~/public/lib/page-meta.ts";
import { CHECKOUT_ORIGIN } from "~/public/widgets/checkout-origin/contract.ts";
import {
  ConsentTexts,
  FieldError,
  inputClass,
  PhoneField,
  RequiredMark,
} from "~/public/widgets/contact-form/contact-form-fields.tsx";
import type { Route } from "./+types/checkout";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const projectId = parseId(params.projectId);
  const unitId = parseId(params.unitId);
  if (projectId === null || unitId === null) throw data(null, { status: 404 });
  const [unitRes, offer] = await Promise.all([
    context.api(`/api/projects/${projectId}/units/${unitId}/public`),
    loadDepositOffer(context.api, projectId),
  ]);
  if (unitRes.status === 404 || unitRes.status === 400 || !offer) throw data(null, { status: 404 });
  if (!unitRes.ok) throw data(null, { status: 502 });
  const unit = (await unitRes.json()) as PublicUnit;
  return {
    projectId,
    unit: { id: unit.id, unitNumber: unit.unitNumber, availability: unit.availability },
    offer,
    carried: carriedFields(new URL(request.url)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const unitId = parseId(params.unitId);
  if (unitId === null) throw data(null, { status: 404 });
  const outcome = await postCheckout(request, context.api, unitId);
  // Not an HTTP redirect: the page's Content-Security-Policy (form-action 'self') stops a form post from being
  // redirected to another origin, so the page names the gateway's page and moves there by itself.
  if ("redirect" in outcome) return { ok: true as const, gatewayUrl: outcome.redirect };
  return data(outcome.result, { status: outcome.status });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, location, title: CHECKOUT_TEXTS.button, description: "احجز الوحدة الآن بدفع العربون." }),
    { name: "robots", content: "noindex" },
  ];
}

function TextField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  type?: string;
  autoComplete?: string;
  ltr?: boolean;
  inputMode?: "numeric" | "email";
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={props.id} className="font-medium text-ink">
        {props.label} <RequiredMark />
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        dir={props.ltr ? "ltr" : undefined}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        aria-required
        className={props.ltr ? `${inputClass} text-end` : inputClass}
      />
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

/** The buyer's fields in order: name, the phone (the one PhoneField of the public forms), e-mail and national id. */
const CHECKOUT_FIELDS = [
  { id: "checkout-name", name: "name", label: "الاسم الكامل", autoComplete: "name" },
  "phone",
  {
    id: "checkout-email",
    name: "email",
    type: "email",
    label: "البريد الإلكتروني",
    autoComplete: "email",
    inputMode: "email",
    ltr: true,
  },
  {
    id: "checkout-national-id",
    name: "nationalId",
    label: "رقم الهوية الوطنية أو الإقامة",
    autoComplete: "off",
    inputMode: "numeric",
    ltr: true,
  },
] as const;

function ToGateway({ url }: { url: string }) {
  return (
    <article className="mx-auto grid max-w-xl gap-4 px-4 py-8">
      <meta httpEquiv="refresh" content={`0;url=${url}`} />
      <h1 className="text-3xl font-bold text-ink">جارٍ تحويلك إلى صفحة الدفع</h1>
      <p className="text-ink">الوحدة محجوزة لك مؤقتًا حتى تكمل الدفع.</p>
      <a
        href={url}
        className="justify-self-start rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-900"
      >
        الانتقال إلى صفحة الدفع
      </a>
    </article>
  );
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { unit, offer, carried } = loaderData;
  if (actionData?.ok) return <ToGateway url={actionData.gatewayUrl} />;
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const available = unit.availability === "available";
  return (
    <article className="mx-auto grid max-w-xl gap-6 px-4 py-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">{CHECKOUT_TEXTS.button}</h1>
        <p className="text-lg text-ink">الوحدة {unit.unitNumber}</p>
        <p className="text-xl font-bold text-brand-700">العربون: {formatSAR(offer.depositSar)}</p>
      </header>
      <section aria-labelledby="checkout-terms" className="grid gap-2 rounded-3xl bg-surface p-5 ring-1 ring-black/5">
        <h2 id="checkout-terms" className="text-lg font-bold text-ink">
          شروط الحجز والاسترداد
        </h2>
        <p className="whitespace-pre-line text-ink">{offer.termsText}</p>
        <p className="text-sm text-muted">
          مدة الاسترداد: {countNoun(offer.refundWindowDays, NOUNS.day)} · مدة توقيع العقد:{" "}
          {countNoun(offer.daysToSign, NOUNS.day)}
        </p>
      </section>
      {!available ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-3 font-medium text-ink">
          {CHECKOUT_TEXTS.notAvailable}
        </p>
      ) : (
        <form
          method="post"
          data-island={CHECKOUT_ORIGIN.island}
          className="grid gap-5 rounded-3xl bg-surface p-5 ring-1 ring-black/5"
          noValidate
        >
          {Object.entries(carried).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {actionData?.formError && (
            <p role="alert" className="rounded-xl bg-danger/10 p-3 font-medium text-ink">
              {actionData.formError}
            </p>
          )}
          {CHECKOUT_FIELDS.map((field) =>
            field === "phone" ? (
              <PhoneField
                key="phone"
                idPrefix="checkout"
                required
                error={errors.phone}
                defaultValue={values.phone ?? ""}
              />
            ) : (
              <TextField key={field.name} {...field} value={values[field.name] ?? ""} error={errors[field.name]} />
            ),
          )}
          <div className="grid gap-1.5">
            <div className="flex items-start gap-2">
              <input
                id="checkout-terms-accept"
                type="checkbox"
                name="acceptTerms"
                value="on"
                defaultChecked={false}
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? "checkout-terms-accept-error" : undefined}
                className="mt-1 size-4 shrink-0 accent-brand-700"
              />
              <label htmlFor="checkout-terms-accept" className="text-ink">
                قرأت شروط الحجز والاسترداد وأوافق عليها <RequiredMark />
              </label>
            </div>
            <FieldError id="checkout-terms-accept-error" message={errors.acceptTerms} />
          </div>
          <ConsentTexts idPrefix="checkout" />
          <p className="text-sm text-muted">
            ستنتقل إلى صفحة الدفع الآمنة لدى بوابة الدفع (مدى أو Apple Pay)، وتبقى الوحدة محجوزة لك مؤقتًا حتى تكمل
            الدفع.
          </p>
          <button
            type="submit"
            className="rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            متابعة إلى الدفع
          </button>
        </form>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundBlock title={CHECKOUT_TEXTS.notOffered} text="يمكنك التواصل معنا لحجز الوحدة." />;
  }
  return <NotFoundBlock title={TEXTS.errorTitle} text="تعذّر تحميل صفحة الحجز. يرجى المحاولة مرة أخرى لاحقاً." />;
}
