/**
 * «احجز الآن بعربون» on an available unit's page (docs/payments.md "Checkout"): the deposit in SAR and the project's
 * terms, with a GET form (no JavaScript needed) opening the checkout form (/checkout/{projectId}/{unitId}). The form
 * carries on what the enquiry form carries: the visit's ad-link attribution as hidden "attr_*" fields (docs/product.md
 * §10.4; docs/conversions.md) and, by the `form` attribute of the calculator's hidden copies, the buyer's
 * affordability estimate while a result shows (docs/affordability.md "Kept with an enquiry"); with the islands, the
 * whole visit's attribution and its campaign page (widgets/checkout-origin). Markup only.
 */
import { CHECKOUT_TEXTS } from "#domain/checkout.ts";
import { countNoun, formatSAR, NOUNS } from "#domain/format.ts";
import { type Attribution, attributionFieldName } from "~/public/campaign/attribution.ts";
import { CHECKOUT_ORIGIN } from "~/public/widgets/checkout-origin/contract.ts";

/** The «احجز الآن بعربون» form's id (the calculator's estimate copies name it). */
export const DEPOSIT_FORM_ID = "reserve-form";

export function DepositCta(props: {
  projectId: number;
  unitId: number;
  depositSar: number;
  termsText: string;
  daysToSign: number;
  /** The unit page's ad-link attribution (its address and referrer), carried to the checkout. */
  attribution?: Attribution;
}) {
  return (
    <section
      id="reserve"
      aria-labelledby="reserve-title"
      className="grid scroll-mt-24 gap-3 rounded-3xl bg-surface p-6 ring-1 ring-black/5"
    >
      <h2 id="reserve-title" className="text-2xl font-bold text-ink">
        {CHECKOUT_TEXTS.button}
      </h2>
      <p className="text-lg text-ink">
        العربون {formatSAR(props.depositSar)}، ويوقَّع العقد خلال {countNoun(props.daysToSign, NOUNS.day)}.
      </p>
      <p className="whitespace-pre-line text-sm text-muted">{props.termsText}</p>
      <form
        id={DEPOSIT_FORM_ID}
        method="get"
        action={`/checkout/${props.projectId}/${props.unitId}`}
        data-island={CHECKOUT_ORIGIN.island}
        noValidate
      >
        {Object.entries(props.attribution ?? {}).map(([key, value]) => (
          <input key={key} type="hidden" name={attributionFieldName(key)} value={value} />
        ))}
        <button
          type="submit"
          className="justify-self-start rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-900"
        >
          {CHECKOUT_TEXTS.button}
        </button>
      </form>
    </section>
  );
}
