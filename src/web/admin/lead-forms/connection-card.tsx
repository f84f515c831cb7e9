/**
 * A platform connection card of «نماذج المنصات» (docs/lead-forms.md "Set-up"): on/off, an optional platform id (and
 * any further ids), the secrets (write-only: an empty field keeps the stored value, the field never shows it, «محفوظ»
 * says one is stored), the webhook address to give the platform (or, while there is none, `webhookPending`), and the
 * health line. `onSave` gets the switch, the ids and only the secrets typed; it throws the API error, whose `fields`
 * are shown on the fields they name.
 */
import { useForm } from "react-hook-form";
import type { MetaConnectionView } from "#domain/lead-forms.ts";
import { AdminForm, serverFieldErrors, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { Field } from "~/admin/common/form/field.tsx";
import { NamedSwitch, SWITCH_STATES } from "~/admin/common/named-switch.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { HealthLine } from "./health-line.tsx";
import { LEAD_FORMS_SCREEN_TEXTS as T } from "./texts.ts";

export interface ConnectionCardProps {
  platform: string;
  title: string;
  enabled: boolean;
  /** The platform's id field (name in the API, label, stored value), if it has one. */
  idField?: { name: string; label: string; value: string };
  /** Further ids (text, left to right), sent in `ids`. */
  moreIds?: { name: string; label: string; value: string }[];
  secrets: { name: string; label: string; stored: boolean }[];
  webhookPath: string;
  webhookHint: string;
  /** Shown instead of the address while `webhookPath` is empty (made by the server on the first save). */
  webhookPending?: string;
  health: MetaConnectionView["health"];
  backfill: boolean;
  onSave: (input: {
    enabled: boolean;
    id?: string;
    ids: Record<string, string>;
    secrets: Record<string, string>;
  }) => Promise<unknown>;
}

type Values = Record<string, string | boolean>;

export function ConnectionCard(p: ConnectionCardProps) {
  const blankSecrets = Object.fromEntries(p.secrets.map((s) => [s.name, ""]));
  const moreIds = p.moreIds ?? [];
  const form = useForm<Values>({
    defaultValues: {
      enabled: p.enabled,
      ...(p.idField ? { [p.idField.name]: p.idField.value } : {}),
      ...Object.fromEntries(moreIds.map((f) => [f.name, f.value])),
      ...blankSecrets,
    },
  });
  const { handleSubmit, setError, watch, setValue, resetField } = form;
  const enabled = watch("enabled") === true;
  const busy = form.formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    const typed: Record<string, string> = {};
    for (const s of p.secrets) {
      const value = String(values[s.name] ?? "").trim();
      if (value) typed[s.name] = value;
    }
    try {
      await p.onSave({
        enabled: values.enabled === true,
        ...(p.idField ? { id: String(values[p.idField.name] ?? "").trim() } : {}),
        ids: Object.fromEntries(moreIds.map((f) => [f.name, String(values[f.name] ?? "").trim()])),
        secrets: typed,
      });
    } catch (error) {
      showServerErrors(setError, serverFieldErrors(error));
      toast({ variant: "destructive", title: apiErrorMessage(error, T.saveFailed) });
      return;
    }
    for (const s of p.secrets) resetField(s.name, { defaultValue: "" });
    toast({ variant: "success", title: T.saved });
  });

  const switchId = `${p.platform}-enabled`;
  return (
    <Card data-testid={`lead-forms-${p.platform}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle className="text-lg">{p.title}</CardTitle>
        <NamedSwitch
          id={switchId}
          name={T.receivingFrom(p.title)}
          label={T.receiving}
          states={SWITCH_STATES}
          checked={enabled}
          onCheckedChange={(on) => setValue("enabled", on, { shouldDirty: true })}
        />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <HealthLine health={p.health} backfill={p.backfill} />
        <AdminForm form={form} onSubmit={onSubmit} className="grid gap-3 md:grid-cols-2" aria-busy={busy}>
          {p.idField && (
            <Field
              name={p.idField.name}
              label={p.idField.label}
              input={{ dir: "ltr", inputMode: "numeric", autoComplete: "off" }}
            />
          )}
          {moreIds.map((f) => (
            <Field key={f.name} name={f.name} label={f.label} input={{ dir: "ltr", autoComplete: "off" }} />
          ))}
          {p.secrets.map((s) => (
            <Field
              key={s.name}
              name={s.name}
              label={s.label}
              hint={s.stored ? T.secretSaved : undefined}
              input={{ type: "password", dir: "ltr", autoComplete: "off" }}
            />
          ))}
          <div className="flex flex-col gap-1.5 md:col-span-2">
            <span className="text-sm font-medium text-ink">{T.webhookUrl}</span>
            {p.webhookPath || !p.webhookPending ? (
              <code dir="ltr" className="break-all rounded-lg bg-brand-50 px-3 py-2 text-start text-sm">
                {`${window.location.origin}${p.webhookPath}`}
              </code>
            ) : (
              <p className="text-sm text-muted">{p.webhookPending}</p>
            )}
            <p className="text-xs text-muted">{p.webhookHint}</p>
          </div>
          <Button type="submit" disabled={busy} className="self-start md:col-span-2 md:justify-self-start">
            {busy ? T.saving : T.save}
          </Button>
        </AdminForm>
      </CardContent>
    </Card>
  );
}
