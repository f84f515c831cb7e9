/** /all-updates (SPEC §2.5): title "آخر التحديثات", a grid of update cards, error and empty blocks. */

import { TEXTS } from "#domain/texts.ts";
import type { ProjectUpdate } from "#domain/types.ts";
import { Breadcrumb } from "~/public/components/breadcrumb.tsx";
import { EmptyState, LoadError } from "~/public/components/list-state.tsx";
import { UpdateCard } from "~/public/components/update-card.tsx";
import { pageMeta } from "~/public/lib/page-meta.ts";
import { CardList } from "~/public/widgets/card-list/card-list.tsx";
import type { Route } from "./+types/all-updates";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const res = await context.api("/api/project-updates");
    if (!res.ok) return { updates: [] as ProjectUpdate[], error: true };
    return { updates: (await res.json()) as ProjectUpdate[], error: false };
  } catch {
    return { updates: [] as ProjectUpdate[], error: true };
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    breadcrumbs: [
      { label: "الرئيسية", to: "/" },
      { label: TEXTS.latestUpdates, to: "/all-updates" },
    ],
    title: TEXTS.latestUpdates,
    description: "آخر تحديثات سير العمل في مشاريعنا: صور الموقع ونسب الإنجاز.",
  });
}

export default function AllUpdates({ loaderData }: Route.ComponentProps) {
  const { updates, error } = loaderData;
  // The cards after the first send their photos unrequested; the card-list island shows them once the first photo
  // has arrived (widgets/card-list/card-list.island.ts).
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: TEXTS.latestUpdates }]} />
      <h1 className="mt-4 text-3xl font-bold text-ink">{TEXTS.latestUpdates}</h1>
      <div className="mt-8">
        {error ? (
          <LoadError title={TEXTS.errorTitle} text={TEXTS.updatesLoadFailed} retryHref="/all-updates" />
        ) : updates.length === 0 ? (
          <EmptyState title={TEXTS.updatesEmpty} text={TEXTS.updatesComingSoon} />
        ) : (
          <CardList>
            {updates.map((update, index) => (
              <li key={update.id} className="render-when-near [--near-size:24rem]">
                <UpdateCard update={update} headingLevel={2} priority={index === 0} deferImage={index > 0} />
              </li>
            ))}
          </CardList>
        )}
      </div>
    </div>
  );
}
