/**
 * /all-projects (SPEC §2.4): a grid of project cards with a search box (?search=, passed to the API), the load error
 * block with a retry that reloads, and the empty block.
 */
import { Search, X } from "lucide-react";
import { Form, Link } from "react-router";
import { SEARCH_TEXTS, TEXTS } from "#domain/texts.ts";
import type { Project } from "#domain/types.ts";
import { Breadcrumb } from "~/public/components/breadcrumb.tsx";
import { EmptyState, LoadError } from "~/public/components/list-state.tsx";
import { ProjectGridCard } from "~/public/components/project-card.tsx";
import { pageMeta } from "~/public/lib/page-meta.ts";
import { CardList } from "~/public/widgets/card-list/card-list.tsx";
import type { Route } from "./+types/all-projects";

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = (new URL(request.url).searchParams.get("search") ?? "").trim().slice(0, 200);
  try {
    const res = await context.api(search ? `/api/projects?search=${encodeURIComponent(search)}` : "/api/projects");
    if (!res.ok) return { projects: [] as Project[], error: true, search };
    return { projects: (await res.json()) as Project[], error: false, search };
  } catch {
    return { projects: [] as Project[], error: true, search };
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: "المشاريع",
    description: "جميع مشاريعنا السكنية في جدة: الأسعار، نسب الإنجاز والمبيعات، والمواقع.",
    breadcrumbs: CRUMBS,
  });
}

/** The trail of this page (SPEC §2.4: the breadcrumb data links to /all-projects). */
const CRUMBS = [
  { label: "الرئيسية", to: "/" },
  { label: "المشاريع", to: "/all-projects" },
];

export default function AllProjects({ loaderData }: Route.ComponentProps) {
  const { projects, error, search } = loaderData;
  // The cards after the first send their photos unrequested; the card-list island shows them once the first photo
  // has arrived (widgets/card-list/card-list.island.ts).
  const retryHref = search ? `/all-projects?search=${encodeURIComponent(search)}` : "/all-projects";

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Breadcrumb items={[CRUMBS[0], { label: CRUMBS[1].label }]} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">مشاريعنا</h1>
        <Form method="get" role="search" noValidate className="flex w-full gap-2 sm:w-auto">
          <label htmlFor="project-search" className="sr-only">
            البحث في المشاريع
          </label>
          <input
            id="project-search"
            type="search"
            name="search"
            defaultValue={search}
            maxLength={200}
            placeholder="ابحث باسم المشروع أو الحي"
            className="min-h-11 w-full rounded-xl border border-black/15 bg-surface px-3 sm:w-72"
          />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-4 font-bold text-white hover:bg-brand-900"
          >
            <Search aria-hidden="true" className="size-4" />
            بحث
          </button>
        </Form>
      </div>

      <div className="mt-8">
        {error ? (
          <LoadError title={TEXTS.errorTitle} text={TEXTS.projectsLoadFailed} retryHref={retryHref} />
        ) : projects.length === 0 && search ? (
          <div role="status">
            <EmptyState
              title={
                <>
                  {SEARCH_TEXTS.noMatchLead} «<bdi>{search}</bdi>»
                </>
              }
              text="جرّب كلمة أخرى أو اسم الحي، أو اعرض جميع المشاريع."
              action={
                <Link
                  to="/all-projects"
                  className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-5 py-2 font-bold text-white hover:bg-brand-900"
                >
                  <X aria-hidden="true" className="size-4" />
                  {SEARCH_TEXTS.clear}
                </Link>
              }
            />
          </div>
        ) : projects.length === 0 ? (
          <EmptyState title={TEXTS.projectsEmpty} text={TEXTS.projectsComingSoon} />
        ) : (
          <>
            {search && (
              <p role="status" className="mb-4 text-muted">
                نتائج البحث عن «<bdi>{search}</bdi>»
              </p>
            )}
            <CardList>
              {projects.map((project, index) => (
                <li key={project.id} className="render-when-near grid [--near-size:26rem]">
                  <ProjectGridCard project={project} priority={index === 0} deferImage={index > 0} />
                </li>
              ))}
            </CardList>
          </>
        )}
      </div>
    </div>
  );
}
