/**
 * Head tags of the public pages (docs/product.md §10.1, ARCHITECTURE "head tags come from each route's meta"):
 * an Arabic title "… | <company name>", a description, the canonical URL on the site's public origin, Open Graph and
 * Twitter card tags with the page's first image, and JSON-LD: the Organization on every page, a BreadcrumbList when
 * the page has a trail, and any page-specific items (a residence offer on project pages).
 * (The LCP image needs no preload tag here: React 19 emits one during SSR for an eager <img> with
 * fetchPriority="high", with its srcset and sizes.)
 */
import type { MetaDescriptor } from "react-router";
import { imageVariant } from "#domain/media.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import type { Project } from "#domain/types.ts";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** What the root loader gives the head tags: the site configuration, the public origin and the phone in E.164. */
export interface RootMetaData {
  site: SiteConfig;
  origin: string;
  phoneE164: string;
}

/** The root loader's data among meta `matches`, or null before it loads (e.g. in an error boundary). */
export function rootMetaData(matches: readonly (MatchLike | undefined)[]): RootMetaData | null {
  const root = matches.find((m) => m?.id === "root")?.loaderData;
  if (typeof root !== "object" || root === null || !("site" in root) || !("origin" in root)) return null;
  const { site, origin } = root as { site: SiteConfig; origin: string; phone?: { e164?: string } };
  const phone = (root as { phone?: { e164?: unknown } }).phone?.e164;
  return { site, origin, phoneE164: typeof phone === "string" ? phone : site.phone };
}

/** The company name from the root loader's site configuration among meta `matches`, or "" before it loads. */
export function companyNameFrom(matches: readonly (MatchLike | undefined)[]): string {
  return rootMetaData(matches)?.site.name ?? "";
}

/** An absolute URL on `origin` for a site path ("/x" → "https://site/x"); absolute URLs are returned unchanged. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export interface MetaCrumb {
  label: string;
  /** Site path of the crumb; the last crumb (the current page) may omit it. */
  to?: string;
}

export interface PageMetaInput {
  /** Meta `matches` (to read the site configuration and the public origin). */
  matches: readonly (MatchLike | undefined)[];
  /** Meta `location`, for the canonical URL (path only: the search and hash are dropped); without it, no canonical. */
  location?: { pathname: string };
  /** The page's own title; the company name is appended after " | ". */
  title: string;
  description: string;
  /** An image URL (site path or absolute) for og:image / twitter:image; the 1280 px variant is used. */
  image?: string | null;
  /** The breadcrumb trail, for the BreadcrumbList JSON-LD. */
  breadcrumbs?: MetaCrumb[];
  /** Page-specific JSON-LD objects (each with its own @context). */
  jsonLd?: Record<string, unknown>[];
  /** og:type, "website" by default ("article" for an update). */
  type?: "website" | "article";
}

/** The Organization JSON-LD of the company (schema.org), from the site configuration. */
export function organizationJsonLd(site: SiteConfig, origin: string, phoneE164: string): Record<string, unknown> {
  const sameAs = Object.values(site.social).filter((v): v is string => typeof v === "string" && v.length > 0);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name: site.name,
    alternateName: site.nameEn,
    url: `${origin}/`,
    logo: absoluteUrl(origin, site.logo),
    description: site.description,
    telephone: phoneE164,
    email: site.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.ar,
      addressLocality: "جدة",
      addressCountry: "SA",
    },
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** The BreadcrumbList JSON-LD of a trail; crumbs without a path point at `currentUrl`. */
export function breadcrumbJsonLd(crumbs: MetaCrumb[], origin: string, currentUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: crumb.to ? absoluteUrl(origin, crumb.to) : currentUrl,
    })),
  };
}

/**
 * The JSON-LD of a project page: a Residence (name, description, photos, address, coordinates) offered for sale by
 * the company at its price in SAR (an Offer wrapping it) when the price is set, else the Residence alone.
 */
export function projectJsonLd(project: Project, origin: string, pageUrl: string): Record<string, unknown> {
  const residence: Record<string, unknown> = {
    "@type": "Residence",
    name: project.name,
    url: pageUrl,
    ...(project.description ? { description: project.description } : {}),
    ...(project.images.length
      ? { image: project.images.slice(0, 5).map((src) => absoluteUrl(origin, imageVariant(src, 1280))) }
      : {}),
    address: {
      "@type": "PostalAddress",
      ...(project.city ? { addressLocality: project.city } : {}),
      ...(project.district ? { streetAddress: project.district } : {}),
      addressCountry: "SA",
    },
    ...(project.latitude !== null && project.longitude !== null
      ? { geo: { "@type": "GeoCoordinates", latitude: project.latitude, longitude: project.longitude } }
      : {}),
  };
  if (project.price <= 0) return { "@context": "https://schema.org", ...residence };
  return {
    "@context": "https://schema.org",
    "@type": "Offer",
    url: pageUrl,
    price: project.price,
    priceCurrency: "SAR",
    availability: project.salesPercentage >= 100 ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    seller: { "@id": `${origin}/#organization` },
    itemOffered: residence,
  };
}

/** Builds the meta descriptors of a public page. */
export function pageMeta({
  matches,
  location,
  title,
  description,
  image,
  breadcrumbs,
  jsonLd = [],
  type = "website",
}: PageMetaInput): MetaDescriptor[] {
  const root = rootMetaData(matches);
  const company = root?.site.name ?? "";
  const fullTitle = company && title !== company ? `${title} | ${company}` : title || company;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:locale", content: "ar_SA" },
    { property: "og:type", content: type },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (company) tags.push({ property: "og:site_name", content: company });
  if (!root) {
    if (image) tags.push({ property: "og:image", content: imageVariant(image, 1280) });
    return tags;
  }
  const { origin, site } = root;
  const pageUrl = `${origin}${location?.pathname ?? "/"}`;
  // Without a location the page's address is unknown here: no canonical rather than a wrong one.
  if (location) {
    tags.push({ tagName: "link", rel: "canonical", href: pageUrl }, { property: "og:url", content: pageUrl });
  }
  const shareImage = absoluteUrl(origin, image ? imageVariant(image, 1280) : site.logo);
  tags.push(
    { property: "og:image", content: shareImage },
    { property: "og:image:alt", content: title },
    { name: "twitter:image", content: shareImage },
  );
  const ld = [organizationJsonLd(site, origin, root.phoneE164)];
  if (breadcrumbs?.length) ld.push(breadcrumbJsonLd(breadcrumbs, origin, pageUrl));
  ld.push(...jsonLd);
  for (const item of ld) tags.push({ "script:ld+json": item });
  return tags;
}

/** Shortens a text to at most `max` characters on a word boundary, for descriptions. */
export function excerpt(text: string | null | undefined, max = 160): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trim()}…`;
}
