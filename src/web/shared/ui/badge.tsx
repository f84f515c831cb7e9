/** Small status label (shadcn/ui style). */
import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 rounded-full border px-2 py-0.5 text-xs font-bold whitespace-nowrap [&_svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-brand-600 text-white",
        secondary: "border-transparent bg-brand-50 text-brand-700",
        success: "border-transparent bg-success/10 text-success",
        warning: "border-transparent bg-warning/10 text-warning",
        destructive: "border-transparent bg-danger/10 text-danger",
        outline: "border-brand-100 text-ink",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/** A badge; `variant` picks the colour. */
export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
