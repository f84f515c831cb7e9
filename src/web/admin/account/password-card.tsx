/**
 * "Change my password" (docs/decisions/020-staff-sign-in-hardening.md): current and new password, validated with the
 * domain `passwordChangeSchema` (the password policy's Arabic messages); the server's field messages (wrong current
 * password, the username as password) are shown under their fields. Success ends the user's other sessions.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { loadCommonPasswords } from "#domain/password-policy.ts";
import { type PasswordChangeInput, passwordChangeSchema } from "#domain/schemas/account.ts";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { FormField } from "~/shared/ui/form-field.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useChangePassword } from "./api.ts";
import { ACCOUNT_TEXTS as T } from "./texts.ts";

type Values = z.input<typeof passwordChangeSchema>;

export function PasswordCard() {
  const id = useId();
  const change = useChangePassword();
  // The common-password list loads in the background; the server checks it in any case.
  useEffect(() => {
    void loadCommonPasswords();
  }, []);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const busy = isSubmitting || change.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
    } catch (error) {
      const fields = isApiError(error, 400) ? error.body?.fields : undefined;
      if (fields?.currentPassword || fields?.newPassword) {
        if (fields.currentPassword) setError("currentPassword", { message: fields.currentPassword });
        if (fields.newPassword) setError("newPassword", { message: fields.newPassword });
        return;
      }
      toast({ variant: "destructive", title: T.saveError, description: apiErrorMessage(error, T.saveError) });
      return;
    }
    reset();
    toast({ variant: "success", title: T.passwordChanged });
  });

  const field = (name: keyof Values, label: string, autoComplete: string, hint?: string) => (
    <FormField label={label} error={errors[name]?.message} hint={hint} id={`${id}-${name}`}>
      {(control) => <Input type="password" autoComplete={autoComplete} {...control} {...register(name)} />}
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>{T.passwordTitle}</CardTitle>
          <CardDescription>{T.passwordDescription}</CardDescription>
        </div>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4" aria-busy={busy}>
        {field("currentPassword", T.currentPassword, "current-password")}
        {field("newPassword", T.newPassword, "new-password", T.newPasswordHint)}
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? T.savingPassword : T.savePassword}
        </Button>
      </form>
    </Card>
  );
}
