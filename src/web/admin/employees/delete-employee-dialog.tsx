/** The delete confirmation of SPEC §2.17: "are you sure? the employee will be permanently deleted, cannot be undone". */

import type { PublicUser } from "#domain/types.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/shared/ui/alert-dialog.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useDeleteUser } from "./api.ts";
import { EMPLOYEE_TEXTS as T } from "./employees-texts.ts";

export function DeleteEmployeeDialog({
  employee,
  onOpenChange,
}: {
  employee: PublicUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteUser();
  const onConfirm = async (event: React.MouseEvent) => {
    event.preventDefault();
    if (!employee) return;
    try {
      await remove.mutateAsync(employee.id);
    } catch (error) {
      toast({ variant: "destructive", title: T.deleteError, description: apiErrorMessage(error, T.defaultError) });
      onOpenChange(false);
      return;
    }
    toast({ variant: "success", title: T.successTitle, description: T.deleted });
    onOpenChange(false);
  };
  return (
    <AlertDialog open={employee !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{T.confirmTitle}</AlertDialogTitle>
          <AlertDialogDescription>{T.confirmText}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{T.cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} disabled={remove.isPending}>
            {remove.isPending ? T.deleting : T.delete}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
