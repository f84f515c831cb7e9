/** The location map of the detail pages (SPEC §2.6, §9 zoom 16; ARCHITECTURE resolution 10: only with coordinates). */
import { ExternalLink } from "lucide-react";
import { osmEmbedUrl, osmLink } from "~/public/lib/media-embed.ts";

/** Props: coordinates (null → nothing rendered) and the place name for the frame title. */
export function MapEmbed({
  latitude,
  longitude,
  name,
}: {
  latitude: number | null;
  longitude: number | null;
  name: string;
}) {
  const src = osmEmbedUrl(latitude, longitude);
  if (!src || latitude === null || longitude === null) return null;
  return (
    <div className="grid gap-2">
      <div className="aspect-[4/3] overflow-hidden rounded-3xl bg-brand-50 ring-1 ring-black/5 sm:aspect-[16/7]">
        <iframe
          src={src}
          title={`موقع ${name} على الخريطة`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="size-full border-0"
        />
      </div>
      <a
        href={osmLink(latitude, longitude)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 justify-self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        فتح الخريطة في نافذة جديدة
      </a>
    </div>
  );
}
