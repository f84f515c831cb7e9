/**
 * /project/:projectId/unit/:unitId (docs/decisions/077-public-availability-and-unit-pages.md): one unit's page —
 * floor plan, areas, floor, direction, view, price or «السعر عند الطلب», its state as visitors read it (held and
 * reserved: محجوزة; sold: مباعة without a price), the project's licence numbers, a contact form whose enquiry carries
 * the unit (the lead is created with it), a WhatsApp share link with a prefilled Arabic text, Open Graph tags and
 * JSON-LD (a RealEstateListing whose offer is on the Apartment), and the affordability calculator with the unit's
 * price, whose result the enquiry then carries as the buyer's estimate (docs/affordability.md). Server-rendered.
 * Licence (docs/compliance.md): the licence block shows the licence the unit is advertised under (its own, else the
 * project's; the API's `licence`), with its QR drawn on the server; a unit whose licence does not allow advertising
 * answers 410 (the API's licence-offline 404), like a project's page. When the project offers visits, «احجز موعد زيارة»
 * links to the booking page with the unit (docs/decisions/088-site-visits.md; not on a sold unit). When the project takes
 * deposits online and the unit is available, «احجز الآن بعربون» links to its checkout (docs/payments.md "Checkout").
 */
import { MessageCircle } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { formatNumber, formatSAR } from "#domain/format.ts";
import { parseId } from "#domain/ids.ts";
import { PRICE_ON_REQUEST, type PublicUnit } from "#domain/inventory-public.ts";
import { TEXTS } from "#domain/texts.ts";
import type { Project } from "#domain/types.ts";
import { attributionFrom } from "~/public/campaign/attribution.ts";
import { Breadcrumb } from "~/public/components/breadcrumb.tsx";
import { DEPOSIT_FORM_ID, DepositCta } from "~/public/components/deposit-cta.tsx";
import { ProjectContactSection } from "~/public/components/detail-sections.tsx";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { ResponsiveImage } from "~/public/components/responsive-image.tsx";
import { UnitStatusBadge } from "~/public/components/unit-status-badge.tsx";
import { loadAffordability } from "~/public/lib/affordability.server.ts";
import { loadDepositOffer } from "~/public/lib/checkout.server.ts";
import { handleContactAction } from "~/public/lib/contact-action.server.ts";
import { pageMeta, rootMetaData } from "~/public/lib/page-meta.ts";
import { previewDocumentHeaders, previewToken, withPreview } from "~/public/lib/preview.ts";
import { notFoundMeta } from "~/public/lib/route-answers.ts";
import { unitJsonLd, unitShareText, unitTitle } from "~/public/lib/unit-meta.ts";
import { loadVisitOffer } from "~/public/lib/visit-offer.server.ts";
import { AffordabilitySection } from "~/public/widgets/affordability/affordability.tsx";
import { contactFormElementId } from "~/public/widgets/contact-form/contract.ts";
import { advertiserOf, extraLicences } from "~/public/widgets/licence/disclosures.tsx";
import { LicenceBlock, LicenceOffline } from "~/public/widgets/licence/licence.tsx";
import { isLicenceOffline, LICENCE_OFFLINE_STATUS } from "~/public/widgets/licence/offline.ts";
import { licenceQr } from "~/public/widgets/licence/qr.server.ts";
import { VisitBookingCta } from "~/public/widgets/visit-booking/visit-booking.tsx";
import { useSite } from "~/root.tsx";
import { whatsappHref } from "~/shared/lib/whatsapp.ts";
import type { Route } from "./+types/unit";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const projectId = parseId(params.projectId);
  const unitId = parseId(params.unitId);
  if (projectId === null || unitId === null) throw data(null, { status: 404 });
  const token = previewToken(request);
  const [projectRes, unitRes, visitOffer, depositOffer] = await Promise.all([
    context.api(withPreview(`/api/projects/${projectId}`, token)),
    context.api(withPreview(`/api/projects/${projectId}/units/${unitId}/public`, token)),
    loadVisitOffer(context.api, projectId),
    loadDepositOffer(context.api, projectId),
  ]);
  if ([projectRes, unitRes].some(isLicenceOffline)) throw data(null, { status: LICENCE_OFFLINE_STATUS });
  if ([projectRes.status, unitRes.status].some((s) => s === 404 || s === 400)) throw data(null, { status: 404 });
  if (!projectRes.ok || !unitRes.ok) throw data(null, { status: 502 });
  const project = (await projectRes.json()) as Project;
  const unit = (await unitRes.json()) as PublicUnit;
  // The calculator with the unit's price (docs/affordability.md); a sold unit shows none.
  const affordability =
    unit.availability === "sold" ? null : await loadAffordability(context.api, new URL(request.url), unit.price ?? 0);
  const qr = await licenceQr(unit.licence.verificationUrl);
  // The ad link's attribution «احجز الآن بعربون» carries to the checkout: from the address only (a referrer would be
  // another visitor's in a cached copy), as the campaign page reads it.
  const attribution = attributionFrom(new URL(request.url), null);
  return { project, unit, affordability, qr, visitOffer, depositOffer, attribution };
}

