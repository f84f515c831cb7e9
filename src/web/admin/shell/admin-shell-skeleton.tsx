/** What the admin shell shows while the session is loading: a quiet frame, no data (SPEC §2.10). */

import { TEXTS } from "#domain/texts.ts";
import { Skeleton } from "~/shared/ui/skeleton.tsx";

const NAV_PLACEHOLDERS = ["n1", "n2", "n3", "n4", "n5", "n6"] as const;

/** Placeholder frame of the shell, announced as loading to screen readers. */
export function AdminShellSkeleton() {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas" aria-busy="true">
      <p className="sr-only" role="status">
        {TEXTS.sessionLoading}
      </p>
      <div className="flex h-16 items-center gap-3 border-b border-brand-100 bg-surface px-4">
        <Skeleton className="size-9 rounded-lg" />
        <Skeleton className="h-5 w-28" />
        <Skeleton className="ms-auto h-8 w-24" />
      </div>
      <div className="flex flex-1">
        <div className="hidden w-64 flex-col gap-2 border-e border-brand-100 bg-surface p-3 md:flex">
          {NAV_PLACEHOLDERS.map((id) => (
            <Skeleton key={id} className="h-10 w-full" />
          ))}
        </div>
        <div className="flex-1 p-6">
          <Skeleton className="h-8 w-48" />
        </div>
      </div>
    </div>
  );
}
