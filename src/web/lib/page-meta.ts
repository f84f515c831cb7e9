/**
 * Head tags of the public pages (issue 2 §8, ARCHITECTURE "head tags come from each route's meta"):
 * an Arabic title "… | <company name>", a description and Open Graph tags. (The LCP image needs no preload tag here:
 * React 19 emits one during SSR for an eager <img> with fetchPriority="high".)
 */
import type { MetaDescriptor } from "react-router";
import { imageVariant } from "../../domain/media.ts";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The company name from the root loader's site configuration among meta `matches`, or "" before it loads. */
export function companyNameFrom(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData;
  if (typeof root !== "object" || root === null || !("site" in root)) return "";
  const site = root.site;
  if (typeof site !== "object" || site === null || !("name" in site)) return "";
  return typeof site.name === "string" ? site.name : "";
}

export interface PageMetaInput {
  /** Meta `matches` (to read the company name). */
  matches: readonly (MatchLike | undefined)[];
  /** The page's own title; the company name is appended after " | ". */
  title: string;
  description: string;
  /** An image URL for og:image. */
  image?: string | null;
}

/** Builds the meta descriptors of a public page. */
export function pageMeta({ matches, title, description, image }: PageMetaInput): MetaDescriptor[] {
  const company = companyNameFrom(matches);
  const fullTitle = company && title !== company ? `${title} | ${company}` : title || company;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:locale", content: "ar_SA" },
    { property: "og:type", content: "website" },
  ];
  if (company) tags.push({ property: "og:site_name", content: company });
  if (image) {
    tags.push({ property: "og:image", content: imageVariant(image, 1280) });
  }
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