export const headers = previewDocumentHeaders;

/** The enquiry names the project and carries the unit of the page's address (the lead is created with it). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const projectId = parseId(params.projectId);
  const unitId = parseId(params.unitId);
  if (projectId === null || unitId === null) throw data(null, { status: 404 });
  const { result, status } = await handleContactAction(request, context.api, {
    kind: "project",
    reference: projectId,
    unit: unitId,
  });
  return data(result, { status });
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) {
    return notFoundMeta(matches, TEXTS.pageNotFound);
  }
  const { project, unit } = loaderData;
  const root = rootMetaData(matches);
  const title = unitTitle(unit, project.name);
  const pageUrl = root ? `${root.origin}${location.pathname}` : location.pathname;
  return pageMeta({
    matches,
    location,
    title,
    description: unitShareText(unit, project.name, "").trim(),
    image: unit.floorPlanUrl ?? project.images[0],
    breadcrumbs: unitCrumbs(project, unit),
    jsonLd: root ? [unitJsonLd(unit, project, root.origin, pageUrl)] : [],
  });
}

function unitCrumbs(project: Project, unit: PublicUnit) {
  return [
    { label: "الرئيسية", to: "/" },
    { label: "المشاريع", to: "/all-projects" },
    { label: project.name, to: `/project/${project.id}` },
    { label: `الوحدة ${unit.unitNumber}`, to: `/project/${project.id}/unit/${unit.id}` },
  ];
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="rounded-2xl bg-canvas p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-ink">{value}</dd>
    </div>
  );
}

/** The unit page's enquiry form's id prefix (its calculator adds the buyer's estimate to that form). */
const UNIT_CONTACT_ID = "unit-contact";

const area = (value: number | null) => (value === null ? null : `${formatNumber(value)} م²`);

