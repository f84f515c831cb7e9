/**
 * The dialog a back-office form opens in (docs/product.md §2.12, §2.13, §2.17): a titled dialog (every dialog has a
 * title, read out when it opens) with a description — shown, or the title again for screen readers only — and the
 * form as its content. Closing (Escape, the close button, outside) calls `onOpenChange(false)`.
 */
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/shared/ui/dialog.tsx";

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Shown under the title; without it the title is repeated for screen readers only. */
  description?: string;
  /** The content's width (e.g. "max-w-4xl"). */
  className?: string;
  children: React.ReactNode;
}

export function FormDialog({ open, onOpenChange, title, description, className, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={cn(description === undefined && "sr-only")}>
            {description ?? title}
          </DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
