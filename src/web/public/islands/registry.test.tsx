/**
 * Every `data-island` a public page can carry has an enhancer in the islands registry (registry.ts): the public pages
 * are rendered as the server renders them (the root's site data, the public layout on the home page with its
 * entrance, each page's route component with its loader's data) together with every widget's markup, and each island
 * name found in the HTML must be a key of ISLANDS. And every widget's contract (widgets/<name>/contract.ts) names an
 * island the registry knows, so a new widget cannot be forgotten there.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ListTree } from "lucide-react";
import type { ComponentType, ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { type SiteConfig, siteConfigSchema } from "#domain/site-config.ts";
import { TEXTS } from "#domain/texts.ts";
import AllProjects from "~/public/routes/all-projects.tsx";
import AllUpdates from "~/public/routes/all-updates.tsx";
import Home from "~/public/routes/home.tsx";
import PublicLayout from "~/public/routes/layout.tsx";
import NotFound from "~/public/routes/not-found.tsx";
import Privacy from "~/public/routes/privacy.tsx";
import ProjectPage from "~/public/routes/project.tsx";
import UpdatePage from "~/public/routes/update.tsx";
import { CampaignVisit } from "~/public/widgets/campaign-visit/campaign-visit.tsx";
import { ContactForm } from "~/public/widgets/contact-form/contact-form.tsx";
import { ImageGallery } from "~/public/widgets/gallery/gallery.tsx";
import { FloatingShortcuts } from "~/public/widgets/shortcuts/shortcuts.tsx";
import { makeProject, makeUpdate } from "~/test-utils/public-fixtures.ts";
import { ISLAND_ATTR, islandSelector, type WidgetContract } from "./contract.ts";
import { ISLANDS } from "./registry.ts";

const site: SiteConfig = siteConfigSchema.parse(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../../config/site.json"), "utf8")),
);
const ROOT_DATA = {
  site,
  origin: "https://example.test",
  phone: { display: "+966 12 000 0000", href: "tel:+966120000000", e164: "+966120000000" },
  whatsappNumber: "966500000000",
};
const IMAGES = [1, 2, 3].map((n) => `/media/images/${String(n).repeat(32)}.webp`);
const projects = [1, 2, 3].map((id) => makeProject({ id, name: `مشروع ${id}`, images: IMAGES }));
const updates = [1, 2].map((id) => makeUpdate({ id, projectId: 1 }));

/** The server's HTML of `path` under the public layout, with the page's loader data. */
function renderPage(path: string, Page: ComponentType<never>, loaderData: unknown): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: () => <Outlet />,
      children: [
        {
          id: "layout",
          Component: PublicLayout,
          handle: { islands: true },
          children: [{ id: "page", path: path.split("?")[0], Component: Page as ComponentType }],
        },
      ],
    },
  ]);
  return renderToStaticMarkup(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: ROOT_DATA, page: loaderData } }} />,
  );
}

/** The island names found in `html`. */
function islandsIn(html: string): string[] {
  const container = document.createElement("div");
  container.innerHTML = html;
  const found = [...container.querySelectorAll(`[${ISLAND_ATTR}]`)].map((el) => el.getAttribute(ISLAND_ATTR) ?? "");
  for (const template of container.querySelectorAll("template")) found.push(...islandsIn(template.innerHTML));
  return found;
}

const PAGES: [string, string][] = [
  ["/", renderPage("/", Home, { projects, projectsError: false, updates, updatesError: false })],
  ["/all-projects", renderPage("/all-projects", AllProjects, { projects, error: false, search: "" })],
  ["/all-updates", renderPage("/all-updates", AllUpdates, { updates, error: false })],
  [
    "/project/1",
    renderPage("/project/1", ProjectPage, {
      project: projects[0],
      units: [],
      unitsError: false,
      preview: false,
      brochureBytes: null,
      affordability: null,
    }),
  ],
  ["/update/1", renderPage("/update/1", UpdatePage, { update: updates[0], project: projects[0], preview: false })],
  ["/privacy", renderPage("/privacy", Privacy, null)],
  ["/nowhere", renderPage("/nowhere", NotFound, null)],
];

/** Widgets a page renders only in some states (the campaign page, a gallery without a hero, the shortcuts). */
const WIDGETS: [string, ReactElement][] = [
  ["campaign visit", <CampaignVisit key="visit" slug="summer" />],
  [
    "campaign form",
    <ContactForm
      key="form"
      variant="campaign"
      idPrefix="campaign-contact"
      successText={TEXTS.campaignContactSuccess}
      errorText={TEXTS.campaignContactError}
    />,
  ],
  ["gallery strip", <ImageGallery key="gallery" images={IMAGES} name="مشروع" hero={false} />],
  ["shortcuts", <FloatingShortcuts key="shortcuts" items={[{ target: "units", label: "الوحدات", Icon: ListTree }]} />],
];

describe("the islands registry", () => {
  it.each(PAGES)("every data-island of %s has an enhancer", (_path, html) => {
    const islands = islandsIn(html);
    expect(islands.length).toBeGreaterThan(0);
    for (const island of islands) expect(Object.keys(ISLANDS), `data-island="${island}"`).toContain(island);
  });

  it.each(WIDGETS)("every data-island of the %s has an enhancer", (_name, element) => {
    const Stub = createRoutesStub([{ id: "root", path: "/", Component: () => element }]);
    const html = renderToStaticMarkup(
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: ROOT_DATA } }} />,
    );
    const islands = islandsIn(html);
    expect(islands.length).toBeGreaterThan(0);
    for (const island of islands) expect(Object.keys(ISLANDS), `data-island="${island}"`).toContain(island);
  });

  it("the home page carries the islands of its widgets, the entrance first", () => {
    const home = PAGES[0][1];
    expect(new Set(islandsIn(home))).toEqual(
      new Set(["entrance", "session-banners", "hero", "hash-scroll", "marquee", "projects-carousel", "contact-form"]),
    );
    expect(home.indexOf(islandSelector("entrance").slice(1, -1))).toBeLessThan(home.indexOf('data-island="hero"'));
  });

  it("every widget's contract names an island the registry knows, and the registry names no other", () => {
    const contracts = import.meta.glob<Record<string, unknown>>("../widgets/*/contract.ts", { eager: true });
    const names = Object.values(contracts).flatMap((module) =>
      Object.values(module)
        .filter((value): value is WidgetContract => typeof value === "object" && value !== null && "island" in value)
        .map((contract) => contract.island),
    );
    expect(new Set(names)).toEqual(new Set(Object.keys(ISLANDS)));
  });
});
