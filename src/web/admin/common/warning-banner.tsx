/**
 * The back office's amber warning above a screen (the licence enforcement day, the site's example values): a section
 * named by its heading (a warning sign and `title`), then `children`.
 */
import { TriangleAlertIcon } from "lucide-react";
import type * as React from "react";

export function WarningBanner({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-ink">
      <h2 id={id} className="flex items-center gap-2 font-bold text-amber-900">
        <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </h2>
      {children}
    </section>
  );
}
