/**
 * Toast parts on Radix Toast (SPEC §4.2, §9): 5000 ms, swipe right 50 px to dismiss, F8 focuses the area,
 * viewport at most 420 px wide on wider screens. Show toasts with `toast()` from ~/lib/use-toast; `<Toaster />`
 * renders them.
 */
import { cva, type VariantProps } from "class-variance-authority";
import { XIcon } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type * as React from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_PX } from "#domain/constants.ts";
import { cn } from "~/shared/lib/cn.ts";

/** Screen-reader name of the notification area; Radix puts the hotkey in place of {hotkey}. */
const VIEWPORT_LABEL = "الإشعارات ({hotkey})";

/** Radix Toast provider with SPEC §9 defaults: 5000 ms, swipe right, 50 px. */
export function ToastProvider({
  duration = TOAST_DURATION_MS,
  swipeDirection = "right",
  swipeThreshold = TOAST_SWIPE_PX,
  label = "إشعار",
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={duration}
      swipeDirection={swipeDirection}
      swipeThreshold={swipeThreshold}
      label={label}
      {...props}
    />
  );
}

/**
 * The notification area: at the top and full width on phones (clear of the buttons a thumb reaches), at the bottom and
 * at most 420 px from `sm` up, focused by F8; at the top while a dialog is open, so a toast never covers its actions.
 */
export function ToastViewport({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      dir="rtl"
      hotkey={["F8"]}
      label={VIEWPORT_LABEL}
      className={cn(
        // Phones: at the top, clear of the thumb's buttons at the bottom of a card (docs/decisions/074-a-clock-the-agent-sees.md).
        "fixed inset-x-0 top-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:inset-x-auto sm:top-auto sm:bottom-0 sm:end-0 sm:max-w-[420px]",
        // While a dialog is open its actions sit at the bottom: the toasts move to the top so they never cover them.
        "[body:has([data-slot=dialog-content][data-state=open])_&]:top-0 [body:has([data-slot=dialog-content][data-state=open])_&]:bottom-auto",
        "sm:[body:has([data-slot=dialog-content][data-state=open])_&]:top-0 sm:[body:has([data-slot=dialog-content][data-state=open])_&]:bottom-auto",
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pe-10 shadow-lg transition-[transform,opacity] data-[state=closed]:opacity-0 data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none",
  {
    variants: {
      variant: {
        default: "border-brand-100 bg-surface text-ink",
        destructive: "border-danger bg-danger text-white",
        success: "border-success/30 bg-surface text-ink [&_[data-slot=toast-title]]:text-success",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/** One toast; `variant` default, destructive or success. */
export function Toast({
  className,
  variant,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root data-slot="toast" className={cn(toastVariants({ variant }), className)} {...props} />;
}

/** A button inside a toast; `altText` tells screen-reader users how to reach the same action otherwise. */
export function ToastAction({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      data-slot="toast-action"
      className={cn(
        "inline-flex h-8 shrink-0 items-center justify-center rounded-lg border border-current/30 bg-transparent px-3 text-sm font-bold hover:bg-ink/5 group-data-[variant=destructive]:hover:bg-white/10",
        className,
      )}
      {...props}
    />
  );
}

/** The toast's close button (aria-label "إغلاق"). */
export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label="إغلاق"
      className={cn("absolute end-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 [&_svg]:size-4", className)}
      {...props}
    >
      <XIcon aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

/** The toast's title. */
export function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title data-slot="toast-title" className={cn("text-sm font-bold", className)} {...props} />;
}

/** The toast's text. */
export function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn("text-sm opacity-90", className)}
      {...props}
    />
  );
}
