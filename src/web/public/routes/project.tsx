/**
 * /project/:id (SPEC §2.6): image hero and gallery with lightbox, optional video, info and features, progress and
 * sales card, advertising licence, available units (filter and paging), map (with coordinates only), the contact
 * form (projectReference) and floating shortcuts. Project and units load in parallel; an unknown project answers 404.
 */
import { Building2, Check, FileDown, Info, MapPin, MessageSquare } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { formatNumber, formatSAR } from "#domain/format.ts";
import { parseId } from "#domain/ids.ts";
import type { ProjectInventory } from "#domain/inventory-public.ts";
import { guaranteeLabel } from "#domain/project-rules.ts";
import { TEXTS } from "#domain/texts.ts";
import type { Project, Unit } from "#domain/types.ts";
import { ProjectContactSection, ProjectMapSection, renderWhenNear } from "~/public/components/detail-sections.tsx";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { PreviewBanner } from "~/public/components/preview-banner.tsx";
import { ProgressRing, SalesRing, StageBar } from "~/public/components/progress.tsx";
import { ProjectFirstScreen } from "~/public/components/project-first-screen.tsx";
import { UnitsSection } from "~/public/components/units-section.tsx";
import { VideoEmbed } from "~/public/components/video-embed.tsx";
import { loadAffordability } from "~/public/lib/affordability.server.ts";
import { brochureSize } from "~/public/lib/brochure.server.ts";
import { handleContactAction } from "~/public/lib/contact-action.server.ts";
import { excerpt, pageMeta, projectJsonLd, rootMetaData } from "~/public/lib/page-meta.ts";
import { isPreviewOf, previewData, previewDocumentHeaders, previewToken, withPreview } from "~/public/lib/preview.ts";
import { areaText, fileSizeText, placeText, roomsText, yearsText } from "~/public/lib/project-display.ts";
import { notFoundMeta, throwUnlessFound } from "~/public/lib/route-answers.ts";
import { loadVisitOffer } from "~/public/lib/visit-offer.server.ts";
import { AffordabilitySection } from "~/public/widgets/affordability/affordability.tsx";
import { AvailabilityGrid } from "~/public/widgets/availability/availability.tsx";
import { AVAILABILITY_ANCHOR, AVAILABILITY_QUERY } from "~/public/widgets/availability/contract.ts";
import { contactFormElementId } from "~/public/widgets/contact-form/contract.ts";
import { advertiserOf, extraLicences, ProjectDisclosures } from "~/public/widgets/licence/disclosures.tsx";
import { LicenceBlock, LicenceOffline } from "~/public/widgets/licence/licence.tsx";
import { isLicenceOffline, LICENCE_OFFLINE_STATUS } from "~/public/widgets/licence/offline.ts";
import { licenceQr } from "~/public/widgets/licence/qr.server.ts";
import { FloatingShortcuts } from "~/public/widgets/shortcuts/shortcuts.tsx";
import { VisitBookingCta } from "~/public/widgets/visit-booking/visit-booking.tsx";
import { useSite } from "~/root.tsx";
import type { Route } from "./+types/project";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const token = previewToken(request);
  const [projectRes, unitsRes, inventoryRes] = await Promise.all([
    context.api(withPreview(`/api/projects/${id}`, token)),
    context.api(withPreview(`/api/projects/${id}/units`, token)).catch(() => null),
    context.api(withPreview(`/api/projects/${id}/inventory`, token)).catch(() => null),
  ]);
  if (isLicenceOffline(projectRes)) throw data(null, { status: LICENCE_OFFLINE_STATUS });
  throwUnlessFound(projectRes);
  const project = (await projectRes.json()) as Project;
  const brochureBytes = await brochureSize(context.api, project.pdfUrl);
  const visitOffer = await loadVisitOffer(context.api, project.id);
  const affordability = await loadAffordability(context.api, new URL(request.url), project.price);
  const unitsOk = unitsRes?.ok ?? false;
  const units = unitsOk && unitsRes ? ((await unitsRes.json()) as Unit[]) : [];
  const inventory = inventoryRes?.ok ? ((await inventoryRes.json()) as ProjectInventory) : null;
  const preview = isPreviewOf(token, projectRes);
  const qr = await licenceQr(project.licence.verificationUrl);
  const building = new URL(request.url).searchParams.get(AVAILABILITY_QUERY);
  return previewData(
    {
      project,
      units,
      unitsError: !unitsOk,
      preview,
      brochureBytes,
      affordability,
      qr,
      inventory,
      visitOffer,
      building,
    },
    preview,
  );
}

