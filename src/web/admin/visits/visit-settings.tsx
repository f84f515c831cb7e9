/**
 * /admin/visits/settings, «مواعيد الزيارات» (visits.manage; docs/decisions/088-site-visits.md): a project's visit
 * availability — where (sales office or site, with a map link), the days and hours (Riyadh time), the visit's length,
 * visits per slot, minimum notice, how far ahead, the buffer between visits, and closed dates (Eid holidays), each
 * shown in Gregorian and Hijri (ARCHITECTURE resolution 17), and the approved WhatsApp utility template that confirms
 * and reminds the visits (docs/decisions/108-visit-messages-on-whatsapp.md). The server validates (400 with Arabic field messages,
 * shown under their fields). Client-only route.
 */
import { useEffect, useId, useState } from "react";
import { formatDateLong, formatHijri } from "#domain/format.ts";
import { VISIT_PLACE_KINDS, VISIT_PLACE_LABELS, type VisitPlaceKind, WEEKDAY_LABELS } from "#domain/visits.ts";
import { blockSkeleton, clientOnly } from "~/admin/common/client-only.tsx";
import { DateField } from "~/admin/common/date-field.tsx";
import { serverFieldErrors } from "~/admin/common/form/admin-form.tsx";
import { SELECT_CLASS } from "~/admin/common/form/field.tsx";
import { TimeSelect } from "~/admin/common/form/time-field.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useSaveVisitSettings, useVisitProjects, useVisitSettings, type VisitSettingsView } from "./api.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: "مواعيد الزيارات",
  fallback: blockSkeleton("h-40 w-full rounded-xl"),
});

export default function VisitSettingsScreen() {
  const projects = useVisitProjects();
  const [projectId, setProjectId] = useState<number | null>(null);
  useEffect(() => {
    if (projectId === null && projects.data?.[0]) setProjectId(projects.data[0].id);
  }, [projectId, projects.data]);
  const settings = useVisitSettings(projectId);
  return (
    <div className="grid min-w-0 max-w-2xl gap-4">
      <h1 className="text-2xl font-bold text-ink">مواعيد الزيارات</h1>
      <label className="grid gap-1.5 font-medium text-ink">
        المشروع
        <select
          className={SELECT_CLASS}
          value={projectId ?? ""}
          onChange={(event) => setProjectId(Number(event.target.value))}
        >
          {(projects.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {settings.isPending ? (
        <Skeleton className="h-64 rounded-xl" />
      ) : settings.isError ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-6 text-danger">
          {apiErrorMessage(settings.error, "تعذّر تحميل المواعيد")}
        </p>
      ) : (
        <SettingsForm key={settings.data.projectId} initial={settings.data} />
      )}
    </div>
  );
}

const TIMES = [
  { name: "opensAt", label: "من الساعة" },
  { name: "closesAt", label: "إلى الساعة" },
] as const;

const NUMBERS = [
  { name: "slotMinutes", label: "مدة الزيارة (دقيقة)" },
  { name: "capacity", label: "عدد الزيارات في الموعد الواحد" },
  { name: "minNoticeMinutes", label: "أقل مهلة قبل الموعد (دقيقة)" },
  { name: "horizonDays", label: "الحجز متاح لعدد أيام قادمة" },
  { name: "bufferMinutes", label: "فاصل بين الزيارات (دقيقة)" },
] as const;

/** The closed dates (Eid holidays and other days off), each shown in Gregorian and Hijri, added and removed here. */
function ClosedDates({
  id,
  closed,
  onChange,
  error,
}: {
  id: string;
  closed: string[];
  onChange: (dates: string[]) => void;
  error: React.ReactNode;
}) {
  const [newDate, setNewDate] = useState("");
  return (
    <fieldset className="grid gap-2">
      <legend className="font-medium text-ink">أيام الإغلاق (الأعياد والإجازات)</legend>
      <div className="flex gap-2">
        <DateField id={id} value={newDate} onChange={setNewDate} className="flex-1" />
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            if (newDate && !closed.includes(newDate)) onChange([...closed, newDate].sort());
            setNewDate("");
          }}
        >
          إضافة
        </Button>
      </div>
      <ul className="grid gap-1">
        {closed.map((date) => (
          <li key={date} className="flex items-center justify-between gap-2 rounded-lg bg-canvas px-3 py-2">
            <span className="text-ink">
              {formatDateLong(`${date}T12:00:00+03:00`)} — {formatHijri(`${date}T12:00:00+03:00`)}
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(closed.filter((d) => d !== date))}>
              حذف
            </Button>
          </li>
        ))}
      </ul>
      {error}
    </fieldset>
  );
}

