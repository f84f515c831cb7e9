/**
 * The Google Ads card of «نماذج المنصات» (docs/lead-forms.md "Set-up: Google Ads lead-form assets"): on/off, the
 * google_key (write-only: an empty field keeps the stored key, the field never shows it; the answer says
 * hasGoogleKey), the webhook address to give Google, the health line (no backfill: Google retries itself), and the
 * forms seen in Google's leads, each with its project and field map.
 */
import { useForm } from "react-hook-form";
import type { GoogleConnectionView } from "#domain/lead-forms.ts";
import { AdminForm, serverFieldErrors, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { Field } from "~/admin/common/form/field.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { Switch } from "~/shared/ui/switch.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useGoogleConnection, useSaveGoogleConnection } from "./api.ts";
import { FormsPanel } from "./forms-panel.tsx";
import { HealthLine } from "./health-line.tsx";
import { LEAD_FORMS_SCREEN_TEXTS as T } from "./texts.ts";

/** The Google connection card and its forms, once the connection is read. */
export function GoogleSection() {
  const connection = useGoogleConnection();
  if (connection.isError) return <QueryError message={T.loadError} onRetry={() => connection.refetch()} />;
  if (!connection.data) return <Skeleton className="h-48" />;
  return (
    <>
      <GoogleConnectionCard connection={connection.data} />
      <FormsPanel
        platform="google"
        connected={connection.data.enabled && connection.data.hasGoogleKey}
        title={T.googleForms}
        needConnection={T.googleFormsNeedConnection}
        empty={T.googleNoForms}
      />
    </>
  );
}

interface Values {
  enabled: boolean;
  googleKey: string;
}

function GoogleConnectionCard({ connection: c }: { connection: GoogleConnectionView }) {
  const save = useSaveGoogleConnection();
  const form = useForm<Values>({ defaultValues: { enabled: c.enabled, googleKey: "" } });
  const { handleSubmit, setError, watch, setValue, resetField } = form;
  const enabled = watch("enabled");
  const busy = form.formState.isSubmitting || save.isPending;

  const onSubmit = handleSubmit(async (values) => {
    const key = values.googleKey.trim();
    try {
      await save.mutateAsync({ enabled: values.enabled, ...(key ? { googleKey: key } : {}) });
    } catch (error) {
      showServerErrors(setError, serverFieldErrors(error));
      toast({ variant: "destructive", title: apiErrorMessage(error, T.saveFailed) });
      return;
    }
    resetField("googleKey", { defaultValue: "" });
    toast({ variant: "success", title: T.saved });
  });

  const webhookUrl = `${window.location.origin}${c.webhookPath}`;
  return (
    <Card data-testid="lead-forms-google">
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle className="text-lg">{T.google}</CardTitle>
        <div className="flex items-center gap-2">
          <Label htmlFor="google-enabled">{T.enabled}</Label>
          <Switch
            id="google-enabled"
            checked={enabled}
            onCheckedChange={(on) => setValue("enabled", on, { shouldDirty: true })}
          />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <HealthLine health={c.health} backfill={false} />
        <AdminForm form={form} onSubmit={onSubmit} className="grid gap-3 md:grid-cols-2" aria-busy={busy}>
          <Field
            name="googleKey"
            label={T.googleKey}
            hint={c.hasGoogleKey ? T.secretSaved : undefined}
            input={{ type: "password", dir: "ltr", autoComplete: "off" }}
          />
          <div className="flex flex-col gap-1.5 md:col-span-2">
            <span className="text-sm font-medium text-ink">{T.webhookUrl}</span>
            <code dir="ltr" className="break-all rounded-lg bg-brand-50 px-3 py-2 text-start text-sm">
              {webhookUrl}
            </code>
            <p className="text-xs text-muted">{T.googleWebhookHint}</p>
          </div>
          <Button type="submit" disabled={busy} className="self-start md:col-span-2 md:justify-self-start">
            {busy ? T.saving : T.save}
          </Button>
        </AdminForm>
      </CardContent>
    </Card>
  );
}
