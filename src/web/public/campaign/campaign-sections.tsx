/**
 * The sections of the campaign landing page (SPEC §2.8): hero with the poster as background, project name,
 * description and the lead form; video; gallery with lightbox (the public gallery component, read-only reuse);
 * features; guarantees; building specs (each item an image and a text).
 */
import { CheckCircle2, ShieldCheck, Wrench } from "lucide-react";
import type * as React from "react";
import type { PublicCampaignResponse } from "#domain/schemas/landing.ts";
import { ResponsiveImage } from "~/public/components/responsive-image.tsx";
import { VideoEmbed } from "~/public/components/video-embed.tsx";
import { ImageGallery } from "~/public/widgets/gallery/gallery.tsx";

type Item = { text: string; image: string | null };

/** The hero: poster background (the page's LCP image), name, description, and `form` beside them. */
export function CampaignHero({ data, form }: { data: PublicCampaignResponse; form: React.ReactNode }) {
  const { project, landingPage } = data;
  return (
    <section aria-labelledby="campaign-title" className="relative isolate overflow-hidden bg-brand-900">
      <div className="absolute inset-0 -z-10">
        <ResponsiveImage src={landingPage.poster} alt="" sizes="100vw" priority className="opacity-60" />
        <div className="absolute inset-0 bg-gradient-to-t from-brand-900/95 via-brand-900/60 to-brand-900/20" />
      </div>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:py-20 lg:grid-cols-[1fr_minmax(0,28rem)] lg:items-center">
        <div className="text-white">
          <h1 id="campaign-title" className="text-4xl font-bold leading-tight md:text-5xl">
            {project.name}
          </h1>
          {project.description && (
            <p className="mt-4 max-w-2xl whitespace-pre-line text-lg leading-8 text-white/90">{project.description}</p>
          )}
        </div>
        <div id="campaign-form" className="rounded-3xl bg-surface p-5 shadow-xl md:p-6">
          <h2 className="mb-4 text-xl font-bold text-ink">سجّل اهتمامك وسنتواصل معك</h2>
          {form}
        </div>
      </div>
    </section>
  );
}

export function CampaignVideo({ url, name }: { url: string | null; name: string }) {
  if (!url) return null;
  return (
    <section aria-labelledby="campaign-video" className="mx-auto max-w-5xl px-4 py-12">
      <h2 id="campaign-video" className="mb-6 text-2xl font-bold text-ink">
        فيديو المشروع
      </h2>
      <VideoEmbed url={url} title={`فيديو ${name}`} />
    </section>
  );
}

export function CampaignGallery({ images, name }: { images: string[]; name: string }) {
  if (images.length === 0) return null;
  return (
    <section aria-labelledby="campaign-gallery" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="campaign-gallery" className="mb-6 text-2xl font-bold text-ink">
        معرض الصور
      </h2>
      <ImageGallery images={images} name={name} label="معرض صور المشروع" hero={false} />
    </section>
  );
}

/** Stable keys from the items' content ("#2" on a repeated item). */
function withKeys(items: Item[]): { item: Item; key: string }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = `${item.text}|${item.image ?? ""}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { item, key: n === 1 ? base : `${base}#${n}` };
  });
}

/** One item: its photo (4:3) when it has one, then its icon and text. */
function ItemCard({ item, icon: Icon }: { item: Item; icon: typeof CheckCircle2 }) {
  return (
    <li className="overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-black/5">
      {item.image && (
        <div className="aspect-[4/3]">
          <ResponsiveImage src={item.image} alt="" sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
        </div>
      )}
      <p className="flex items-start gap-3 p-4 font-medium text-ink">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <span>{item.text}</span>
      </p>
    </li>
  );
}

/**
 * A titled list of items (features, guarantees, building specs); nothing when empty. The items with a photo come
 * first in one grid, those without in a second: in one grid a text-only item sharing a row with photo cards was
 * stretched to their height, an empty white box (330 px at 1280 px). Each box is as tall as its own content
 * (items-start), so no box is ever empty at any width.
 */
export function CampaignItems({
  id,
  title,
  items,
  icon,
}: {
  id: string;
  title: string;
  items: Item[];
  icon: typeof CheckCircle2;
}) {
  if (items.length === 0) return null;
  const keyed = withKeys(items);
  const groups = [keyed.filter(({ item }) => item.image), keyed.filter(({ item }) => !item.image)];
  return (
    <section aria-labelledby={id} className="mx-auto grid max-w-6xl gap-4 px-4 py-12">
      <h2 id={id} className="mb-2 text-2xl font-bold text-ink">
        {title}
      </h2>
      {groups.map(
        (group) =>
          group.length > 0 && (
            <ul key={group[0].key} className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {group.map(({ item, key }) => (
                <ItemCard key={key} item={item} icon={icon} />
              ))}
            </ul>
          ),
      )}
    </section>
  );
}

/** Every section below the hero, in SPEC §2.8 order. */
export function CampaignBody({ data }: { data: PublicCampaignResponse }) {
  const { landingPage, project } = data;
  return (
    <>
      <CampaignVideo url={landingPage.videoUrl} name={project.name} />
      <CampaignGallery images={landingPage.images} name={project.name} />
      <CampaignItems id="campaign-features" title="مميزات المشروع" items={landingPage.features} icon={CheckCircle2} />
      <CampaignItems id="campaign-guarantees" title="الضمانات" items={landingPage.guarantees} icon={ShieldCheck} />
      <CampaignItems id="campaign-specs" title="مواصفات البناء" items={landingPage.buildingSpecs} icon={Wrench} />
    </>
  );
}