export default function UnitPage({ loaderData, matches }: Route.ComponentProps) {
  const { project, unit, affordability, qr, visitOffer, depositOffer, attribution } = loaderData;
  const reservable = unit.availability === "available" && depositOffer !== null;
  const site = useSite();
  const origin = rootMetaData(matches)?.origin ?? "";
  const pageUrl = `${origin}/project/${project.id}/unit/${unit.id}`;
  const sold = unit.availability === "sold";
  const crumbs = unitCrumbs(project, unit);
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-8 px-4 py-8 pb-40">
      <Breadcrumb items={crumbs.map((c, i) => (i === crumbs.length - 1 ? { label: c.label } : c))} />
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-ink">
            الوحدة <bdi data-latin-digits="unit">{unit.unitNumber}</bdi>
          </h1>
          <UnitStatusBadge status={unit.status} />
        </div>
        <p className="text-muted">
          {[project.name, unit.building && `المبنى ${unit.building}`, unit.floorLabel].filter(Boolean).join(" · ")}
        </p>
        <p className="text-2xl font-bold text-brand-700" data-testid="unit-price">
          {sold ? "مباعة" : unit.price !== null ? formatSAR(unit.price) : PRICE_ON_REQUEST}
        </p>
      </header>

      {unit.floorPlanUrl && (
        <section aria-labelledby="plan-title" className="grid gap-3">
          <h2 id="plan-title" className="text-xl font-bold text-ink">
            مخطط الوحدة
          </h2>
          <div className="overflow-hidden rounded-3xl bg-surface ring-1 ring-black/5">
            <ResponsiveImage
              src={unit.floorPlanUrl}
              alt={`مخطط الوحدة ${unit.unitNumber}`}
              sizes="(min-width: 1024px) 64rem, 100vw"
              priority
              width={1280}
              height={960}
              className="h-auto w-full object-contain"
            />
          </div>
        </section>
      )}

      <section aria-labelledby="details-title" className="grid gap-4 rounded-3xl bg-surface p-6 ring-1 ring-black/5">
        <h2 id="details-title" className="text-xl font-bold text-ink">
          تفاصيل الوحدة
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Detail label="الحالة" value={unit.status} />
          <Detail label="الدور" value={unit.floorLabel} />
          <Detail label="النموذج" value={unit.type} />
          <Detail label="عدد الغرف" value={unit.rooms === null ? null : formatNumber(unit.rooms)} />
          <Detail label="المساحة الخاصة" value={area(unit.privateArea)} />
          <Detail label="المساحة الإجمالية" value={area(unit.totalArea)} />
          <Detail label="الاتجاه" value={unit.direction.length ? unit.direction.join("، ") : null} />
          <Detail label="الإطلالة" value={unit.view} />
        </dl>
        <a
          href={whatsappHref("", unitShareText(unit, project.name, pageUrl))}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 justify-self-start rounded-xl bg-[#0b7a3e] px-4 py-3 font-bold text-white hover:bg-[#08602f]"
        >
          <MessageCircle aria-hidden="true" className="size-5 shrink-0" />
          مشاركة الوحدة عبر واتساب
        </a>
      </section>

      <LicenceBlock
        licence={unit.licence}
        advertiser={advertiserOf(site)}
        qr={qr}
        extra={unit.licence.source === "project" ? extraLicences(project) : []}
      />
      <AffordabilitySection
        view={affordability}
        estimateFor={
          reservable ? [contactFormElementId(UNIT_CONTACT_ID), DEPOSIT_FORM_ID] : contactFormElementId(UNIT_CONTACT_ID)
        }
      />

      {reservable && depositOffer && (
        <DepositCta
          projectId={project.id}
          unitId={unit.id}
          depositSar={depositOffer.depositSar}
          termsText={depositOffer.termsText}
          daysToSign={depositOffer.daysToSign}
          attribution={attribution}
        />
      )}
      {!sold && visitOffer && (
        <VisitBookingCta
          projectId={project.id}
          placeKind={visitOffer.placeKind}
          placeName={visitOffer.placeName}
          origin={{ unitId: unit.id }}
        />
      )}
      {!sold && (
        <ProjectContactSection
          projectName={`الوحدة ${unit.unitNumber} في ${project.name}`}
          idPrefix={UNIT_CONTACT_ID}
        />
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === LICENCE_OFFLINE_STATUS) return <LicenceOffline />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundBlock title="الوحدة غير موجودة" text="ربما بيعت الوحدة أو تغيّر رابطها." />;
  }
  return <NotFoundBlock title={TEXTS.errorTitle} text="تعذّر تحميل تفاصيل الوحدة. يرجى المحاولة مرة أخرى لاحقاً." />;
}
