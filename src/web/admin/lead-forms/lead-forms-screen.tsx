/**
 * /admin/lead-forms «نماذج المنصات» (lead_forms.manage; docs/lead-forms.md "Set-up"): the Meta connection card — on/off,
 * page id, the app secret, verify token and page token (write-only: an empty field keeps the stored value and the
 * field never shows it), the webhook address to give Meta — its health line, and the page's forms, each with the
 * project it feeds and what each question feeds; then the Google card (google-card.tsx) of the same shape.
 * Without the permission: "غير مصرح لك".
 */
import { useForm } from "react-hook-form";
import type { MetaConnectionView } from "#domain/lead-forms.ts";
import { TEXTS } from "#domain/texts.ts";
import { AdminForm, serverFieldErrors, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { Field } from "~/admin/common/form/field.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { Switch } from "~/shared/ui/switch.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useMetaConnection, useSaveMetaConnection } from "./api.ts";
import { FormsPanel } from "./forms-panel.tsx";
import { GoogleSection } from "./google-card.tsx";
import { HealthLine } from "./health-line.tsx";
import { LEAD_FORMS_SCREEN_TEXTS as T } from "./texts.ts";

export function LeadFormsScreen() {
  const user = useCurrentUser();
  if (!userCan(user, "lead_forms.manage"))
    return (
      <p role="alert" className="text-lg font-bold text-danger">
        {TEXTS.notAuthorized}
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-ink">{T.title}</h1>
      <p className="text-muted">{T.intro}</p>
      <MetaSection />
      <GoogleSection />
    </div>
  );
}

function MetaSection() {
  const connection = useMetaConnection();
  if (connection.isError) return <QueryError message={T.loadError} onRetry={() => connection.refetch()} />;
  if (!connection.data) return <Skeleton className="h-64" />;
  return (
    <>
      <MetaConnectionCard connection={connection.data} />
      <FormsPanel platform="meta" connected={connection.data.enabled && connection.data.hasPageAccessToken} />
    </>
  );
}

interface Values {
  enabled: boolean;
  pageId: string;
  appSecret: string;
  verifyToken: string;
  pageAccessToken: string;
}

const SECRETS = ["appSecret", "verifyToken", "pageAccessToken"] as const;

function MetaConnectionCard({ connection: c }: { connection: MetaConnectionView }) {
  const save = useSaveMetaConnection();
  const form = useForm<Values>({
    defaultValues: { enabled: c.enabled, pageId: c.pageId, appSecret: "", verifyToken: "", pageAccessToken: "" },
  });
  const { handleSubmit, setError, watch, setValue, resetField } = form;
  const enabled = watch("enabled");
  const busy = form.formState.isSubmitting || save.isPending;
  const stored: Record<(typeof SECRETS)[number], boolean> = {
    appSecret: c.hasAppSecret,
    verifyToken: c.hasVerifyToken,
    pageAccessToken: c.hasPageAccessToken,
  };

  const onSubmit = handleSubmit(async (values) => {
    const typed = Object.fromEntries(SECRETS.filter((k) => values[k].trim()).map((k) => [k, values[k].trim()]));
    try {
      await save.mutateAsync({ enabled: values.enabled, pageId: values.pageId.trim(), ...typed });
    } catch (error) {
      showServerErrors(setError, serverFieldErrors(error));
      toast({ variant: "destructive", title: apiErrorMessage(error, T.saveFailed) });
      return;
    }
    for (const key of SECRETS) resetField(key, { defaultValue: "" });
    toast({ variant: "success", title: T.saved });
  });

  const webhookUrl = `${window.location.origin}${c.webhookPath}`;
  return (
    <Card data-testid="lead-forms-meta">
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle className="text-lg">{T.meta}</CardTitle>
        <div className="flex items-center gap-2">
          <Label htmlFor="meta-enabled">{T.enabled}</Label>
          <Switch
            id="meta-enabled"
            checked={enabled}
            onCheckedChange={(on) => setValue("enabled", on, { shouldDirty: true })}
          />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <HealthLine health={c.health} />
        <AdminForm form={form} onSubmit={onSubmit} className="grid gap-3 md:grid-cols-2" aria-busy={busy}>
          <Field name="pageId" label={T.pageId} input={{ dir: "ltr", inputMode: "numeric", autoComplete: "off" }} />
          {SECRETS.map((key) => (
            <Field
              key={key}
              name={key}
              label={T[key]}
              hint={stored[key] ? T.secretSaved : undefined}
              input={{ type: "password", dir: "ltr", autoComplete: "off" }}
            />
          ))}
          <div className="flex flex-col gap-1.5 md:col-span-2">
            <span className="text-sm font-medium text-ink">{T.webhookUrl}</span>
            <code dir="ltr" className="break-all rounded-lg bg-brand-50 px-3 py-2 text-start text-sm">
              {webhookUrl}
            </code>
            <p className="text-xs text-muted">{T.webhookHint}</p>
          </div>
          <Button type="submit" disabled={busy} className="self-start md:col-span-2 md:justify-self-start">
            {busy ? T.saving : T.save}
          </Button>
        </AdminForm>
      </CardContent>
    </Card>
  );
}
