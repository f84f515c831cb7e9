/** The update card of the home page and /all-updates (SPEC §2.3 "updates section", §2.5). */
import { Link } from "react-router";
import { formatDateLong } from "#domain/format.ts";
import { updateThumbnail } from "#domain/project-rules.ts";
import { TEXTS } from "#domain/texts.ts";
import type { ProjectUpdate } from "#domain/types.ts";
import { ImageBox, ResponsiveImage } from "./responsive-image.tsx";

const CARD_SIZES = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * A card linking to /update/{id}: thumbnail (thumbnailUrl → first interior photo → first drone photo →
 * the text "لا توجد صورة"), title, project name, and the long Arabic date of createdAt ("تاريخ غير محدد" if missing).
 * `headingLevel` keeps the page's heading order (h3 under a section h2, h2 on a list page). `priority`: the thumbnail
 * is the page's largest paint (the first card of /all-updates): requested at once, at high priority. `deferImage`: the
 * thumbnail waits for it, inside a `<noscript>` until an island reveals it (ImageBox).
 */
export function UpdateCard({
  update,
  headingLevel = 3,
  priority,
  deferImage = false,
}: {
  update: ProjectUpdate;
  headingLevel?: 2 | 3;
  priority?: boolean;
  deferImage?: boolean;
}) {
  const thumbnail = updateThumbnail(update);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Link
      to={`/update/${update.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-black/5 transition-shadow hover:shadow-md"
    >
      <ImageBox
        image={
          thumbnail ? (
            <ResponsiveImage
              src={thumbnail}
              alt={`صورة ${update.title}`}
              sizes={CARD_SIZES}
              width={960}
              height={540}
              priority={priority}
            />
          ) : null
        }
        deferred={deferImage}
        className="aspect-video overflow-hidden bg-brand-50"
      >
        <div className="grid size-full place-items-center text-sm text-muted">{TEXTS.noImage}</div>
      </ImageBox>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <Heading className="font-bold text-ink group-hover:text-brand-700">{update.title}</Heading>
        {update.projectName && <p className="text-sm text-brand-700">{update.projectName}</p>}
        <p className="mt-auto pt-1 text-sm text-muted">
          <time dateTime={update.createdAt || undefined}>{formatDateLong(update.createdAt, TEXTS.dateUnknown)}</time>
        </p>
      </div>
    </Link>
  );
}
