/** Form label on Radix Label (clicking it focuses the control). */
import { Label as LabelPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";

/** A label for a form control. */
export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn("flex items-center gap-2 text-sm font-bold text-ink select-none", className)}
      {...props}
    />
  );
}
