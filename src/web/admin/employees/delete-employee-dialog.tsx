/** The delete confirmation of SPEC §2.17: "are you sure? the employee will be permanently deleted, cannot be undone". */

import type { PublicUser } from "#domain/types.ts";
import { ConfirmAlert } from "~/admin/common/confirm-alert.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
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
    <ConfirmAlert
      open={employee !== null}
      onOpenChange={onOpenChange}
      title={T.confirmTitle}
      description={T.confirmText}
      cancelLabel={T.cancel}
      confirmLabel={remove.isPending ? T.deleting : T.delete}
      onConfirm={onConfirm}
      busy={remove.isPending}
    />
  );
}
