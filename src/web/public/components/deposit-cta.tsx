/**
 * «احجز الآن بعربون» on an available unit's page (docs/payments.md "Checkout"): the deposit in SAR and the project's
 * terms, with a link to the checkout form (/checkout/{projectId}/{unitId}). Markup only: the form is a page of its
 * own that works without JavaScript.
 */
import { CHECKOUT_TEXTS } from "#domain/checkout.ts";
import { countNoun, formatSAR, NOUNS } from "#domain/format.ts";

export function DepositCta(props: {
  projectId: number;
  unitId: number;
  depositSar: number;
  termsText: string;
  daysToSign: number;
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
      <a
        href={`/checkout/${props.projectId}/${props.unitId}`}
        className="justify-self-start rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-900"
      >
        {CHECKOUT_TEXTS.button}
      </a>
    </section>
  );
}
