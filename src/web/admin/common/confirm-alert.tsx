/**
 * The back office's "are you sure?" alert before a permanent delete (SPEC §2.17's employee delete, a campaign, an
 * enquiry): the title, the text, «إلغاء» and the confirming action. Opened by `trigger` (a button it wraps) or held
 * open by the caller through `open`/`onOpenChange`.
 */
import type * as React from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/shared/ui/alert-dialog.tsx";

export interface ConfirmAlertProps {
  title: string;
  description: string;
  cancelLabel: string;
  /** The confirming action's words (e.g. «حذف», or «جارٍ الحذف...» while busy). */
  confirmLabel: React.ReactNode;
  onConfirm: (event: React.MouseEvent) => void;
  busy?: boolean;
  /** The button that opens the alert, when the caller does not hold it open. */
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export function ConfirmAlert(p: ConfirmAlertProps) {
  return (
    <AlertDialog open={p.open} onOpenChange={p.onOpenChange}>
      {p.trigger ? <AlertDialogTrigger asChild>{p.trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{p.title}</AlertDialogTitle>
          <AlertDialogDescription>{p.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{p.cancelLabel}</AlertDialogCancel>
          <AlertDialogAction onClick={p.onConfirm} disabled={p.busy}>
            {p.confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
