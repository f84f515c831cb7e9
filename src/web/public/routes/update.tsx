/**
 * /update/:id (SPEC §2.7): breadcrumb home > project > "تحديث المشروع", Gregorian date with the Hijri date beside it
 * (resolution 9), hero carousel of photos, optional video, interior photos, drone photos, work progress (four stage
 * bars and an overall completion ring clamped to 0–100), a project summary card (loaded from /api/projects/{projectId}),
 * a map when the project has coordinates, the contact form (updateReference, resolution 3) and floating shortcuts.
 */
import { Activity, Building2, MapPin, MessageSquare } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { formatDateLong, formatHijri, formatSAR } from "#domain/format.ts";
import { parseId } from "#domain/ids.ts";
import { updateThumbnail } from "#domain/project-rules.ts";
import { TEXTS } from "#domain/texts.ts";
import type { Project, ProjectUpdate } from "#domain/types.ts";
import { Breadcrumb } from "~/public/components/breadcrumb.tsx";
import { ProjectContactSection, ProjectMapSection, renderWhenNear } from "~/public/components/detail-sections.tsx";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { PreviewBanner } from "~/public/components/preview-banner.tsx";
import { ProgressRing, StageBar } from "~/public/components/progress.tsx";
import { ProjectImage } from "~/public/components/project-card.tsx";
import { StatusBadge } from "~/public/components/status-badge.tsx";
import { VideoEmbed } from "~/public/components/video-embed.tsx";
import { handleContactAction } from "~/public/lib/contact-action.server.ts";
import { excerpt, pageMeta } from "~/public/lib/page-meta.ts";
import { isPreviewOf, previewData, previewDocumentHeaders, previewToken, withPreview } from "~/public/lib/preview.ts";
import { placeText, updateHeroPhotos } from "~/public/lib/project-display.ts";
import { notFoundMeta, throwUnlessFound } from "~/public/lib/route-answers.ts";
import { ImageGallery } from "~/public/widgets/gallery/gallery.tsx";
import { FloatingShortcuts } from "~/public/widgets/shortcuts/shortcuts.tsx";
import type { Route } from "./+types/update";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const token = previewToken(request);
  const res = await context.api(withPreview(`/api/project-updates/${id}`, token));
  throwUnlessFound(res);
  const update = (await res.json()) as ProjectUpdate;
  let project: Project | null = null;
  try {
    const projectRes = await context.api(`/api/projects/${update.projectId}`);
    if (projectRes.ok) project = (await projectRes.json()) as Project;
  } catch {
    project = null;
  }
  const preview = isPreviewOf(token, res);
  return previewData({ update, project, preview }, preview);
}

export const headers = previewDocumentHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const { result, status } = await handleContactAction(request, context.api, { kind: "update", reference: id });
  return data(result, { status });
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const update = loaderData?.update;
  if (!update) {
    return notFoundMeta(matches, TEXTS.updateNotFound);
  }
  const projectName = loaderData.project?.name ?? update.projectName;
  const tags = pageMeta({
    matches,
    location,
    type: "article",
    breadcrumbs: [
      { label: "الرئيسية", to: "/" },
      { label: projectName ?? "المشروع", to: `/project/${update.projectId}` },
      { label: TEXTS.updateBreadcrumb, to: `/update/${update.id}` },
    ],
    title: projectName ? `${update.title} - ${projectName}` : update.title,
    description: excerpt(update.summary) || `${TEXTS.updateBreadcrumb}: ${update.title}`,
    image: updateThumbnail(update),
  });
  return loaderData.preview ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