export const headers = previewDocumentHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const { result, status } = await handleContactAction(request, context.api, { kind: "project", reference: id });
  return data(result, { status });
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const project = loaderData?.project;
  if (!project) {
    return notFoundMeta(matches, TEXTS.projectNotFound);
  }
  const place = placeText(project);
  const root = rootMetaData(matches);
  const tags = pageMeta({
    matches,
    location,
    breadcrumbs: projectCrumbs(project),
    jsonLd: root ? [projectJsonLd(project, root.origin, `${root.origin}${location.pathname}`)] : [],
    title: project.name,
    description:
      excerpt(project.description) ||
      [project.name, place, project.price > 0 ? formatSAR(project.price) : null].filter(Boolean).join(" - "),
    image: project.images[0],
  });
  return loaderData.preview ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

/** The trail of a project page: home > projects > the project. */
function projectCrumbs(project: Project) {
  return [
    { label: "الرئيسية", to: "/" },
    { label: "المشاريع", to: "/all-projects" },
    { label: project.name, to: `/project/${project.id}` },
  ];
}

function InfoItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-canvas p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-ink">{value}</dd>
    </div>
  );
}

/** The info section's «المزايا» (garage, driver's and maid's rooms) and «القرب من المعالم» lists; nothing when empty. */
function ProjectFeatures({ project }: { project: Project }) {
  const extras = [
    project.hasGarage && "موقف سيارة خاص",
    project.hasDriverRoom && "غرفة سائق",
    project.hasMaidRoom && "غرفة خادمة",
  ].filter((v): v is string => Boolean(v));
  return (
    <>
      {extras.length > 0 && (
        <div className="grid gap-3">
          <h3 className="font-bold text-ink">المزايا</h3>
          <ul className="flex flex-wrap gap-2">
            {extras.map((extra) => (
              <li
                key={extra}
                className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-700"
              >
                <Check aria-hidden="true" className="size-4" />
                {extra}
              </li>
            ))}
          </ul>
        </div>
      )}
      {project.distanceFromLandmark.length > 0 && (
        <div className="grid gap-3">
          <h3 className="font-bold text-ink">القرب من المعالم</h3>
          <ul className="grid gap-2">
            {project.distanceFromLandmark.map((item) => (
              <li key={item} className="flex items-center gap-2 text-muted">
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The project's completion and sales rings and its four stage bars (docs/product.md §2.6). */
function ProjectProgress({ project }: { project: Route.ComponentProps["loaderData"]["project"] }) {
  return (
    <section aria-labelledby="progress-title" className="grid gap-6 rounded-3xl bg-surface p-6 ring-1 ring-black/5">
      <h2 id="progress-title" className="text-2xl font-bold text-ink">
        الإنجاز والمبيعات
      </h2>
      <div className="flex flex-wrap justify-around gap-6">
        <div className="grid justify-items-center gap-2">
          <ProgressRing value={project.completionPercentage} label="نسبة الإنجاز" size={104} />
          <p className="font-medium text-ink">نسبة الإنجاز</p>
        </div>
        <div className="grid justify-items-center gap-2">
          <SalesRing percentage={project.salesPercentage} size={104} />
          <p className="font-medium text-ink">نسبة المبيعات</p>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4">
        <StageBar label="الأعمال الخرسانية" value={project.concretePercentage} />
        <StageBar label="أعمال السباكة" value={project.plumbingPercentage} />
        <StageBar label="الأعمال الكهربائية" value={project.electricalPercentage} />
        <StageBar label="التشطيبات" value={project.finishingPercentage} />
      </div>
    </section>
  );
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project, units, unitsError, preview, brochureBytes, affordability, qr, inventory, visitOffer, building } =
    loaderData;
  const site = useSite();
  const brochureSizeText = fileSizeText(brochureBytes);
  const place = placeText(project);
  const rooms = roomsText(project);
  const area = areaText(project);

  return (
    <>
      {preview && project.publishedAt === null && <PreviewBanner />}
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-4 py-8 pb-40">
        <ProjectFirstScreen
          project={project}
          place={place}
          crumbs={projectCrumbs(project).map((c, i, all) => (i === all.length - 1 ? { label: c.label } : c))}
        />

        {project.videoUrl && (
          <section aria-labelledby="video-title" className="grid grid-cols-1 gap-4" style={renderWhenNear(16)}>
            <h2 id="video-title" className="text-2xl font-bold text-ink">
              جولة بالفيديو
            </h2>
            <VideoEmbed url={project.videoUrl} title={`جولة بالفيديو في ${project.name}`} />
          </section>
        )}

        <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start" style={renderWhenNear(60)}>
          <section
            id="info"
            aria-labelledby="info-title"
            className="grid scroll-mt-24 gap-6 rounded-3xl bg-surface p-6 ring-1 ring-black/5"
          >
            <h2 id="info-title" className="text-2xl font-bold text-ink">
              معلومات المشروع
            </h2>
            {project.description && <p className="leading-relaxed text-muted">{project.description}</p>}
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {rooms && <InfoItem label="عدد الغرف" value={rooms} />}
              {project.bathrooms !== null && <InfoItem label="دورات المياه" value={formatNumber(project.bathrooms)} />}
              {area && <InfoItem label="المساحة" value={area} />}
            </dl>
            <ProjectFeatures project={project} />
            {project.guarantees.length > 0 && (
              <div className="grid gap-3">
                <h3 className="font-bold text-ink">الضمانات</h3>
                <ul className="grid gap-2 sm:grid-cols-2">
                  {project.guarantees.map((g) => (
                    <li key={`${g.type}-${g.years}`} className="rounded-xl bg-canvas px-4 py-3">
                      <span className="font-medium text-ink">{guaranteeLabel(g.type)}</span>
                      <span className="text-muted">{` - ضمان ${yearsText(g.years)}`}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {project.pdfUrl && (
              <a
                href={project.pdfUrl}
                download
                data-testid="brochure-link"
                className="inline-flex items-center gap-2 justify-self-start rounded-xl bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-900"
              >
                <FileDown aria-hidden="true" className="size-5 shrink-0" />
                <span>
                  تحميل كتيّب المشروع
                  {brochureSizeText && <span className="font-medium text-brand-50">{` (${brochureSizeText})`}</span>}
                </span>
              </a>
            )}
            <ProjectDisclosures project={project} advertiser={advertiserOf(site)} />
          </section>

          <ProjectProgress project={project} />
        </div>

        <LicenceBlock
          licence={project.licence}
          advertiser={advertiserOf(site)}
          qr={qr}
          extra={extraLicences(project)}
        />

        <section
          id="units"
          aria-labelledby="units-title"
          className="grid scroll-mt-24 gap-6"
          style={renderWhenNear(40)}
        >
          <h2 id="units-title" className="text-2xl font-bold text-ink">
            الوحدات المتاحة
          </h2>
          <UnitsSection units={units} error={unitsError} />
        </section>

        {inventory && inventory.buildings.length > 0 && (
          <section
            id={AVAILABILITY_ANCHOR}
            aria-labelledby="availability-title"
            className="grid scroll-mt-24 gap-6"
            style={renderWhenNear(40)}
          >
            <h2 id="availability-title" className="text-2xl font-bold text-ink">
              توفر الوحدات
            </h2>
            <AvailabilityGrid projectId={project.id} inventory={inventory} building={building} />
          </section>
        )}

        {visitOffer && (
          <VisitBookingCta projectId={project.id} placeKind={visitOffer.placeKind} placeName={visitOffer.placeName} />
        )}
        <ProjectMapSection latitude={project.latitude} longitude={project.longitude} name={project.name} />
        <AffordabilitySection view={affordability} estimateFor={contactFormElementId("project-contact")} />
        <ProjectContactSection projectName={project.name} idPrefix="project-contact" />

        <FloatingShortcuts
          items={[
            { target: "info", label: "معلومات المشروع", Icon: Info },
            { target: "units", label: "الوحدات المتاحة", Icon: Building2 },
            { target: "contact", label: "تواصل معنا", Icon: MessageSquare },
          ]}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === LICENCE_OFFLINE_STATUS) return <LicenceOffline />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundBlock title={TEXTS.projectNotFound} text="ربما أُزيل المشروع أو تغيّر رابطه." />;
  }
  return <NotFoundBlock title={TEXTS.errorTitle} text="تعذّر تحميل تفاصيل المشروع. يرجى المحاولة مرة أخرى لاحقاً." />;
}