function SettingsForm({ initial }: { initial: VisitSettingsView }) {
  const save = useSaveVisitSettings();
  const id = useId();
  const [days, setDays] = useState<number[]>(initial.days.map(Number));
  const [closed, setClosed] = useState<string[]>(initial.closedDates);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    save.mutate(
      {
        projectId: initial.projectId,
        enabled: form.get("enabled") === "on",
        placeKind: text("placeKind") as VisitPlaceKind,
        placeName: text("placeName"),
        mapUrl: text("mapUrl") || undefined,
        days,
        opensAt: text("opensAt"),
        closesAt: text("closesAt"),
        ...Object.fromEntries(NUMBERS.map(({ name }) => [name, text(name)])),
        closedDates: closed,
        whatsappTemplateName: text("whatsappTemplateName") || undefined,
        whatsappTemplateLanguage: text("whatsappTemplateLanguage") || "ar",
      },
      {
        onSuccess: () => {
          setErrors({});
          toast({ title: "تم حفظ مواعيد الزيارات" });
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error) ?? {});
          toast({ title: apiErrorMessage(error, "تعذّر الحفظ"), variant: "destructive" });
        },
      },
    );
  };
  const error = (name: string) =>
    errors[name] ? <p className="text-sm font-medium text-danger">{errors[name]}</p> : null;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl bg-surface p-4 ring-1 ring-black/5">
      <label className="flex items-center gap-2 font-medium text-ink">
        <input type="checkbox" name="enabled" defaultChecked={initial.configured ? initial.enabled : true} />
        استقبال حجوزات الزيارات لهذا المشروع
      </label>
      <label className="grid gap-1.5 font-medium text-ink">
        مكان الزيارة
        <select name="placeKind" defaultValue={initial.placeKind} className={SELECT_CLASS}>
          {VISIT_PLACE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {VISIT_PLACE_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <TextField id={id} name="placeName" label="اسم المكان أو عنوانه" value={initial.placeName} errors={errors} />
      <TextField id={id} name="mapUrl" label="رابط الخريطة" value={initial.mapUrl ?? ""} errors={errors} ltr />
      <fieldset className="grid gap-2">
        <legend className="font-medium text-ink">أيام الزيارة</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAY_LABELS.map((label, day) => (
            <label key={label} className="flex items-center gap-1.5 text-ink">
              <input
                type="checkbox"
                checked={days.includes(day)}
                onChange={(event) => setDays(event.target.checked ? [...days, day] : days.filter((d) => d !== day))}
              />
              {label}
            </label>
          ))}
        </div>
        {error("days")}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        {TIMES.map(({ name, label }) => (
          <TextField key={name} id={id} name={name} label={label} value={initial[name]} errors={errors} time />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {NUMBERS.map(({ name, label }) => (
          <TextField key={name} id={id} name={name} label={label} value={String(initial[name])} errors={errors} ltr />
        ))}
      </div>
      <ClosedDates id={`${id}-closed`} closed={closed} onChange={setClosed} error={error("closedDates")} />
      <fieldset className="grid gap-2 sm:grid-cols-[2fr_1fr] sm:gap-3">
        <legend className="font-medium text-ink">تأكيد الزيارة وتذكيرها عبر واتساب</legend>
        <p className="text-sm text-muted sm:col-span-2">
          اسم قالب الخدمة المعتمد في واتساب، ومتغيراته بالترتيب: اسم العميل، اسم المشروع، موعد الزيارة. يُرسل عند ربط
          واتساب لمن وافق على التواصل عبره؛ اتركه فارغًا لعدم الإرسال.
        </p>
        <TextField
          id={id}
          name="whatsappTemplateName"
          label="اسم القالب"
          value={initial.whatsappTemplateName ?? ""}
          errors={errors}
          ltr
        />
        <TextField
          id={id}
          name="whatsappTemplateLanguage"
          label="لغة القالب"
          value={initial.whatsappTemplateLanguage}
          errors={errors}
          ltr
        />
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        حفظ
      </Button>
    </form>
  );
}

/** A labelled text input (or the `time` select) of the form with its server error line. */
function TextField({
  id,
  name,
  label,
  value,
  errors,
  ltr,
  time,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  errors: Record<string, string>;
  ltr?: boolean;
  time?: boolean;
}) {
  const control = {
    id: `${id}-${name}`,
    name,
    defaultValue: value,
    "aria-invalid": errors[name] ? true : undefined,
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={control.id} className="font-medium text-ink">
        {label}
      </label>
      {time ? <TimeSelect {...control} /> : <Input {...control} dir={ltr ? "ltr" : undefined} />}
      {errors[name] && <p className="text-sm font-medium text-danger">{errors[name]}</p>}
    </div>
  );
}
