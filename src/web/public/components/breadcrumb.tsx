/** The breadcrumb trail of the public pages (e.g. SPEC §2.7: home > project > "تحديث المشروع"). */
import { ChevronLeft } from "lucide-react";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** Omitted for the current page (the last crumb). */
  to?: string;
}

/** Props: the crumbs in order, the last one being the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="مسار التنقل" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, index) => (
          <li key={item.to ?? item.label} className="flex items-center gap-1.5">
            {/* RTL: the trail reads right to left, so the separator points left. */}
            {index > 0 && <ChevronLeft aria-hidden="true" className="size-4" />}
            {item.to ? (
              <Link to={item.to} className="rounded hover:text-brand-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-ink">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
