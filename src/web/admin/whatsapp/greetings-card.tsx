/**
 * «الترحيب الآلي بالعملاء الجدد» (docs/whatsapp.md "Greeting"): per project, on/off and the approved utility template
 * (at most two variables: the buyer's name, the project's name) that greets a new opted-in enquiry within a minute.
 */
import { useId, useState } from "react";
import type { GreetingView, WhatsappConnectionView } from "#domain/whatsapp.ts";
import { NamedSwitch, SWITCH_STATES } from "~/admin/common/named-switch.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useGreetings, useSaveGreeting } from "./api.ts";
import { WHATSAPP_SCREEN_TEXTS as T } from "./texts.ts";

export function GreetingsCard({ view }: { view: WhatsappConnectionView }) {
  const greetings = useGreetings();
  const choices = view.templates.filter((t) => t.category === "UTILITY" && t.variables <= 2);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.greetings}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted">{T.greetingsIntro}</p>
        {greetings.isError ? (
          <QueryError message={T.loadError} onRetry={() => greetings.refetch()} />
        ) : !greetings.data ? (
          <Skeleton className="h-24" />
        ) : greetings.data.length === 0 ? (
          <p className="text-sm text-muted">{T.noProjects}</p>
        ) : (
          <ul className="grid gap-3">
            {greetings.data.map((g) => (
              <GreetingRow key={g.projectId} greeting={g} choices={choices} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function GreetingRow({ greeting, choices }: { greeting: GreetingView; choices: WhatsappConnectionView["templates"] }) {
  const id = useId();
  const [enabled, setEnabled] = useState(greeting.enabled);
  const [key, setKey] = useState(greeting.templateName ? `${greeting.templateName}:${greeting.language}` : "");
  const [error, setError] = useState<string | null>(null);
  const save = useSaveGreeting();
  const chosen = choices.find((t) => `${t.name}:${t.language}` === key);
  return (
    <li className="grid gap-2 rounded-lg border border-brand-100 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{greeting.projectName}</span>
        <NamedSwitch
          name={T.greetingFor(greeting.projectName)}
          label={T.greetingSending}
          states={SWITCH_STATES}
          checked={enabled}
          onCheckedChange={setEnabled}
        />
      </div>
      <Label htmlFor={`${id}-template`}>{T.greetingTemplate}</Label>
      <select
        id={`${id}-template`}
        className="h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-sm"
        value={key}
        onChange={(e) => setKey(e.target.value)}
      >
        <option value="">—</option>
        {choices.map((t) => (
          <option key={`${t.name}:${t.language}`} value={`${t.name}:${t.language}`}>
            {t.name} ({t.language})
          </option>
        ))}
      </select>
      {error && <p className="text-sm text-danger">{error}</p>}
      <div>
        <Button
          variant="outline"
          disabled={save.isPending}
          onClick={() => {
            setError(null);
            save.mutate(
              {
                projectId: greeting.projectId,
                input: { enabled, templateName: chosen?.name ?? "", language: chosen?.language ?? "" },
              },
              {
                onSuccess: () => toast({ variant: "success", title: T.greetingSaved }),
                onError: (e) => {
                  if (isApiError(e, 400)) setError(e.body?.fields?.templateName ?? null);
                  toast({ variant: "destructive", title: apiErrorMessage(e, T.saveFailed) });
                },
              },
            );
          }}
        >
          {T.save}
        </Button>
      </div>
    </li>
  );
}
