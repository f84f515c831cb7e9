/**
 * Progress graphics of the public pages: the sales ring of SPEC §2.4 (colour by salesRingStep), the overall
 * completion ring of SPEC §2.7 (clamped 0–100), and labelled stage bars (concrete, plumbing, …).
 */

import { formatPercent } from "#domain/format.ts";
import { clampPercentage, salesRingStep } from "#domain/project-rules.ts";
import { cx } from "~/shared/lib/cx.ts";

/**
 * Stroke colour of the sales ring per step (0: up to 25 %, 1: above 25, 2: above 50, 3: above 75).
 * Each has at least 3:1 contrast against white (WCAG 1.4.11).
 */
export const SALES_RING_COLORS = ["text-muted", "text-warning", "text-brand-600", "text-success"] as const;

export interface ProgressRingProps {
  /** Percentage; values outside 0–100 are clamped. */
  value: number;
  /** Arabic accessible name, e.g. "نسبة المبيعات". The percentage is appended. */
  label: string;
  /** Tailwind text colour class for the arc. */
  colorClass?: string;
  /** Diameter in px. */
  size?: number;
  className?: string;
}

/** An SVG ring showing a percentage with the number in the middle; exposed as one image with an Arabic name. */
export function ProgressRing({ value, label, colorClass = "text-brand-600", size = 72, className }: ProgressRingProps) {
  const pct = clampPercentage(value);
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  const text = formatPercent(pct);
  return (
    <div
      role="img"
      aria-label={`${label} ${text}`}
      className={cx("relative inline-grid shrink-0 place-items-center", className)}
      style={{ width: size, height: size }}
      data-slot="progress-ring"
    >
      <svg viewBox="0 0 100 100" className="absolute inset-0 size-full -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="10" className="stroke-brand-100" />
        <circle
          cx="50"
          cy="50"
          r={radius}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          stroke="currentColor"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - pct / 100)}
          className={colorClass}
          data-testid="ring-arc"
        />
      </svg>
      <span aria-hidden="true" className="text-sm font-bold text-ink">
        {text}
      </span>
    </div>
  );
}

/** The sales ring of SPEC §2.4: its colour changes above 25, 50 and 75 %. */
export function SalesRing({ percentage, size }: { percentage: number; size?: number }) {
  return (
    <ProgressRing
      value={percentage}
      label="نسبة المبيعات"
      colorClass={SALES_RING_COLORS[salesRingStep(clampPercentage(percentage))]}
      size={size}
    />
  );
}

/** A labelled horizontal bar for one construction stage (percent 0–100, clamped). */
export function StageBar({ label, value }: { label: string; value: number }) {
  const pct = clampPercentage(value);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium text-ink">{label}</span>
        <span className="text-muted tabular-nums">{formatPercent(pct)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
        aria-valuetext={formatPercent(pct)}
        className="h-2.5 overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ inlineSize: `${pct}%` }} />
      </div>
    </div>
  );
}
