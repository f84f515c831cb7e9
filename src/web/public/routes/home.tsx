/**
 * The home page (SPEC §2.3): hero, about, guarantees, partner marquee, projects carousel, latest updates and the
 * contact form, with anchor sections about, projects, updates and contact. Data comes from the loader (SSR), so the
 * projects and updates are in the first HTML; a failed projects call shows the SPEC error text instead of a throw.
 */
import { Mail, MapPin, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { HOME_LATEST_UPDATES, HOME_PROJECTS } from "#domain/constants.ts";
import { arabicIndicDigits } from "#domain/format.ts";
import { TEXTS } from "#domain/texts.ts";
import type { Project, ProjectUpdate } from "#domain/types.ts";
import { AboutSection, GuaranteesSection } from "~/public/components/home-sections.tsx";
import { UpdateCard } from "~/public/components/update-card.tsx";
import { handleContactAction } from "~/public/lib/contact-action.server.ts";
import { pageMeta } from "~/public/lib/page-meta.ts";
import { ContactForm } from "~/public/widgets/contact-form/contact-form.tsx";
import { Hero } from "~/public/widgets/hero/hero.tsx";
import { PartnersMarquee } from "~/public/widgets/marquee/marquee.tsx";
import { ProjectsCarousel } from "~/public/widgets/projects-carousel/projects-carousel.tsx";
import { useSite, useSiteLinks } from "~/root.tsx";
import type { Route } from "./+types/home";

async function readList<T>(response: Promise<Response>): Promise<{ items: T[]; error: boolean }> {
  try {
    const res = await response;
    if (!res.ok) return { items: [], error: true };
    return { items: (await res.json()) as T[], error: false };
  } catch {
    return { items: [], error: true };
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const [projects, updates] = await Promise.all([
    readList<Project>(context.api(`/api/projects?limit=${HOME_PROJECTS}`)),
    readList<ProjectUpdate>(context.api("/api/project-updates")),
  ]);
  return {
    projects: projects.items,
    projectsError: projects.error,
    updates: updates.items.slice(0, HOME_LATEST_UPDATES),
    updatesError: updates.error,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { result, status } = await handleContactAction(request, context.api, { kind: "home" });
  return data(result, { status });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const site = matches[0]?.loaderData?.site;
  const origin = matches[0]?.loaderData?.origin;
  return pageMeta({
    matches,
    location,
    // The site search of SPEC §2.1 (/all-projects?search=), advertised to search engines.
    jsonLd: origin
      ? [
          {
            "@context": "https://schema.org",
            "@type": "WebSite",
            url: `${origin}/`,
            name: site?.name,
            inLanguage: "ar",
            potentialAction: {
              "@type": "SearchAction",
              target: { "@type": "EntryPoint", urlTemplate: `${origin}/all-projects?search={search_term_string}` },
              "query-input": "required name=search_term_string",
            },
          },
        ]
      : [],
    title: site?.tagline ?? "الرئيسية",
    description: site?.description ?? "",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { projects, projectsError, updates, updatesError } = loaderData;
  const { phone } = useSiteLinks();

  return (
    <>
      <Hero hero={site.hero} />
      <AboutSection about={site.about} />
      <GuaranteesSection />
      <PartnersMarquee partners={site.partners} />

      <section id="projects" aria-labelledby="projects-title" className="render-when-near scroll-mt-24 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
            <h2 id="projects-title" className="text-3xl font-bold text-ink">
              مشاريعنا
            </h2>
            <Link to="/all-projects" className="font-bold text-brand-700 underline-offset-4 hover:underline">
              عرض جميع المشاريع
            </Link>
          </div>
          {projectsError ? (
            <p role="alert" className="rounded-2xl bg-surface p-8 text-center font-medium text-danger">
              {TEXTS.projectsLoadError}
            </p>
          ) : projects.length === 0 ? (
            <p className="rounded-2xl bg-surface p-8 text-center text-muted">{TEXTS.projectsEmptyHome}</p>
          ) : (
            <ProjectsCarousel projects={projects} />
          )}
        </div>
      </section>

      <section id="updates" aria-labelledby="updates-title" className="render-when-near scroll-mt-24 bg-surface py-16">
        <div className="mx-auto max-w-6xl px-4">
          <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
            <h2 id="updates-title" className="text-3xl font-bold text-ink">
              {TEXTS.latestUpdates}
            </h2>
            <Link to="/all-updates" className="font-bold text-brand-700 underline-offset-4 hover:underline">
              عرض جميع التحديثات
            </Link>
          </div>
          {updatesError ? (
            <p role="alert" className="rounded-2xl bg-canvas p-8 text-center font-medium text-danger">
              {TEXTS.updatesLoadFailed}
            </p>
          ) : updates.length === 0 ? (
            <p className="rounded-2xl bg-canvas p-8 text-center text-muted">{TEXTS.updatesEmpty}</p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {updates.map((update) => (
                <li key={update.id}>
                  <UpdateCard update={update} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section id="contact" aria-labelledby="contact-title" className="render-when-near scroll-mt-24 py-16">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[1fr_2fr]">
          <div className="grid content-start gap-4">
            <h2 id="contact-title" className="text-3xl font-bold text-ink">
              تواصل معنا
            </h2>
            <p className="text-muted">يسعدنا تواصلك معنا للاستفسار عن مشاريعنا أو حجز وحدتك.</p>
            <address className="grid gap-3 not-italic">
              <p className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-5 text-brand-600" />
                <a href={phone.href} dir="ltr" className="font-bold text-brand-700 hover:underline">
                  {phone.display}
                </a>
              </p>
              <p className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-5 text-brand-600" />
                <a href={`mailto:${site.email}`} dir="ltr" className="text-brand-700 hover:underline">
                  {site.email}
                </a>
              </p>
              <p className="flex gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                <span>{arabicIndicDigits(site.address.ar)}</span>
              </p>
            </address>
          </div>
          <div className="rounded-3xl bg-surface p-6 shadow-sm ring-1 ring-black/5 sm:p-8">
            <ContactForm
              variant="home"
              successText={TEXTS.homeContactSuccess}
              errorText={TEXTS.homeContactError}
              idPrefix="home-contact"
            />
          </div>
        </div>
      </section>
    </>
  );
}