export default function UpdatePage({ loaderData }: Route.ComponentProps) {
  const { update, project, preview } = loaderData;
  const hero = updateHeroPhotos(update);
  const projectName = project?.name ?? update.projectName ?? "المشروع";
  const hijri = formatHijri(update.createdAt);

  return (
    <>
      {preview && update.publishedAt === null && <PreviewBanner />}
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-4 py-8 pb-40">
        <div className="grid min-w-0 grid-cols-1 gap-5">
          <Breadcrumb
            items={[
              { label: "الرئيسية", to: "/" },
              { label: projectName, to: `/project/${update.projectId}` },
              { label: TEXTS.updateBreadcrumb },
            ]}
          />
          <div className="grid gap-2">
            <h1 className="text-3xl font-bold text-ink sm:text-4xl">{update.title}</h1>
            <p className="text-muted">
              <time dateTime={update.createdAt}>{formatDateLong(update.createdAt, TEXTS.dateUnknown)}</time>
              {hijri && <span>{` - الموافق ${hijri}`}</span>}
            </p>
            {update.summary && <p className="max-w-3xl text-lg leading-relaxed text-muted">{update.summary}</p>}
          </div>
          {hero.length > 0 ? (
            <ImageGallery images={hero} name={update.title} label="صور التحديث" />
          ) : (
            <div className="grid aspect-[16/9] place-items-center rounded-3xl bg-brand-50 text-muted">
              {TEXTS.noImage}
            </div>
          )}
        </div>

        {update.videoUrl && (
          <section aria-labelledby="video-title" className="grid grid-cols-1 gap-4" style={renderWhenNear(16)}>
            <h2 id="video-title" className="text-2xl font-bold text-ink">
              فيديو التحديث
            </h2>
            <VideoEmbed url={update.videoUrl} title={`فيديو ${update.title}`} />
          </section>
        )}

        {update.interiorPhotos.length > 0 && (
          <section aria-labelledby="interior-title" className="grid grid-cols-1 gap-4" style={renderWhenNear(16)}>
            <h2 id="interior-title" className="text-2xl font-bold text-ink">
              الصور الداخلية
            </h2>
            <ImageGallery
              images={update.interiorPhotos}
              name={`${update.title} - صورة داخلية`}
              label="الصور الداخلية"
              hero={false}
            />
          </section>
        )}

        {update.dronePhotos.length > 0 && (
          <section aria-labelledby="drone-title" className="grid grid-cols-1 gap-4" style={renderWhenNear(16)}>
            <h2 id="drone-title" className="text-2xl font-bold text-ink">
              التصوير الجوي
            </h2>
            <ImageGallery
              images={update.dronePhotos}
              name={`${update.title} - صورة جوية`}
              label="التصوير الجوي"
              hero={false}
            />
          </section>
        )}

        <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start" style={renderWhenNear(40)}>
          <section
            id="progress"
            aria-labelledby="progress-title"
            className="grid scroll-mt-24 gap-6 rounded-3xl bg-surface p-6 ring-1 ring-black/5"
          >
            <h2 id="progress-title" className="text-2xl font-bold text-ink">
              سير العمل
            </h2>
            <div className="grid items-center gap-6 sm:grid-cols-[auto_1fr]">
              <div className="grid justify-items-center gap-2">
                <ProgressRing value={update.completionPercentage} label="نسبة الإنجاز الكلية" size={120} />
                <p className="font-medium text-ink">نسبة الإنجاز الكلية</p>
              </div>
              <div className="grid grid-cols-1 gap-4">
                <StageBar label="الأعمال الخرسانية" value={update.concretePercentage} />
                <StageBar label="أعمال السباكة" value={update.plumbingPercentage} />
                <StageBar label="الأعمال الكهربائية" value={update.electricalPercentage} />
                <StageBar label="التشطيبات" value={update.finishingPercentage} />
              </div>
            </div>
            {update.lastVisitDate && (
              <p className="text-sm text-muted">{`آخر زيارة للموقع: ${formatDateLong(update.lastVisitDate)}`}</p>
            )}
            {update.notes && <p className="leading-relaxed text-muted">{update.notes}</p>}
          </section>

          {project && (
            <section
              id="project"
              aria-labelledby="project-title"
              className="grid scroll-mt-24 overflow-hidden rounded-3xl bg-surface ring-1 ring-black/5"
            >
              <ProjectImage project={project} sizes="(min-width: 1024px) 40vw, 100vw" />
              <div className="grid gap-3 p-6">
                <div className="flex items-start justify-between gap-3">
                  <h2 id="project-title" className="text-xl font-bold text-ink">
                    {project.name}
                  </h2>
                  <StatusBadge project={project} />
                </div>
                {placeText(project) && (
                  <p className="flex items-center gap-1.5 text-muted">
                    <MapPin aria-hidden="true" className="size-4" />
                    {placeText(project)}
                  </p>
                )}
                {project.price > 0 && <p className="text-lg font-bold text-brand-700">{formatSAR(project.price)}</p>}
                <Link
                  to={`/project/${project.id}`}
                  className="inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-900"
                >
                  {TEXTS.viewDetails}
                </Link>
              </div>
            </section>
          )}
        </div>

        {project && <ProjectMapSection latitude={project.latitude} longitude={project.longitude} name={project.name} />}
        <ProjectContactSection projectName={projectName} idPrefix="update-contact" />

        <FloatingShortcuts
          items={[
            { target: "progress", label: "سير العمل", Icon: Activity },
            ...(project ? [{ target: "project", label: "ملخص المشروع", Icon: Building2 }] : []),
            { target: "contact", label: "تواصل معنا", Icon: MessageSquare },
          ]}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundBlock title={TEXTS.updateNotFound} text="ربما أُزيل التحديث أو تغيّر رابطه." />;
  }
  return <NotFoundBlock title={TEXTS.errorTitle} text="تعذّر تحميل تفاصيل التحديث. يرجى المحاولة مرة أخرى لاحقاً." />;
}
