/**
 * A note or a logged call/WhatsApp/e-mail/meeting on a lead, with an optional follow-up: a day (the Arabic calendar)
 * and a time (a quarter-hour list in Latin digits, ARCHITECTURE resolution 11), both in Asia/Riyadh (resolution 17), sent as ISO 8601 with
 * +03:00 (docs/decisions/074-a-clock-the-agent-sees.md). A follow-up not after now is refused by the server (400
 * {followUpAt}); its Arabic message is shown under the field.
 */
import { useId, useState } from "react";
import { LEAD_ACTIVITY_KINDS, LEAD_ACTIVITY_LABELS, type LeadActivityKind } from "#domain/lead-desk.ts";
import { DateField } from "~/admin/common/date-field.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useLogActivity } from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { NoteField, selectClass } from "./stage-dialog.tsx";

/** The time a follow-up day starts with until the agent picks another. */
export const DEFAULT_FOLLOW_UP_TIME = "10:00";

/**
 * The times offered, every quarter of an hour, 24-hour "HH:MM" in Latin digits: a list a thumb can pick from, with no
 * browser time widget (its AM/PM words follow the browser's language, not Arabic).
 */
export const FOLLOW_UP_TIMES = Array.from({ length: 96 }, (_, i) => {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`;
});

/** "YYYY-MM-DD" and "HH:MM" in Asia/Riyadh (UTC+3 all year) → ISO 8601 with its offset. */
export function riyadhIso(day: string, time: string): string {
  return `${day}T${time || DEFAULT_FOLLOW_UP_TIME}:00+03:00`;
}

export function ActivityForm({ leadId }: { leadId: number }) {
  const ids = useId();
  const [kind, setKind] = useState<LeadActivityKind>("note");
  const [note, setNote] = useState("");
  const [day, setDay] = useState("");
  const [time, setTime] = useState(DEFAULT_FOLLOW_UP_TIME);
  const [followUpError, setFollowUpError] = useState<string | null>(null);
  const log = useLogActivity();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFollowUpError(null);
    if (!note.trim() && !day && kind === "note") return;
    log.mutate(
      { id: leadId, kind, note: note.trim() || undefined, followUpAt: day ? riyadhIso(day, time) : undefined },
      {
        onSuccess: () => {
          setNote("");
          setDay("");
          setTime(DEFAULT_FOLLOW_UP_TIME);
          toast({ variant: "success", title: "تم الحفظ" });
        },
        onError: (e) => {
          const field = isApiError(e) ? e.body?.fields?.followUpAt : undefined;
          if (field) setFollowUpError(field);
          else toast({ variant: "destructive", title: DESK_TEXTS.logFailed, description: apiErrorMessage(e, "") });
        },
      },
    );
  };
  const errorId = `${ids}-follow-up-error`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>تسجيل نشاط أو ملاحظة</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={`${ids}-kind`}>نوع النشاط</Label>
            <select
              id={`${ids}-kind`}
              className={selectClass}
              value={kind}
              onChange={(e) => setKind(e.target.value as LeadActivityKind)}
            >
              {LEAD_ACTIVITY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {LEAD_ACTIVITY_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="grid gap-1" aria-describedby={followUpError ? errorId : undefined}>
            <legend className="mb-1 text-sm font-medium text-ink">{DESK_TEXTS.followUp}</legend>
            <div className="flex flex-wrap gap-2">
              <DateField
                id={`${ids}-day`}
                value={day}
                onChange={setDay}
                className="min-w-0 flex-1"
                aria-invalid={followUpError ? true : undefined}
              />
              <Label htmlFor={`${ids}-time`} className="sr-only">
                {DESK_TEXTS.followUpTime}
              </Label>
              <select
                id={`${ids}-time`}
                dir="ltr"
                className={`${selectClass} w-28`}
                value={time}
                onChange={(e) => setTime(e.target.value)}
                aria-invalid={followUpError ? true : undefined}
              >
                {FOLLOW_UP_TIMES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
            {followUpError && (
              <p id={errorId} role="alert" className="text-sm text-danger">
                {followUpError}
              </p>
            )}
          </fieldset>
          <NoteField id={`${ids}-note`} value={note} onChange={setNote} className="grid gap-1 sm:col-span-2" />
          <Button type="submit" className="justify-self-start" disabled={log.isPending}>
            {DESK_TEXTS.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
