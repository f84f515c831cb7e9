/**
 * /admin/leads/settings, the lead desk's settings (leads.settings; docs/product.md §2.16 leads; server rules in
 * docs/decisions/022-lead-desk-assignment-and-response-clock.md): the round-robin agents of each project and of the
 * site default list, each agent's away flag (skipped by the round robin), the response-clock steps in minutes (notify
 * the agent, notify the managers, reassign), and the editable list of lost reasons. Client-only route.
 */
import { useEffect, useId, useState } from "react";
import { toAsciiDigits } from "#domain/digits.ts";
import { formatNumber } from "#domain/format.ts";
import { ROLE_LABELS } from "#domain/roles.ts";
import { blockSkeleton, clientOnly } from "~/admin/common/client-only.tsx";
import { NamedSwitch } from "~/admin/common/named-switch.tsx";
import { useUsers } from "~/admin/employees/api.ts";
import { useProjects } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import {
  type LostReason,
  useAgentLists,
  useLeadSettings,
  useLostReasons,
  useSaveAgentList,
  useSaveLeadSettings,
  useSaveLostReason,
  useSetAgentAway,
} from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { selectClass } from "./stage-dialog.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: DESK_TEXTS.settingsTitle,
  fallback: blockSkeleton("h-64 w-full rounded-xl"),
});

const failed = (title: string) => (e: unknown) =>
  toast({ variant: "destructive", title, description: apiErrorMessage(e, "") });
const saved = () => toast({ variant: "success", title: "تم الحفظ" });

export default function DeskSettingsScreen() {
  const user = useCurrentUser();
  if (!userCan(user, "leads.settings")) {
    return <p className="rounded-xl bg-surface p-6 text-muted">لا تملك صلاحية إعدادات مكتب العملاء</p>;
  }
  return (
    <div className="grid min-w-0 gap-6">
      <h1 className="text-2xl font-bold text-ink">{DESK_TEXTS.settingsTitle}</h1>
      <AgentListsCard />
      <ClockCard />
      <LostReasonsCard />
    </div>
  );
}

