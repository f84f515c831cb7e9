/**
 * The staff login form (SPEC §2.9, §5.2, §8.1): username and password validated with the domain `loginSchema`
 * (its Arabic messages), a show/hide password toggle, "جاري تسجيل الدخول..." while busy. Success: toast
 * "تم تسجيل الدخول بنجاح", then the post-login address (pending delete → /admin/projects; stored redirect; /admin).
 * Failure: destructive toast "خطأ في تسجيل الدخول" with the server's message (also the 429 wait message) or the
 * default text. With two-factor sign-in on, the password step is followed by the code step (TwoFactorStep).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { EyeIcon, EyeOffIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { type LoginInput, loginSchema } from "#domain/schemas/auth.ts";
import { TEXTS } from "#domain/texts.ts";
import { isTwoFactorChallenge } from "~/admin/account/api.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { useLoginMutation } from "~/shared/session/auth-api.ts";
import { homePathOf, postLoginDestination } from "~/shared/session/auth-redirect.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { TwoFactorStep } from "./two-factor-step.tsx";

type LoginFormValues = z.input<typeof loginSchema>;

/** The login form; must sit inside AdminProviders and a router. */
export function LoginForm() {
  const id = useId();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const busy = isSubmitting || login.isPending;
  // The password was right and a second factor is needed: the challenge of POST /api/auth/login.
  const [challenge, setChallenge] = useState<string | null>(null);
  // A sales agent starts on «عملائي» (their own leads), everyone else on the dashboard.
  const finish = () =>
    navigate(postLoginDestination(undefined, homePathOf(sessionStore.readStoredUser()?.role)), { replace: true });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      if (isTwoFactorChallenge(answer)) {
        setChallenge(answer.challenge);
        return;
      }
    } catch (error) {
      toast({
        variant: "destructive",
        title: TEXTS.loginErrorTitle,
        description: apiErrorMessage(error, TEXTS.loginErrorDefault),
      });
      return;
    }
    toast({ variant: "success", title: TEXTS.loginSuccess });
    finish();
  });

  if (challenge) {
    return <TwoFactorStep challenge={challenge} onDone={finish} onRestart={() => setChallenge(null)} />;
  }

  const usernameId = `${id}-username`;
  const passwordId = `${id}-password`;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={busy}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={usernameId}>{TEXTS.usernameLabel}</Label>
        <Input
          id={usernameId}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${usernameId}-error` : undefined}
          {...register("username")}
        />
        {errors.username ? (
          <p id={`${usernameId}-error`} className="text-sm text-danger">
            {errors.username.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={passwordId}>{TEXTS.passwordLabel}</Label>
        <div className="relative">
          <Input
            id={passwordId}
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            className="pe-12"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${passwordId}-error` : undefined}
            {...register("password")}
          />
          <button
            type="button"
            onClick={() => setShowPassword((value) => !value)}
            aria-label={showPassword ? TEXTS.hidePassword : TEXTS.showPassword}
            aria-pressed={showPassword}
            aria-controls={passwordId}
            className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-muted hover:text-ink [&_svg]:size-5"
          >
            {showPassword ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          </button>
        </div>
        {errors.password ? (
          <p id={`${passwordId}-error`} className="text-sm text-danger">
            {errors.password.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? TEXTS.loggingIn : TEXTS.loginHeading}
      </Button>
    </form>
  );
}
