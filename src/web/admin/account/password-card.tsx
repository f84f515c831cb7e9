/**
 * "Change my password" (docs/decisions/020-staff-sign-in-hardening.md): current and new password, validated with the
 * domain `passwordChangeSchema` (the password policy's Arabic messages); the server's field messages (wrong current
 * password, the username as password) are shown under their fields. Success ends the user's other sessions.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { loadCommonPasswords } from "#domain/password-policy.ts";
import { type PasswordChangeInput, passwordChangeSchema } from "#domain/schemas/account.ts";
import { AdminForm } from "~/admin/common/form/admin-form.tsx";
import { Field } from "~/admin/common/form/field.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useChangePassword } from "./api.ts";
import { ACCOUNT_TEXTS as T } from "./texts.ts";

type Values = z.input<typeof passwordChangeSchema>;

export function PasswordCard() {
  const change = useChangePassword();
  // The common-password list loads in the background; the server checks it in any case.
  useEffect(() => {
    void loadCommonPasswords();
  }, []);
  const form = useForm<Values, unknown, PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { handleSubmit, setError, reset } = form;
  const busy = form.formState.isSubmitting || change.isPending;

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
    <Field name={name} label={label} hint={hint} input={{ type: "password", autoComplete }} />
  );

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>{T.passwordTitle}</CardTitle>
          <CardDescription>{T.passwordDescription}</CardDescription>
        </div>
      </CardHeader>
      <AdminForm form={form} onSubmit={onSubmit} className="flex max-w-md flex-col gap-4" aria-busy={busy}>
        {field("currentPassword", T.currentPassword, "current-password")}
        {field("newPassword", T.newPassword, "new-password", T.newPasswordHint)}
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? T.savingPassword : T.savePassword}
        </Button>
      </AdminForm>
    </Card>
  );
}
