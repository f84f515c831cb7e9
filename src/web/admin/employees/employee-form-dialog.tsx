/**
 * The create / edit employee modal (SPEC §2.17, §5.7): username, name, role (default employee), password (required
 * on create, optional on edit), validated with the domain schemas (their Arabic messages and the password policy).
 * Field messages from a 400 or 409 answer are shown under their fields; other failures as a destructive toast.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { loadCommonPasswords } from "#domain/password-policy.ts";
import { DEFAULT_ROLE, ROLE_LABELS, type Role } from "#domain/roles.ts";
import { type UserUpdate, type UserUpdateInput, userCreateFormSchema, userUpdateSchema } from "#domain/schemas/user.ts";
import type { PublicUser } from "#domain/types.ts";
import { AdminForm, serverFieldErrors, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { Field, SelectField } from "~/admin/common/form/field.tsx";
import { FormDialog } from "~/admin/common/form/form-dialog.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { DialogFooter } from "~/shared/ui/dialog.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useCreateUser, useUpdateUser } from "./api.ts";
import { EMPLOYEE_TEXTS as T } from "./employees-texts.ts";

type FormValues = UserUpdateInput;
type FormOutput = UserUpdate;

export interface EmployeeFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The employee being edited; null to create one. */
  employee: PublicUser | null;
  /** Roles the signed-in user may pick (the server decides again). */
  roles: readonly Role[];
}

const EMPTY: FormValues = { username: "", name: "", role: DEFAULT_ROLE, email: "", password: "" };
const SERVER_FIELDS: readonly string[] = ["username", "name", "role", "email", "password"];
/** A login-like field: Latin, left to right, never auto-corrected. */
const LATIN = { dir: "ltr", className: "text-start", autoComplete: "off", autoCapitalize: "none", spellCheck: false };

export function EmployeeFormDialog({ open, onOpenChange, employee, roles }: EmployeeFormDialogProps) {
  const editing = employee !== null;
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(editing ? userUpdateSchema : userCreateFormSchema),
    defaultValues: EMPTY,
  });
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    // The password policy's common-password list loads in the background (the server checks it in any case).
    void loadCommonPasswords();
    reset(
      employee
        ? {
            username: employee.username,
            name: employee.name,
            role: employee.role,
            email: employee.email ?? "",
            password: "",
          }
        : EMPTY,
    );
  }, [open, employee, reset]);

  const busy = form.formState.isSubmitting || create.isPending || update.isPending;
  const choices: readonly Role[] = employee && !roles.includes(employee.role) ? [employee.role, ...roles] : roles;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (employee) await update.mutateAsync({ id: employee.id, input: values });
      else {
        // An empty e-mail is left out of a new account (none stored).
        const { email, ...rest } = values;
        await create.mutateAsync({ ...rest, ...(email ? { email } : {}), password: values.password ?? "" });
      }
    } catch (error) {
      showServerErrors(form.setError, serverFieldErrors(error), (field) =>
        SERVER_FIELDS.includes(field) ? (field as FieldPath<FormValues>) : null,
      );
      toast({
        variant: "destructive",
        title: editing ? T.updateError : T.createError,
        description: apiErrorMessage(error, T.defaultError),
      });
      return;
    }
    toast({ variant: "success", title: T.successTitle, description: editing ? T.updated : T.created });
    onOpenChange(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? T.editTitle : T.addTitle}
      description={T.formDescription}
    >
      <AdminForm guardUnsaved form={form} onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
        <Field name="name" label={T.name} input={{ autoComplete: "off" }} />
        <Field name="username" label={T.username} input={LATIN} />
        <SelectField name="role" label={T.role} options={choices.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
        <Field name="email" label={T.email} hint={T.emailHint} input={{ ...LATIN, type: "email" }} />
        <Field
          name="password"
          label={T.password}
          hint={editing ? T.passwordEditHint : T.passwordHint}
          input={{ ...LATIN, type: "password", autoComplete: "new-password" }}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? T.saving : T.save}
          </Button>
        </DialogFooter>
      </AdminForm>
    </FormDialog>
  );
}
