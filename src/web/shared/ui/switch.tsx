/** Switch on Radix (role="switch"); the thumb moves toward the end side (left in RTL) when on. */
import { Switch as SwitchPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";

export function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        "inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-brand-100 outline-none transition-colors focus-visible:ring-3 focus-visible:ring-accent-400/60 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-brand-600",
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className="pointer-events-none block size-5 rounded-full bg-surface shadow-sm transition-transform data-[state=checked]:-translate-x-5 ltr:data-[state=checked]:translate-x-5"
      />
    </SwitchPrimitive.Root>
  );
}