/** The agents of one list (project or default), in turn order, with their away flags. */
function AgentListsCard() {
  const ids = useId();
  const projects = useProjects();
  const users = useUsers();
  const lists = useAgentLists();
  const save = useSaveAgentList();
  const away = useSetAgentAway();
  const [listKey, setListKey] = useState("default");
  const projectId = listKey === "default" ? null : Number(listKey);
  const current = (lists.data ?? []).find((l) => l.projectId === projectId)?.agents ?? [];
  const [chosen, setChosen] = useState<string[]>([]);
  const currentIds = current.map((a) => a.userId).join(",");
  useEffect(() => setChosen(currentIds ? currentIds.split(",") : []), [currentIds]);
  const awayOf = new Map((lists.data ?? []).flatMap((l) => l.agents).map((a) => [a.userId, a.away]));
  const people = [...(users.data ?? [])].sort(
    (a, b) => Number(b.role === "sales_agent") - Number(a.role === "sales_agent"),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>قوائم الإسناد</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted">
          يُسند كل عميل جديد بالتناوب إلى مسؤولي المبيعات في قائمة مشروعه، أو في القائمة الافتراضية إن لم تكن له قائمة.
        </p>
        <div className="grid gap-2 sm:max-w-sm">
          <Label htmlFor={`${ids}-list`}>القائمة</Label>
          <select
            id={`${ids}-list`}
            className={selectClass}
            value={listKey}
            onChange={(e) => setListKey(e.target.value)}
          >
            <option value="default">القائمة الافتراضية</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        {users.isPending || lists.isPending ? (
          <Skeleton className="h-32" />
        ) : (
          <ul className="grid gap-2">
            {people.map((p) => {
              const on = chosen.includes(p.id);
              return (
                <li key={p.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-canvas p-2">
                  <label className="flex min-w-0 flex-1 items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-5"
                      checked={on}
                      onChange={(e) =>
                        setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((x) => x !== p.id)))
                      }
                    />
                    <span className="min-w-0 font-bold break-words text-ink">{p.name}</span>
                    <span className="text-xs text-muted">{ROLE_LABELS[p.role]}</span>
                    {on && (
                      <span className="text-xs text-muted">{`الدور ${formatNumber(chosen.indexOf(p.id) + 1)}`}</span>
                    )}
                  </label>
                  {awayOf.has(p.id) && (
                    <span className="flex items-center gap-2 text-sm">
                      <NamedSwitch
                        name={`غائب: ${p.name}`}
                        label="غائب"
                        checked={awayOf.get(p.id) ?? false}
                        onCheckedChange={(v) =>
                          away.mutate({ userId: p.id, away: v }, { onSuccess: saved, onError: failed("تعذّر الحفظ") })
                        }
                      />
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <Button
          className="justify-self-start"
          disabled={save.isPending}
          onClick={() =>
            save.mutate({ projectId, userIds: chosen }, { onSuccess: saved, onError: failed("تعذّر الحفظ") })
          }
        >
          حفظ القائمة
        </Button>
      </CardContent>
    </Card>
  );
}

const CLOCK_FIELDS = [
  ["notifyAgentAfter", "تنبيه المسؤول بعد (دقيقة)"],
  ["notifyManagersAfter", "تنبيه المدراء بعد (دقيقة)"],
  ["reassignAfter", "إعادة الإسناد بعد (دقيقة)"],
  // PDPL retention: a lead closed (sold or lost) longer than this is anonymised by the daily job.
  ["retentionDays", "إخفاء بيانات العملاء المغلقين بعد (يوم)"],
] as const;

function ClockCard() {
  const settings = useLeadSettings();
  const save = useSaveLeadSettings();
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) {
      // Inputs hold Latin digits (ARCHITECTURE resolution 11: what users type), like every other input.
      setValues(Object.fromEntries(Object.entries(settings.data).map(([k, v]) => [k, String(v)])));
    }
  }, [settings.data]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Latin digits (the Input converts typed Arabic-Indic ones); grouping marks pasted in are dropped.
    const toInt = (v: string | undefined) => Number(toAsciiDigits((v ?? "").replace(/[٬,\s]/gu, "")));
    save.mutate(
      {
        notifyAgentAfter: toInt(values.notifyAgentAfter),
        notifyManagersAfter: toInt(values.notifyManagersAfter),
        reassignAfter: toInt(values.reassignAfter),
        ...(values.retentionDays !== undefined ? { retentionDays: toInt(values.retentionDays) } : {}),
      },
      { onSuccess: saved, onError: failed("تعذّر الحفظ") },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>مؤقت الاستجابة ومدة الاحتفاظ</CardTitle>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-24" />
        ) : (
          <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
            {CLOCK_FIELDS.map(([key, label]) => (
              <div key={key} className="grid gap-1">
                <Label htmlFor={`clock-${key}`}>{label}</Label>
                <Input
                  id={`clock-${key}`}
                  inputMode="numeric"
                  value={values[key] ?? ""}
                  onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                />
              </div>
            ))}
            <Button type="submit" className="justify-self-start" disabled={save.isPending}>
              {DESK_TEXTS.save}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function LostReasonsCard() {
  const reasons = useLostReasons();
  const save = useSaveLostReason();
  const [name, setName] = useState("");
  return (
    <Card>
      <CardHeader>
        <CardTitle>أسباب الفقد</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-2">
          {(reasons.data ?? []).map((r) => (
            <ReasonRow key={r.id} reason={r} />
          ))}
        </ul>
        <form
          noValidate
          className="flex flex-wrap gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { name, active: true },
              {
                onSuccess: () => {
                  setName("");
                  saved();
                },
                onError: failed("تعذّرت الإضافة"),
              },
            );
          }}
        >
          <Input
            aria-label="سبب جديد"
            placeholder="سبب جديد"
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="max-w-xs"
          />
          <Button type="submit" disabled={save.isPending}>
            إضافة
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ReasonRow({ reason }: { reason: LostReason }) {
  const save = useSaveLostReason();
  const [name, setName] = useState(reason.name);
  return (
    <li className="flex flex-wrap items-center gap-2">
      <Input
        aria-label={`اسم السبب ${reason.name}`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        className="max-w-xs"
      />
      <span className="flex items-center gap-2 text-sm">
        <NamedSwitch
          name={`يُعرض عند تسجيل الفقد: ${reason.name}`}
          label="يُعرض عند تسجيل الفقد"
          checked={reason.active}
          onCheckedChange={(active) =>
            save.mutate(
              { id: reason.id, name: reason.name, active },
              { onSuccess: saved, onError: failed("تعذّر الحفظ") },
            )
          }
        />
      </span>
      {name.trim() !== reason.name && (
        <Button
          size="sm"
          onClick={() =>
            save.mutate(
              { id: reason.id, name, active: reason.active },
              { onSuccess: saved, onError: failed("تعذّر الحفظ") },
            )
          }
        >
          {DESK_TEXTS.save}
        </Button>
      )}
    </li>
  );
}
