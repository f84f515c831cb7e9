/**
 * Text input (shadcn/ui style); `aria-invalid` turns the border red. What users type is in Latin digits
 * (ARCHITECTURE resolution 11, docs/architecture.md "Numerals"): Arabic-Indic digits typed on an Arabic keyboard
 * (٠–٩, ۰–۹) become 0–9 as they are typed, before the change reaches the form, the caret kept in place
 * (~/shared/lib/latin-digits.ts).
 */
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";
import { withLatinDigits } from "~/shared/lib/latin-digits.ts";

/** A text input; pair it with a Label through id/htmlFor. */
export function Input({ className, type = "text", onChange, ...props }: React.ComponentProps<"input">) {
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
      onChange={withLatinDigits(onChange)}
      {...props}
    />
  );
}
