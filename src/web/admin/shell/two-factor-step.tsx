/**
 * The login's second step (docs/decisions/020-staff-sign-in-hardening.md): after the password, a 6-digit code from the
 * authenticator app or a recovery code, posted with the challenge of the password step. Success: the session is
 * stored and `onDone` runs (the login form navigates); a wrong code shows the server's Arabic field message; an
 * expired or used-up challenge sends the user back to the password step.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { twoFactorCodeSchema } from "#domain/schemas/auth.ts";
import { TEXTS } from "#domain/texts.ts";
import { useLoginSecondFactor } from "~/admin/account/api.ts";
import { ACCOUNT_TEXTS as T } from "~/admin/account/texts.ts";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { toast } from "~/shared/ui/use-toast.ts";

type Values = z.input<typeof twoFactorCodeSchema>;

export function TwoFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const id = useId();
  const verify = useLoginSecondFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof twoFactorCodeSchema>>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: "" },
  });
  const busy = isSubmitting || verify.isPending;

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync({ challenge, code });
    } catch (error) {
      const field = isApiError(error, 400) ? error.body?.fields?.code : undefined;
      if (field) {
        setError("code", { message: field });
        return;
      }
      toast({
        variant: "destructive",
        title: TEXTS.loginErrorTitle,
        description: apiErrorMessage(error, TEXTS.loginErrorDefault),
      });
      if (isApiError(error, 401)) onRestart();
      return;
    }
    toast({ variant: "success", title: TEXTS.loginSuccess });
    onDone();
  });

  const codeId = `${id}-code`;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={busy}>
      <div className="flex flex-col gap-1 text-center">
        <h2 className="text-lg font-bold text-ink">{T.loginCodeTitle}</h2>
        <p className="text-sm text-muted">{T.loginCodeDescription}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={codeId}>{T.code}</Label>
        <Input
          id={codeId}
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          className="text-center tracking-widest"
          autoFocus
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? `${codeId}-error` : undefined}
          {...register("code")}
        />
        {errors.code ? (
          <p id={`${codeId}-error`} className="text-sm text-danger">
            {errors.code.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? T.confirming : T.loginCodeSubmit}
      </Button>
      <Button type="button" variant="ghost" onClick={onRestart}>
        {T.loginCodeBack}
      </Button>
    </form>
  );
}
