/**
 * The exports of a client-only admin route module (docs/decisions/015-web-layout-and-import-aliases.md; the admin is
 * rendered in the browser only, docs/public-pages.md and docs/decisions/README.md "Notes on the machine and its tools"): a `clientLoader` that loads nothing (the screen's
 * TanStack queries load the data; the shell's loader has already checked the session) and runs on hydration, the
 * `HydrateFallback` shown until the route's code has arrived, and the document title. A route module is then:
 *
 * ```tsx
 * export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: TEXTS.title });
 * export default SomeScreen;
 * ```
 *
 * React Router reads the exports by name (the destructured form is read like separate `export function`s).
 */
import type * as React from "react";
import { Skeleton } from "~/shared/ui/skeleton.tsx";

/** The default fallback: a heading bar over a content block, as most admin screens are laid out. */
export function PageSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-64" />
    </div>
  );
}

/** One rounded block, for screens whose first paint is a single card (a form, a manager). */
export function blockSkeleton(className: string): () => React.ReactNode {
  return function BlockSkeleton() {
    return <Skeleton className={className} />;
  };
}

export interface ClientOnlyOptions {
  /** The document title (Arabic, as the screen's heading). */
  title: string;
  /** Shown while the route's code loads (default: PageSkeleton). */
  fallback?: () => React.ReactNode;
}

/** The three exports of a client-only route module; see the module docstring. */
export function clientOnly({ title, fallback = PageSkeleton }: ClientOnlyOptions) {
  async function clientLoader() {
    return null;
  }
  clientLoader.hydrate = true as const;
  return {
    clientLoader,
    HydrateFallback: fallback,
    meta: () => [{ title }],
  };
}
