/**
 * The catch-all `*` route (SPEC §2.2 not-found page): title, explanation, a button home and a button back.
 * Answers HTTP 404 (the loader returns data(null, { status: 404 })).
 */
import { data } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { pageMeta } from "~/public/lib/page-meta.ts";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  // No canonical: a missing page has no address of its own to advertise.
  return [
    ...pageMeta({ matches, title: TEXTS.pageNotFound, description: TEXTS.pageNotFoundText }),
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return <NotFoundBlock />;
}
