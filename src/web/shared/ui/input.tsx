/** Text input (shadcn/ui style); `aria-invalid` turns the border red. */
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";

/** A text input; pair it with a Label through id/htmlFor. */
export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        "h-10 w-full min-w-0 rounded-lg border border-brand-100 bg-surface px-3 py-2 text-base text-ink placeholder:text-muted/70 outline-none transition-colors md:text-sm",
        "focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50",
        "disabled:cursor-not-allowed disabled:opacity-50",
        "aria-invalid:border-danger aria-invalid:ring-danger/20",
        className,
      )}
      {...props}
    />
  );
}
