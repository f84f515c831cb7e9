/** Tabs on Radix (arrow keys follow the reading direction: pass dir="rtl" through the Root). */
import { Tabs as TabsPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";

/** The tab set; `dir` defaults to rtl so arrow keys move the way Arabic reads. */
export function Tabs({ className, dir = "rtl", ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" dir={dir} className={cn("flex flex-col gap-4", className)} {...props} />;
}

/** The row of tab buttons. */
export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn("inline-flex w-fit flex-wrap items-center gap-1 rounded-xl bg-brand-50 p-1", className)}
      {...props}
    />
  );
}

/** One tab button. */
export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex h-9 items-center justify-center gap-2 rounded-lg px-4 text-sm font-bold text-muted outline-none transition-colors hover:text-ink focus-visible:ring-3 focus-visible:ring-accent-400/60 data-[state=active]:bg-surface data-[state=active]:text-brand-700 data-[state=active]:shadow-sm [&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
}

/** The panel of one tab. */
export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content data-slot="tabs-content" className={cn("outline-none", className)} {...props} />;
}
