/** Progress bar on Radix Progress; fills from the start (right) side in RTL. `value` is clamped to 0–100. */
import { Progress as ProgressPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";

/** A 0–100 progress bar (role=progressbar with aria-valuenow); give it an aria-label. */
export function Progress({ className, value, ...props }: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const clamped = Math.min(100, Math.max(0, value ?? 0));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={clamped}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-brand-100", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full rounded-full bg-brand-500 transition-[width]"
        style={{ width: `${clamped}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
