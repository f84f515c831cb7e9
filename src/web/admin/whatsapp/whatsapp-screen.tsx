/**
 * «واتساب للأعمال» (docs/whatsapp.md "Set-up"): the connection to Meta's Cloud API: on/off, Meta's ids, the app
 * secret and access token (write-only: an empty field keeps the stored one, the field never shows it), the verify
 * token and the callback URL to paste into Meta's Webhooks screen, the health line (last webhook, last error) and
 * the approved templates fetched from the account.
 */
import { useId, useState } from "react";
import { formatDateTime, formatNumber } from "#domain/format.ts";
import { TEMPLATE_CATEGORY_LABELS, type WhatsappConnectionView } from "#domain/whatsapp.ts";
import { NamedSwitch, SWITCH_STATES } from "~/admin/common/named-switch.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { RequirePermission } from "~/admin/common/require-permission.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useRefreshTemplates, useSaveWhatsappConnection, useWhatsappConnection } from "./api.ts";
import { GreetingsCard } from "./greetings-card.tsx";
import { WHATSAPP_SCREEN_TEXTS as T } from "./texts.ts";

export function WhatsappScreen() {
  return (
    <RequirePermission permission="whatsapp.manage">
      <WhatsappSettings />
    </RequirePermission>
  );
}

function WhatsappSettings() {
  const connection = useWhatsappConnection();
  return (
    <div className="grid min-w-0 gap-4">
      <h1 className="text-2xl font-bold text-ink">{T.title}</h1>
      <p className="text-sm text-muted">{T.intro}</p>
      {connection.isError ? (
        <QueryError message={T.loadError} onRetry={() => connection.refetch()} />
      ) : connection.data ? (
        <>
          <ConnectionForm view={connection.data} />
          <HealthCard view={connection.data} />
          <TemplatesCard view={connection.data} />
          <GreetingsCard view={connection.data} />
        </>
      ) : (
        <Skeleton className="h-64" />
      )}
    </div>
  );
}

function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  secret?: boolean;
  placeholder?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        dir="ltr"
        type={props.secret ? "password" : "text"}
        autoComplete="off"
        value={props.value}
        placeholder={props.placeholder}
        aria-invalid={Boolean(props.error)}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && <p className="text-sm text-danger">{props.error}</p>}
    </div>
  );
}

/** The connection's text fields in order: the value's name, its id suffix, its label, and for a secret the flag of a stored one. */
const CONNECTION_FIELDS = [
  { name: "phoneNumberId", id: "phone", label: T.phoneNumberId },
  { name: "businessAccountId", id: "waba", label: T.businessAccountId },
  { name: "appSecret", id: "secret", label: T.appSecret, stored: "hasAppSecret" },
  { name: "accessToken", id: "token", label: T.accessToken, stored: "hasAccessToken" },
  { name: "verifyToken", id: "verify", label: T.verifyToken },
] as const;

type ConnectionValues = Record<(typeof CONNECTION_FIELDS)[number]["name"], string>;

function ConnectionForm({ view }: { view: WhatsappConnectionView }) {
  const id = useId();
  const [enabled, setEnabled] = useState(view.enabled);
  const [values, setValues] = useState<ConnectionValues>({
    phoneNumberId: view.phoneNumberId,
    businessAccountId: view.businessAccountId,
    verifyToken: view.verifyToken,
    appSecret: "",
    accessToken: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveWhatsappConnection();

  const submit = () => {
    setErrors({});
    const { appSecret, accessToken, ...ids } = values;
    save.mutate(
      { enabled, ...ids, ...(appSecret ? { appSecret } : {}), ...(accessToken ? { accessToken } : {}) },
      {
        onSuccess: () => {
          setValues((current) => ({ ...current, appSecret: "", accessToken: "" }));
          toast({ variant: "success", title: T.saved });
        },
        onError: (error) => {
          if (isApiError(error, 400) && error.body?.fields) setErrors(error.body.fields);
          toast({ variant: "destructive", title: apiErrorMessage(error, T.saveFailed) });
        },
      },
    );
  };

  return (
    <Card>
      <CardContent className="pt-6">
        <div className="grid gap-3">
          <NamedSwitch
            name={T.connectionOn}
            label={T.connectionOn}
            states={SWITCH_STATES}
            checked={enabled}
            onCheckedChange={setEnabled}
          />
          {CONNECTION_FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={`${id}-${field.id}`}
              label={field.label}
              value={values[field.name]}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
              error={errors[field.name]}
              secret={"stored" in field}
              placeholder={"stored" in field ? (view[field.stored] ? T.secretSaved : "") : undefined}
            />
          ))}
          <div className="grid gap-1.5">
            <span className="text-sm font-medium">{T.webhookUrl}</span>
            <code dir="ltr" className="rounded bg-brand-50 p-2 text-start text-sm break-all">
              {view.webhookUrl}
            </code>
          </div>
          <div>
            <Button type="button" onClick={submit} disabled={save.isPending}>
              {save.isPending ? T.saving : T.save}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function HealthCard({ view }: { view: WhatsappConnectionView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.health}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">{T.lastWebhook}</dt>
          <dd>{view.health.lastWebhookAt ? formatDateTime(view.health.lastWebhookAt) : T.never}</dd>
          <dt className="text-muted">{T.lastError}</dt>
          <dd className={view.health.lastError ? "text-danger" : undefined}>
            {view.health.lastError ? `${view.health.lastError} (${formatDateTime(view.health.lastErrorAt)})` : T.none}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

function TemplatesCard({ view }: { view: WhatsappConnectionView }) {
  const refresh = useRefreshTemplates();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{T.templates}</CardTitle>
        <Button
          variant="outline"
          disabled={refresh.isPending || !view.hasAccessToken}
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: () => toast({ variant: "success", title: T.refreshed }),
              onError: (e) => toast({ variant: "destructive", title: apiErrorMessage(e, T.loadError) }),
            })
          }
        >
          {T.refresh}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-2">
        {view.templatesFetchedAt && (
          <p className="text-xs text-muted">
            {T.templatesFetched}: {formatDateTime(view.templatesFetchedAt)}
          </p>
        )}
        {view.templates.length === 0 ? (
          <p className="text-sm text-muted">{T.noTemplates}</p>
        ) : (
          <ul className="grid gap-2">
            {view.templates.map((t) => (
              <li key={`${t.name}:${t.language}`} className="rounded border border-brand-100 p-2 text-sm">
                <div className="flex flex-wrap gap-x-3 gap-y-1">
                  <span dir="ltr" className="font-medium">
                    {t.name}
                  </span>
                  <span className="text-muted">
                    {T.language}: <span dir="ltr">{t.language}</span>
                  </span>
                  <span className="text-muted">
                    {T.category}: {TEMPLATE_CATEGORY_LABELS[t.category] ?? t.category}
                  </span>
                  <span className="text-muted">
                    {T.variables}: {formatNumber(t.variables)}
                  </span>
                </div>
                <p className="mt-1 whitespace-pre-wrap">{t.body}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
