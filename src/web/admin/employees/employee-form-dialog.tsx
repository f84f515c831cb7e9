/**
 * The create / edit employee modal (SPEC §2.17, §5.7): username, name, role (default employee), password (required
 * on create, optional on edit), validated with the domain schemas (their Arabic messages and the password policy).
 * Field messages from a 400 or 409 answer are shown under their fields; other failures as a destructive toast.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { loadCommonPasswords } from "#domain/password-policy.ts";
import { DEFAULT_ROLE, ROLE_LABELS, type Role } from "#domain/roles.ts";
import { type UserUpdate, type UserUpdateInput, userCreateFormSchema, userUpdateSchema } from "#domain/schemas/user.ts";
import type { PublicUser } from "#domain/types.ts";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
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

export function EmployeeFormDialog({ open, onOpenChange, employee, roles }: EmployeeFormDialogProps) {
  const id = useId();
  const editing = employee !== null;
  const create = useCreateUser();
  const update = useUpdateUser();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(editing ? userUpdateSchema : userCreateFormSchema),
    defaultValues: { username: "", name: "", role: DEFAULT_ROLE, email: "", password: "" },
  });

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
        : { username: "", name: "", role: DEFAULT_ROLE, email: "", password: "" },
    );
  }, [open, employee, reset]);

  const busy = isSubmitting || create.isPending || update.isPending;
  const choices: readonly Role[] = employee && !roles.includes(employee.role) ? [employee.role, ...roles] : roles;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (employee) await update.mutateAsync({ id: employee.id, input: values });
      else {
        // An empty e-mail is left out of a new account (none stored).
        const { email, ...rest } = values;
        await create.mutateAsync({ ...rest, ...(email ? { email } : {}), password: values.password ?? "" });
      }
    } catch (error) {
      const fields = isApiError(error) ? error.body?.fields : undefined;
      if (fields && Object.keys(fields).length) {
        // The first field the server named is focused (and so scrolled into view).
        let first = true;
        for (const [field, message] of Object.entries(fields)) {
          if (["username", "name", "role", "email", "password"].includes(field)) {
            setError(field as FieldPath<FormValues>, { message }, { shouldFocus: first });
            first = false;
          }
        }
      }
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

  const field = (name: FieldPath<FormValues>) => {
    const message = errors[name as keyof typeof errors]?.message;
    const fieldId = `${id}-${name}`;
    return {
      id: fieldId,
      error: message ? (
        <p id={`${fieldId}-error`} className="text-sm text-danger">
          {String(message)}
        </p>
      ) : null,
      aria: {
        "aria-invalid": message ? true : undefined,
        "aria-describedby": message ? `${fieldId}-error` : `${fieldId}-hint`,
      },
    };
  };
  const username = field("username");
  const name = field("name");
  const role = field("role");
  const password = field("password");
  const email = field("email");

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? T.editTitle : T.addTitle}</DialogTitle>
          <DialogDescription>{T.formDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={busy}>
          <div className="flex flex-col gap-2">
            <Label htmlFor={name.id}>{T.name}</Label>
            <Input id={name.id} autoComplete="off" {...name.aria} {...register("name")} />
            {name.error}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={username.id}>{T.username}</Label>
            <Input
              id={username.id}
              dir="ltr"
              className="text-start"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...username.aria}
              {...register("username")}
            />
            {username.error}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={role.id}>{T.role}</Label>
            <select
              id={role.id}
              className="h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50"
              {...role.aria}
              {...register("role")}
            >
              {choices.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            {role.error}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={email.id}>{T.email}</Label>
            <Input
              id={email.id}
              type="email"
              dir="ltr"
              className="text-start"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...email.aria}
              {...register("email")}
            />
            <p id={`${email.id}-hint`} className="text-xs text-muted">
              {T.emailHint}
            </p>
            {email.error}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={password.id}>{T.password}</Label>
            <Input
              id={password.id}
              type="password"
              dir="ltr"
              className="text-start"
              autoComplete="new-password"
              {...password.aria}
              {...register("password")}
            />
            <p id={`${password.id}-hint`} className="text-xs text-muted">
              {editing ? T.passwordEditHint : T.passwordHint}
            </p>
            {password.error}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? T.saving : T.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
