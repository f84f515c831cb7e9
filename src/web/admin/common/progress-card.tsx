/**
 * The card of the projects and progress-updates lists (docs/product.md §2.12, §2.13): the first photo (or «لا توجد
 * صورة») with its badges at the start corner, the title, one line of details, the completion bar with its
 * percentage in Arabic-Indic digits, and the actions along the bottom. The card is named after its title, so a
 * screen reader (and a test) finds each card by it.
 */
import type * as React from "react";
import { formatPercent } from "#domain/format.ts";
import { imageVariant } from "#domain/media.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Card } from "~/shared/ui/card.tsx";
import { Progress } from "~/shared/ui/progress.tsx";

export interface ProgressCardProps {
  /** The card's name (the project's name, the update's title). */
  name: string;
  image: string | null | undefined;
  badges: React.ReactNode;
  /** The heading's content (a link, or the plain name). */
  title: React.ReactNode;
  titleClassName?: string;
  /** The line under the title (city and price, project and date). */
  details: React.ReactNode;
  detailsClassName?: string;
  /** 0–100. */
  completion: number;
  actions: React.ReactNode;
}

export function ProgressCard({
  name,
  image,
  badges,
  title,
  titleClassName,
  details,
  detailsClassName,
  completion,
  actions,
}: ProgressCardProps) {
  return (
    <Card className="h-full gap-3 overflow-hidden p-0" aria-label={name}>
      <div className="relative aspect-video bg-brand-50">
        {image ? (
          <img src={imageVariant(image, 640)} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-muted">لا توجد صورة</div>
        )}
        <div className="absolute start-2 top-2 flex flex-wrap gap-1">{badges}</div>
      </div>
      <div className="flex flex-col gap-2 px-4">
        <h2 className={cn("font-bold text-ink", titleClassName)}>{title}</h2>
        <div className={cn("flex flex-wrap items-center justify-between gap-2 text-sm", detailsClassName)}>
          {details}
        </div>
        <div className="flex items-center gap-2">
          <Progress value={completion} aria-label={`نسبة الإنجاز: ${name}`} className="flex-1" />
          <span className="text-xs text-muted">{formatPercent(completion)}</span>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-brand-100 p-3">{actions}</div>
    </Card>
  );
}
