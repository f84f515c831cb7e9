/**
 * The licence widget's markup (docs/compliance.md; ARCHITECTURE resolutions 11, 16, 17): no hooks, no event props, no
 * island. `LicenceBlock` shows the licence a page advertises under — its number(s) in Latin digits at the size of the
 * contact details, the last day in Gregorian with the Hijri (Umm al-Qura) date beside it, the QR code of the
 * verification URL drawn on the server (qr.server.ts), and the advertiser's name and capacity from the site
 * configuration. `LicenceLine` is the one-line form of the project cards; `LicenceOffline` the 410 page's block.
 */
import { Home, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { formatDateLong, formatHijri } from "#domain/format.ts";
import { LICENCE_TEXTS, riyadhDayStart } from "#domain/licence.ts";
import type { LicenceView } from "#domain/schemas/licence-view.ts";
import { LATIN_DIGITS_ATTRIBUTE, LICENCE_STATE_ATTRIBUTE, type LicenceQr } from "./contract.ts";

/** The advertiser of site.json `advertiser` (name defaults to the company's name). */
export interface Advertiser {
  name: string;
  capacity: string | null;
}

/** Another licence number shown under the main one (the other project licence, the broker's FAL licence). */
export interface ExtraLicence {
  label: string;
  number: string;
}

/** The label of a licence's number by its kind. */
export function licenceLabel(kind: LicenceView["kind"]): string {
  return kind === "offplan" ? "رقم ترخيص البيع على الخارطة" : "رقم ترخيص الإعلان";
}

/** «١٥ يناير ٢٠٢٧ (١٥ رجب ١٤٤٨ هـ)»: a licence day in Gregorian with the Hijri date beside it. */
export function licenceDayText(day: string): string {
  const at = riyadhDayStart(day);
  return `${formatDateLong(at)} (${formatHijri(at)})`;
}

function Qr({ qr }: { qr: LicenceQr }) {
  return (
    <a href={qr.url} rel="noopener" className="grid justify-items-center gap-1 text-xs text-muted">
      <svg
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        shapeRendering="crispEdges"
        role="img"
        aria-label="رمز QR للتحقق من الترخيص"
        className="size-28 rounded-lg bg-white ring-1 ring-black/10"
      >
        <path fill="#ffffff" d={`M0 0h${qr.size}v${qr.size}H0z`} />
        <path stroke="#000000" d={qr.path} />
      </svg>
      <span>تحقق من الترخيص</span>
    </a>
  );
}

/** The licence block of a project, unit or campaign page. */
export function LicenceBlock({
  licence,
  advertiser,
  qr,
  extra = [],
}: {
  licence: LicenceView;
  advertiser: Advertiser;
  qr: LicenceQr | null;
  extra?: ExtraLicence[];
}) {
  return (
    <section
      aria-labelledby="licence-title"
      data-widget="licence"
      {...{ [LICENCE_STATE_ATTRIBUTE]: licence.state }}
      className="grid gap-4 rounded-3xl bg-surface p-6 ring-1 ring-black/5 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="grid gap-3">
        <h2 id="licence-title" className="flex items-center gap-2 text-xl font-bold text-ink">
          <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
          ترخيص الإعلان
        </h2>
        <dl className="grid gap-2 text-base">
          {licence.number && (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-muted">{licenceLabel(licence.kind)}:</dt>
              <dd className="font-bold text-ink">
                <bdi {...{ [LATIN_DIGITS_ATTRIBUTE]: "licence" }}>{licence.number}</bdi>
              </dd>
            </div>
          )}
          {licence.expiresOn && (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-muted">ينتهي في:</dt>
              <dd className="font-bold text-ink">{licenceDayText(licence.expiresOn)}</dd>
            </div>
          )}
          {extra.map((item) => (
            <div key={item.label} className="flex flex-wrap gap-x-2">
              <dt className="text-muted">{item.label}:</dt>
              <dd className="font-bold text-ink">
                <bdi {...{ [LATIN_DIGITS_ATTRIBUTE]: "licence" }}>{item.number}</bdi>
              </dd>
            </div>
          ))}
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted">المعلن:</dt>
            <dd className="font-bold text-ink">
              {advertiser.name}
              {advertiser.capacity && <span className="font-medium text-muted">{` (${advertiser.capacity})`}</span>}
            </dd>
          </div>
        </dl>
      </div>
      {qr && <Qr qr={qr} />}
    </section>
  );
}

/** One line for a project card: «رقم ترخيص الإعلان: 7200145863 · ينتهي ١٥ يناير ٢٠٢٧». */
export function LicenceLine({ licence }: { licence: LicenceView }) {
  if (!licence.number) return null;
  return (
    <p className="text-sm text-muted" data-widget="licence-line">
      {`${licenceLabel(licence.kind)}: `}
      <bdi {...{ [LATIN_DIGITS_ATTRIBUTE]: "licence" }} className="font-medium text-ink">
        {licence.number}
      </bdi>
      {licence.expiresOn && ` · ينتهي ${formatDateLong(riyadhDayStart(licence.expiresOn))}`}
    </p>
  );
}

/** The 410 page's block: the project's advertising licence has lapsed (docs/compliance.md). */
export function LicenceOffline() {
  return (
    <div
      className="mx-auto grid max-w-xl place-items-center gap-4 px-4 py-24 text-center"
      data-widget="licence-offline"
    >
      <p className="text-7xl font-bold text-brand-500" aria-hidden="true">
        ٤١٠
      </p>
      <h1 className="text-3xl font-bold text-ink">{LICENCE_TEXTS.offlineTitle}</h1>
      <p className="text-lg text-muted">{LICENCE_TEXTS.offlineText}</p>
      <Link
        to="/"
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-5 py-2 font-bold text-white hover:bg-brand-900"
      >
        <Home aria-hidden="true" className="size-4" />
        {LICENCE_TEXTS.backHome}
      </Link>
    </div>
  );
}
