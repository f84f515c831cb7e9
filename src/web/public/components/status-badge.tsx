/** Badges of the project cards: the derived status of SPEC §4.3 and the featured badge of SPEC §2.3. */

import { featuredBadge, PROJECT_STATUS_LABELS, type ProjectStatus, projectStatus } from "#domain/project-rules.ts";
import { cx } from "~/shared/lib/cx.ts";

const STATUS_STYLES: Record<ProjectStatus, string> = {
  fully_booked: "bg-danger text-white",
  complete: "bg-success text-white",
  under_construction: "bg-warning text-white",
  coming_soon: "bg-brand-700 text-white",
};

/** The status badge ("محجوز بالكامل", "مكتمل", "قيد الإنشاء", "قريباً") from completion and sales percentages. */
export function StatusBadge({
  project,
  className,
}: {
  project: { completionPercentage: number; salesPercentage: number };
  className?: string;
}) {
  const status = projectStatus(project);
  return (
    <span
      className={cx("inline-flex rounded-full px-3 py-1 text-xs font-bold shadow-sm", STATUS_STYLES[status], className)}
      data-status={status}
    >
      {PROJECT_STATUS_LABELS[status]}
    </span>
  );
}

/** "مميز" or "مميز #٢" when `featuredRank` is set (SPEC §2.3); nothing otherwise. */
export function FeaturedBadge({ featuredRank, className }: { featuredRank: number | null; className?: string }) {
  const text = featuredBadge(featuredRank);
  if (!text) return null;
  return (
    <span
      className={cx("inline-flex rounded-full bg-accent-400 px-3 py-1 text-xs font-bold text-ink shadow-sm", className)}
    >
      {text}
    </span>
  );
}
