/**
 * Answers the public routes share: an API read that did not find its record becomes the page's 404 (any other failure
 * its 502, SPEC §2.14), and a page whose record is missing is titled and kept out of search results (noindex).
 */
import type { MetaDescriptor } from "react-router";
import { data } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import { type PageMetaInput, pageMeta } from "./page-meta.ts";

/** Throws the page's 404 when the API answered 404 or 400 (an unknown or unreadable id), its 502 when it failed. */
export function throwUnlessFound(res: Response): void {
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 });
  if (!res.ok) throw data(null, { status: 502 });
}

/** The head of a page whose record was not found: `title`, the not-found text, and noindex. */
export function notFoundMeta(matches: PageMetaInput["matches"], title: string): MetaDescriptor[] {
  return [...pageMeta({ matches, title, description: TEXTS.pageNotFoundText }), { name: "robots", content: "noindex" }];
}
