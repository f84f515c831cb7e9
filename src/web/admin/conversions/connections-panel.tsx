/**
 * The connections screen (docs/conversions.md "Set-up per platform"): one card per platform with on/off, the
 * platform's ids, the access token (write-only: an empty field keeps the stored one, the field never shows it), the
 * event name of each stage (defaults from the domain), anonymous events, the test-event code, save and a test event.
 */
import { useId, useState } from "react";
import {
  CONVERSION_EVENT_KIND_LABELS,
  CONVERSION_EVENT_KINDS,
  type ConnectionView,
  type ConversionEventKind,
} from "#domain/conversions.ts";
import { formatNumber } from "#domain/format.ts";
import { NamedSwitch, SWITCH_STATES } from "~/admin/common/named-switch.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useConnections, useSaveConnection, useTestEvent } from "./api.ts";
import { CONVERSIONS_TEXTS as T } from "./texts.ts";

export function ConnectionsPanel() {
  const connections = useConnections();
  if (connections.isError) return <QueryError message={T.loadError} onRetry={() => connections.refetch()} />;
  if (!connections.data) return <Skeleton className="h-64" />;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {connections.data.map((c) => (
        <ConnectionCard key={c.platform} connection={c} />
      ))}
    </div>
  );
}

function ConnectionCard({ connection: c }: { connection: ConnectionView }) {
  const id = useId();
  const [enabled, setEnabled] = useState(c.enabled);
  const [ids, setIds] = useState<Record<string, string>>(c.ids);
  const [token, setToken] = useState("");
  const [eventMap, setEventMap] = useState<Record<ConversionEventKind, string>>(c.eventMap);
  const [sendAnonymous, setSendAnonymous] = useState(c.sendAnonymous);
  const [testEventCode, setTestEventCode] = useState(c.testEventCode ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveConnection();
  const test = useTestEvent();

  const submit = () => {
    setErrors({});
    save.mutate(
      {
        platform: c.platform,
        input: {
          enabled,
          ids,
          ...(token ? { accessToken: token } : {}),
          eventMap,
          sendAnonymous,
          testEventCode: testEventCode || null,
        },
      },
      {
        onSuccess: () => {
          setToken("");
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
    <Card data-testid={`connection-${c.platform}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle className="text-lg">{c.label}</CardTitle>
        <NamedSwitch
          name={T.sendingTo(c.label)}
          label={T.sending}
          states={SWITCH_STATES}
          checked={enabled}
          onCheckedChange={setEnabled}
        />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted">
          {T.counts(formatNumber(c.counts.delivered), formatNumber(c.counts.pending), formatNumber(c.counts.failed))}
        </p>
        {c.fields.map((field) => (
          <div key={field.key} className="grid gap-1.5">
            <Label htmlFor={`${id}-${field.key}`}>{field.label}</Label>
            <Input
              id={`${id}-${field.key}`}
              dir="ltr"
              value={ids[field.key] ?? ""}
              aria-invalid={Boolean(errors[`ids.${field.key}`])}
              onChange={(e) => setIds({ ...ids, [field.key]: e.target.value })}
            />
            {errors[`ids.${field.key}`] && <p className="text-sm text-danger">{errors[`ids.${field.key}`]}</p>}
          </div>
        ))}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-token`}>{T.token}</Label>
          <Input
            id={`${id}-token`}
            type="password"
            dir="ltr"
            autoComplete="off"
            value={token}
            placeholder={c.hasToken ? T.tokenSaved : ""}
            aria-invalid={Boolean(errors.accessToken)}
            onChange={(e) => setToken(e.target.value)}
          />
          {errors.accessToken && <p className="text-sm text-danger">{errors.accessToken}</p>}
        </div>
        <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <legend className="mb-1 font-medium text-ink">{T.eventMap}</legend>
          {CONVERSION_EVENT_KINDS.map((kind) => (
            <div key={kind} className="grid gap-1">
              <Label htmlFor={`${id}-event-${kind}`} className="text-sm">
                {CONVERSION_EVENT_KIND_LABELS[kind]}
              </Label>
              <Input
                id={`${id}-event-${kind}`}
                dir="ltr"
                value={eventMap[kind]}
                onChange={(e) => setEventMap({ ...eventMap, [kind]: e.target.value })}
              />
            </div>
          ))}
          <p className="text-xs text-muted sm:col-span-2">{T.eventMapHint}</p>
        </fieldset>
        <NamedSwitch
          name={T.sendAnonymous}
          label={T.sendAnonymous}
          className="items-start"
          checked={sendAnonymous}
          onCheckedChange={setSendAnonymous}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-test-code`}>{T.testEventCode}</Label>
          <Input
            id={`${id}-test-code`}
            dir="ltr"
            value={testEventCode}
            onChange={(e) => setTestEventCode(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={submit} disabled={save.isPending}>
            {T.save}
          </Button>
          <Button
            variant="outline"
            disabled={test.isPending || !c.enabled}
            onClick={() =>
              test.mutate(c.platform, {
                onSuccess: (r) =>
                  toast(
                    r.ok
                      ? { variant: "success", title: T.testOk }
                      : {
                          variant: "destructive",
                          title: r.statusCode === null ? T.testUnreachable : T.testRefused(r.statusCode),
                        },
                  ),
                onError: (error) => toast({ variant: "destructive", title: apiErrorMessage(error, T.saveFailed) }),
              })
            }
          >
            {T.test}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
