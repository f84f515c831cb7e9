/** Loading placeholder block; hidden from assistive technology (the container announces the loading state). */
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";

/** A pulsing placeholder block. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-brand-100/70", className)}
      {...props}
    />
  );
}
