/**
 * Two-factor settings of the signed-in user (docs/decisions/020-staff-sign-in-hardening.md): status; enrolment (QR code
 * from the server as an SVG data URL, the key as text for manual entry, a first code to confirm); the recovery codes
 * shown once after enrolment, to copy, download or print (recovery-codes.tsx); turning it off with the current password (not offered when the role requires it).
 */
import { ShieldCheckIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { TWO_FACTOR_TEXTS } from "#domain/schemas/auth.ts";
import type { TwoFactorSetup } from "#domain/types.ts";
import { QueryError } from "~/admin/common/query-error.tsx";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useDisableTwoFactor, useEnableTwoFactor, useStartTwoFactor, useTwoFactorStatus } from "./api.ts";
import { RecoveryCodes } from "./recovery-codes.tsx";
import { ACCOUNT_TEXTS as T } from "./texts.ts";

/**
 * A form of one typed value (a code, a password): `read` gives what is sent (or "" for none, then `requiredMessage`
 * under the field); `send` posts it with the handlers that put a 400's message for `field` under the field and toast
 * any other failure.
 */
function useOneValueForm(
  read: (typed: string) => string,
  requiredMessage: string,
  field: string,
  send: (value: string, handlers: { onError: (error: unknown) => void }) => void,
) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = read(typed);
    if (!value) {
      setError(requiredMessage);
      return;
    }
    send(value, {
      onError: (failure) => {
        const message = isApiError(failure, 400) ? failure.body?.fields?.[field] : undefined;
        if (message) setError(message);
        else failed(failure);
      },
    });
  };
  return { typed, setTyped, error, submit };
}

/** The input of a one-value form, with its error under it (wired by `aria-describedby`). */
function OneValueInput({
  form,
  ...input
}: { id: string; form: ReturnType<typeof useOneValueForm> } & Omit<React.ComponentProps<"input">, "form">) {
  const errorId = `${input.id}-error`;
  return (
    <>
      <Input
        {...input}
        value={form.typed}
        onChange={(event) => form.setTyped(event.target.value)}
        aria-invalid={form.error ? true : undefined}
        aria-describedby={form.error ? errorId : undefined}
      />
      {form.error ? (
        <p id={errorId} className="text-sm text-danger">
          {form.error}
        </p>
      ) : null}
    </>
  );
}

/** The enrolment's second step: the QR code and key of `setup`, and a first code to confirm it. */
function EnrolForm({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (recoveryCodes: string[]) => void }) {
  const id = useId();
  const enable = useEnableTwoFactor();
  const code = useOneValueForm(
    (value) => value.trim(),
    TWO_FACTOR_TEXTS.codeRequired,
    "code",
    (value, handlers) =>
      enable.mutate(value, {
        ...handlers,
        onSuccess: (result) => {
          onEnabled(result.recoveryCodes);
          toast({ variant: "success", title: T.enabledToast });
        },
      }),
  );

  return (
    <form onSubmit={code.submit} noValidate className="flex flex-col gap-3">
      <p className="text-sm">{T.scanQr}</p>
      <img src={setup.qrCode} alt={T.qrAlt} className="size-48 rounded-lg border border-brand-100 bg-white p-2" />
      <p className="text-xs text-muted">
        {T.manualKey}:{" "}
        <code dir="ltr" className="select-all break-all font-mono" data-testid="two-factor-secret">
          {setup.secret}
        </code>
      </p>
      <div className="flex max-w-xs flex-col gap-2">
        <Label htmlFor={`${id}-code`}>{T.code}</Label>
        <OneValueInput
          id={`${id}-code`}
          form={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          className="text-center tracking-widest"
        />
      </div>
      <Button type="submit" className="self-start" disabled={enable.isPending}>
        {enable.isPending ? T.confirming : T.confirmSetup}
      </Button>
    </form>
  );
}

/** Turning the second factor off: the current password, then the server's answer (a wrong one shown on the field). */
function DisableForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const disable = useDisableTwoFactor();
  const password = useOneValueForm(
    (value) => value,
    TWO_FACTOR_TEXTS.currentPasswordRequired,
    "currentPassword",
    (value, handlers) =>
      disable.mutate(value, {
        ...handlers,
        onSuccess: () => {
          onDone();
          toast({ variant: "success", title: T.disabledToast });
        },
      }),
  );

  return (
    <form onSubmit={password.submit} noValidate className="flex max-w-xs flex-col gap-2">
      <Label htmlFor={`${id}-password`}>{T.currentPassword}</Label>
      <OneValueInput id={`${id}-password`} form={password} type="password" autoComplete="current-password" />
      <Button type="submit" variant="destructive" className="self-start" disabled={disable.isPending}>
        {T.disableConfirm}
      </Button>
    </form>
  );
}

/** A failed save's toast, with the server's Arabic message when it gives one. */
function failed(error: unknown) {
  toast({ variant: "destructive", title: T.saveError, description: apiErrorMessage(error, T.saveError) });
}

/** The card of this file's header. */
export function TwoFactorCard() {
  const id = useId();
  const user = useCurrentUser();
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);

  const onStart = () => start.mutate(undefined, { onSuccess: setSetup, onError: failed });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            <ShieldCheckIcon aria-hidden="true" className="size-5 text-brand-600" />
            {T.twoFactorTitle}
            {status.data ? (
              <Badge variant={status.data.enabled ? "success" : "secondary"}>
                {status.data.enabled ? T.twoFactorOn : T.twoFactorOff}
              </Badge>
            ) : null}
          </CardTitle>
          <CardDescription>{T.twoFactorDescription}</CardDescription>
        </div>
      </CardHeader>

      {status.isError ? (
        <QueryError message={T.loadError} onRetry={() => void status.refetch()} />
      ) : status.isPending ? (
        <Skeleton className="h-16" />
      ) : (
        <div className="flex flex-col gap-4">
          {status.data.required && !status.data.enabled ? (
            <p role="alert" className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
              {T.twoFactorRequired}
            </p>
          ) : null}

          {recoveryCodes ? (
            <RecoveryCodes
              codes={recoveryCodes}
              username={user.username}
              headingId={`${id}-recovery`}
              onDone={() => setRecoveryCodes(null)}
            />
          ) : null}

          {!status.data.enabled && !setup ? (
            <Button type="button" className="self-start" disabled={start.isPending} onClick={onStart}>
              {T.startSetup}
            </Button>
          ) : null}

          {setup ? (
            <EnrolForm
              setup={setup}
              onEnabled={(codes) => {
                setSetup(null);
                setRecoveryCodes(codes);
              }}
            />
          ) : null}

          {status.data.enabled ? (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-muted">{T.recoveryLeft(status.data.recoveryCodesLeft)}</p>
              {status.data.required ? null : disabling ? (
                <DisableForm onDone={() => setDisabling(false)} />
              ) : (
                <Button type="button" variant="outline" className="self-start" onClick={() => setDisabling(true)}>
                  {T.disable}
                </Button>
              )}
            </div>
          ) : null}
        </div>
      )}
    </Card>
  );
}
