/**
 * The project create/edit form (SPEC §2.12, §3 projects, §5.3), validated in the browser with the same domain
 * schema the server uses (projectInputSchema). Rules shown to staff:
 * - the name (with city) is checked on the server 500 ms after the last change ("جاري التحقق..."); while the name
 *   exists, submission is blocked ("خطأ في الاسم", button "يجب تصحيح الأخطاء");
 * - without a signed-in user the button reads "يجب تسجيل الدخول" and the form says why;
 * - single or range rooms (1–10) and areas (step 0.01, unit m or m²), bathrooms 1–500;
 * - guarantees: the four standard types, and custom ones trimmed and unique (case-insensitive), added with 1 year;
 * - percentage sliders 0–100, the sales override with the sold-out checkbox (100, or 0 when unticked);
 * - the REGA advertising licence, Wafi licence and title-deed numbers, warned about when missing.
 * Field errors of a 400 answer are put on their fields.
 */

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangleIcon, PlusIcon, Trash2Icon } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { Controller, type FieldPath, useFieldArray, useForm } from "react-hook-form";
import { AREA_STEP, BATHROOMS_MAX, BATHROOMS_MIN, ROOMS_MAX, ROOMS_MIN } from "#domain/constants.ts";
import { formatPercent } from "#domain/format.ts";
import { GUARANTEE_LABELS, GUARANTEE_TYPES } from "#domain/project-rules.ts";
import {
  addCustomGuarantee,
  missingComplianceFields,
  PROJECT_MESSAGES,
  type ProjectInput,
  type ProjectPayload,
  projectInputSchema,
  sameGuaranteeType,
} from "#domain/schemas/project.ts";
import type { Project } from "#domain/types.ts";
import { MoneyInput } from "~/admin/common/money-input.tsx";
import { PERCENT_LABELS, PROJECT_TEXTS } from "~/admin/common/project-texts.ts";
import { ImageListField, SingleFileField } from "~/admin/common/upload-fields.tsx";
import { ApiError } from "~/shared/lib/api-client.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import type { checkProjectName } from "./api.ts";
import { useProjectNameCheck } from "./use-project-name-check.ts";

export const FORM_TEXTS = {
  name: "اسم المشروع",
  city: "المدينة",
  district: "الحي",
  description: "الوصف",
  price: "السعر (ريال سعودي)",
  latitude: "خط العرض",
  longitude: "خط الطول",
  landmarks: "المسافة من المعالم (سطر لكل معلم)",
  areaType: "نوع المساحة",
  roomsType: "نوع الغرف",
  single: "قيمة واحدة",
  range: "نطاق",
  areaSize: "المساحة",
  areaSizeMin: "الحد الأدنى للمساحة",
  areaSizeMax: "الحد الأقصى للمساحة",
  areaUnit: "وحدة المساحة",
  unitM2: "متر مربع (م²)",
  unitM: "متر (م)",
  rooms: "عدد الغرف",
  roomsMin: "الحد الأدنى لعدد الغرف",
  roomsMax: "الحد الأقصى لعدد الغرف",
  bathrooms: "عدد دورات المياه",
  hasGarage: "موقف سيارات (كراج)",
  hasDriverRoom: "غرفة سائق",
  hasMaidRoom: "غرفة خادمة",
  guarantees: "الضمانات",
  years: "المدة (سنوات)",
  yearsOf: (label: string) => `مدة ضمان ${label} (سنوات)`,
  addStandard: "إضافة ضمان",
  customGuarantee: "ضمان إضافي",
  customPlaceholder: "اسم الضمان الإضافي",
  addCustom: "إضافة",
  removeGuarantee: (label: string) => `حذف ضمان ${label}`,
  percentages: "نسب الإنجاز",
  sales: "نسبة المبيعات",
  salesAuto: "تُحسب تلقائيًا من الوحدات: (المباعة + المحجوزة) ÷ الإجمالي × 100",
  salesOverrideEnabled: "تحديد نسبة المبيعات يدويًا",
  salesOverrideValue: "نسبة المبيعات اليدوية",
  soldOut: "مباع بالكامل",
  media: "الوسائط",
  images: "صور المشروع",
  video: "فيديو المشروع",
  videoUrl: "رابط فيديو (يوتيوب أو رابط مباشر)",
  pdf: "ملف PDF (البروشور)",
  compliance: "بيانات الترخيص والامتثال",
  complianceWarning: "بيانات مطلوبة لإعلانات العقار في المملكة غير مكتملة:",
  basics: "البيانات الأساسية",
  specs: "المواصفات",
  location: "الموقع",
} as const;

/** Form defaults of a new project (SPEC §9: rooms 1, bathrooms 1, area unit m², single types, percentages 0). */
export function emptyProjectInput(): ProjectInput {
  return {
    name: "",
    description: "",
    price: "",
    city: "",
    district: "",
    latitude: "",
    longitude: "",
    distanceFromLandmark: [],
    areaType: "single",
    areaSize: "",
    areaSizeMin: "",
    areaSizeMax: "",
    areaUnit: "m2",
    roomsType: "single",
    rooms: 1,
    roomsMin: "",
    roomsMax: "",
    bathrooms: 1,
    hasGarage: false,
    hasDriverRoom: false,
    hasMaidRoom: false,
    images: [],
    videoUrl: null,
    pdfUrl: null,
    guarantees: [],
    completionPercentage: 0,
    salesOverrideEnabled: false,
    salesOverrideValue: null,
    concretePercentage: 0,
    plumbingPercentage: 0,
    electricalPercentage: 0,
    finishingPercentage: 0,
    advertisingLicenseNumber: "",
    wafiLicenseNumber: "",
    titleDeedNumber: "",
  };
}

/** The form values of an existing project (every input field of SPEC §3). */
export function projectToInput(p: Project): ProjectInput {
  const n = (v: number | null) => (v === null ? "" : v);
  return {
    name: p.name,
    description: p.description ?? "",
    price: p.price,
    city: p.city ?? "",
    district: p.district ?? "",
    latitude: n(p.latitude),
    longitude: n(p.longitude),
    distanceFromLandmark: p.distanceFromLandmark,
    areaType: p.areaType,
    areaSize: n(p.areaSize),
    areaSizeMin: n(p.areaSizeMin),
    areaSizeMax: n(p.areaSizeMax),
    areaUnit: p.areaUnit,
    roomsType: p.roomsType,
    rooms: n(p.rooms),
    roomsMin: n(p.roomsMin),
    roomsMax: n(p.roomsMax),
    bathrooms: n(p.bathrooms),
    hasGarage: p.hasGarage,
    hasDriverRoom: p.hasDriverRoom,
    hasMaidRoom: p.hasMaidRoom,
    images: p.images,
    videoUrl: p.videoUrl,
    pdfUrl: p.pdfUrl,
    guarantees: p.guarantees,
    completionPercentage: p.completionPercentage,
    salesOverrideEnabled: p.salesOverrideEnabled,
    salesOverrideValue: p.salesOverrideValue,
    concretePercentage: p.concretePercentage,
    plumbingPercentage: p.plumbingPercentage,
    electricalPercentage: p.electricalPercentage,
    finishingPercentage: p.finishingPercentage,
    advertisingLicenseNumber: p.advertisingLicenseNumber ?? "",
    wafiLicenseNumber: p.wafiLicenseNumber ?? "",
    titleDeedNumber: p.titleDeedNumber ?? "",
  };
}

export interface ProjectFormProps {
  /** The project being edited; null or absent for a new one. */
  project?: Project | null;
  /** Whether a user is signed in (SPEC §5.3: saving needs one). */
  signedIn: boolean;
  /** Saves the validated payload; an ApiError with field messages is shown on the fields. */
  onSubmit: (payload: ProjectPayload) => Promise<void>;
  onCancel?: () => void;
  /** The name check call (tests pass a fake). */
  checkName?: typeof checkProjectName;
  /** Extra content under the form (the units list of the project being edited). */
  children?: React.ReactNode;
}

type FieldName = FieldPath<ProjectInput>;

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs text-danger">
      {message}
    </p>
  );
}

export function ProjectForm({ project, signedIn, onSubmit, onCancel, checkName, children }: ProjectFormProps) {
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const form = useForm<ProjectInput, unknown, ProjectPayload>({
    resolver: zodResolver(projectInputSchema),
    defaultValues: project ? projectToInput(project) : emptyProjectInput(),
    mode: "onTouched",
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const guarantees = useFieldArray({ control, name: "guarantees" });
  const [customName, setCustomName] = useState("");
  const [customError, setCustomError] = useState<string | null>(null);

  const name = watch("name");
  const city = watch("city");
  const nameCheck = useProjectNameCheck(name, city, {
    originalName: project?.name,
    excludeId: project?.id,
    check: checkName,
  });
  const roomsType = watch("roomsType");
  const areaType = watch("areaType");
  const overrideEnabled = watch("salesOverrideEnabled");
  const overrideValue = watch("salesOverrideValue");
  const guaranteeList = watch("guarantees") ?? [];
  const missing = missingComplianceFields({
    advertisingLicenseNumber: watch("advertisingLicenseNumber"),
    wafiLicenseNumber: watch("wafiLicenseNumber"),
    titleDeedNumber: watch("titleDeedNumber"),
  });

  const blocked = Boolean(nameCheck.error);
  const errorOf = (field: string): string | undefined => {
    const parts = field.split(".");
    let node: unknown = errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };
  const described = (field: string) =>
    errorOf(field) ? { "aria-invalid": true as const, "aria-describedby": fid(`${field}-error`) } : {};

  const submit = handleSubmit(async (payload) => {
    if (blocked || !signedIn) return;
    try {
      await onSubmit(payload);
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.fields : undefined;
      if (fields) {
        // The first field the server named is focused (and so scrolled into view).
        let first = true;
        for (const [path, message] of Object.entries(fields)) {
          if (path === "_") continue;
          setError(path as FieldName, { type: "server", message }, { shouldFocus: first });
          first = false;
        }
      }
    }
  });

  function addStandard(type: string) {
    if (!type) return;
    if (guaranteeList.some((g) => sameGuaranteeType(g.type, type))) {
      setCustomError(PROJECT_MESSAGES.guaranteeDuplicate);
      return;
    }
    setCustomError(null);
    guarantees.append({ type, years: 1 });
  }

  function addCustom() {
    const result = addCustomGuarantee(
      guaranteeList.map((g) => ({ type: g.type, years: Number(g.years) })),
      customName,
    );
    if (!result.ok) {
      setCustomError(result.error);
      return;
    }
    setCustomError(null);
    setCustomName("");
    guarantees.append(result.list[result.list.length - 1]);
  }

  const numberField = (field: FieldName, label: string, attrs: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={fid(field)}>{label}</Label>
      <Input
        id={fid(field)}
        type="number"
        inputMode="decimal"
        dir="ltr"
        {...attrs}
        {...register(field)}
        {...described(field)}
      />
      <FieldError id={fid(`${field}-error`)} message={errorOf(field)} />
    </div>
  );
  const textField = (field: FieldName, label: string, attrs: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={fid(field)}>{label}</Label>
      <Input id={fid(field)} {...attrs} {...register(field)} {...described(field)} />
      <FieldError id={fid(`${field}-error`)} message={errorOf(field)} />
    </div>
  );
  const slider = (field: Extract<FieldName, keyof typeof PERCENT_LABELS> | "salesOverrideValue", label: string) => (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => {
        const value = Number(f.value ?? 0) || 0;
        return (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-center justify-between">
              <Label htmlFor={fid(field)}>{label}</Label>
              <output htmlFor={fid(field)} className="text-sm font-bold text-brand-700">
                {formatPercent(value)}
              </output>
            </div>
            <input
              id={fid(field)}
              type="range"
              min={0}
              max={100}
              step={1}
              value={value}
              onChange={(e) => f.onChange(Number(e.target.value))}
              onBlur={f.onBlur}
              className="w-full accent-brand-600"
            />
            <FieldError id={fid(`${field}-error`)} message={errorOf(field)} />
          </div>
        );
      }}
    />
  );

  const submitLabel = !signedIn
    ? PROJECT_MESSAGES.mustLoginButton
    : blocked
      ? PROJECT_MESSAGES.fixErrors
      : isSubmitting
        ? PROJECT_TEXTS.saving
        : project
          ? PROJECT_TEXTS.updateSubmit
          : PROJECT_TEXTS.createSubmit;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <section className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-labelledby={fid("basics")}>
        <h3 id={fid("basics")} className="font-bold text-ink md:col-span-2">
          {FORM_TEXTS.basics}
        </h3>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fid("name")}>{FORM_TEXTS.name}</Label>
          <Input
            id={fid("name")}
            autoComplete="off"
            {...register("name")}
            aria-invalid={Boolean(errorOf("name") || nameCheck.error) || undefined}
            aria-describedby={fid("name-status")}
          />
          <div id={fid("name-status")}>
            {nameCheck.checking ? (
              <p className="text-xs text-muted" role="status">
                {PROJECT_MESSAGES.nameChecking}
              </p>
            ) : null}
            {nameCheck.error ? (
              <p className="text-xs text-danger" role="alert">
                {nameCheck.error}
              </p>
            ) : null}
            <FieldError id={fid("name-error")} message={errorOf("name")} />
          </div>
        </div>
        {textField("city", FORM_TEXTS.city)}
        {textField("district", FORM_TEXTS.district)}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fid("price")}>{FORM_TEXTS.price}</Label>
          <Controller
            control={control}
            name="price"
            render={({ field }) => (
              <MoneyInput
                id={fid("price")}
                name={field.name}
                value={field.value as string | number | null | undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                {...described("price")}
              />
            )}
          />
          <FieldError id={fid("price-error")} message={errorOf("price")} />
        </div>
        <div className="flex flex-col gap-1.5 md:col-span-2">
          <Label htmlFor={fid("description")}>{FORM_TEXTS.description}</Label>
          <textarea
            id={fid("description")}
            rows={4}
            className="w-full rounded-lg border border-brand-100 bg-surface px-3 py-2 text-sm"
            {...register("description")}
          />
        </div>
      </section>

      <section className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-labelledby={fid("specs")}>
        <h3 id={fid("specs")} className="font-bold text-ink md:col-span-3">
          {FORM_TEXTS.specs}
        </h3>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fid("areaType")}>{FORM_TEXTS.areaType}</Label>
          <select
            id={fid("areaType")}
            className="h-10 rounded-lg border border-brand-100 bg-surface px-3 text-sm"
            {...register("areaType")}
          >
            <option value="single">{FORM_TEXTS.single}</option>
            <option value="range">{FORM_TEXTS.range}</option>
          </select>
        </div>
        {areaType === "range" ? (
          <>
            {numberField("areaSizeMin", FORM_TEXTS.areaSizeMin, { min: 1, step: AREA_STEP })}
            {numberField("areaSizeMax", FORM_TEXTS.areaSizeMax, { min: 1, step: AREA_STEP })}
          </>
        ) : (
          numberField("areaSize", FORM_TEXTS.areaSize, { min: 1, step: AREA_STEP })
        )}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fid("areaUnit")}>{FORM_TEXTS.areaUnit}</Label>
          <select
            id={fid("areaUnit")}
            className="h-10 rounded-lg border border-brand-100 bg-surface px-3 text-sm"
            {...register("areaUnit")}
          >
            <option value="m2">{FORM_TEXTS.unitM2}</option>
            <option value="m">{FORM_TEXTS.unitM}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fid("roomsType")}>{FORM_TEXTS.roomsType}</Label>
          <select
            id={fid("roomsType")}
            className="h-10 rounded-lg border border-brand-100 bg-surface px-3 text-sm"
            {...register("roomsType")}
          >
            <option value="single">{FORM_TEXTS.single}</option>
            <option value="range">{FORM_TEXTS.range}</option>
          </select>
        </div>
        {roomsType === "range" ? (
          <>
            {numberField("roomsMin", FORM_TEXTS.roomsMin, { min: ROOMS_MIN, max: ROOMS_MAX, step: 1 })}
            {numberField("roomsMax", FORM_TEXTS.roomsMax, { min: ROOMS_MIN, max: ROOMS_MAX, step: 1 })}
          </>
        ) : (
          numberField("rooms", FORM_TEXTS.rooms, { min: ROOMS_MIN, max: ROOMS_MAX, step: 1 })
        )}
        {numberField("bathrooms", FORM_TEXTS.bathrooms, { min: BATHROOMS_MIN, max: BATHROOMS_MAX, step: 1 })}
        <div className="flex flex-wrap gap-4 md:col-span-3">
          {(["hasGarage", "hasDriverRoom", "hasMaidRoom"] as const).map((field) => (
            <label key={field} className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-brand-600" {...register(field)} />
              {FORM_TEXTS[field]}
            </label>
          ))}
        </div>
      </section>

      <section className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-labelledby={fid("location")}>
        <h3 id={fid("location")} className="font-bold text-ink md:col-span-2">
          {FORM_TEXTS.location}
        </h3>
        {numberField("latitude", FORM_TEXTS.latitude, { step: "any", min: -90, max: 90 })}
        {numberField("longitude", FORM_TEXTS.longitude, { step: "any", min: -180, max: 180 })}
        <Controller
          control={control}
          name="distanceFromLandmark"
          render={({ field }) => (
            <div className="flex flex-col gap-1.5 md:col-span-2">
              <Label htmlFor={fid("landmarks")}>{FORM_TEXTS.landmarks}</Label>
              <textarea
                id={fid("landmarks")}
                rows={3}
                className="w-full rounded-lg border border-brand-100 bg-surface px-3 py-2 text-sm"
                value={(field.value ?? []).join("\n")}
                onChange={(e) => field.onChange(e.target.value.split("\n"))}
                onBlur={field.onBlur}
              />
            </div>
          )}
        />
      </section>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-bold text-ink">{FORM_TEXTS.guarantees}</legend>
        {guarantees.fields.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {guarantees.fields.map((g, index) => {
              const label = (GUARANTEE_LABELS as Record<string, string>)[g.type] ?? g.type;
              return (
                <li key={g.id} className="flex flex-wrap items-end gap-3 rounded-lg border border-brand-100 p-3">
                  <span className="min-w-32 flex-1 font-bold">{label}</span>
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={fid(`g-${index}`)}>{FORM_TEXTS.yearsOf(label)}</Label>
                    <Input
                      id={fid(`g-${index}`)}
                      type="number"
                      min={1}
                      step={1}
                      dir="ltr"
                      className="w-28"
                      {...register(`guarantees.${index}.years`)}
                    />
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={FORM_TEXTS.removeGuarantee(label)}
                    onClick={() => guarantees.remove(index)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                  <div className="basis-full">
                    <FieldError id={fid(`g-${index}-type`)} message={errorOf(`guarantees.${index}.type`)} />
                    <FieldError id={fid(`g-${index}-years`)} message={errorOf(`guarantees.${index}.years`)} />
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fid("standard")}>{FORM_TEXTS.addStandard}</Label>
            <select
              id={fid("standard")}
              className="h-10 rounded-lg border border-brand-100 bg-surface px-3 text-sm"
              value=""
              onChange={(e) => addStandard(e.target.value)}
            >
              <option value="">—</option>
              {GUARANTEE_TYPES.filter((t) => !guaranteeList.some((g) => sameGuaranteeType(g.type, t))).map((t) => (
                <option key={t} value={t}>
                  {GUARANTEE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fid("custom")}>{FORM_TEXTS.customGuarantee}</Label>
            <Input
              id={fid("custom")}
              value={customName}
              placeholder={FORM_TEXTS.customPlaceholder}
              onChange={(e) => setCustomName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  addCustom();
                }
              }}
              aria-invalid={customError ? true : undefined}
              aria-describedby={fid("custom-error")}
            />
          </div>
          <Button type="button" variant="outline" onClick={addCustom}>
            <PlusIcon aria-hidden="true" />
            {FORM_TEXTS.addCustom}
          </Button>
        </div>
        <FieldError id={fid("custom-error")} message={customError ?? undefined} />
      </fieldset>

      <section className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-labelledby={fid("percentages")}>
        <h3 id={fid("percentages")} className="font-bold text-ink md:col-span-2">
          {FORM_TEXTS.percentages}
        </h3>
        {(Object.keys(PERCENT_LABELS) as (keyof typeof PERCENT_LABELS)[]).map((field) => (
          <div key={field}>{slider(field, PERCENT_LABELS[field])}</div>
        ))}
      </section>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-bold text-ink">{FORM_TEXTS.sales}</legend>
        <p className="text-xs text-muted">{FORM_TEXTS.salesAuto}</p>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            {...register("salesOverrideEnabled", {
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                if (
                  e.target.checked &&
                  (overrideValue === null || overrideValue === undefined || overrideValue === "")
                ) {
                  setValue("salesOverrideValue", 0);
                }
              },
            })}
          />
          {FORM_TEXTS.salesOverrideEnabled}
        </label>
        {overrideEnabled ? slider("salesOverrideValue", FORM_TEXTS.salesOverrideValue) : null}
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={Boolean(overrideEnabled) && Number(overrideValue) === 100}
            onChange={(e) => {
              setValue("salesOverrideEnabled", true, { shouldDirty: true });
              setValue("salesOverrideValue", e.target.checked ? 100 : 0, { shouldDirty: true });
            }}
          />
          {FORM_TEXTS.soldOut}
        </label>
      </fieldset>

      <section className="grid grid-cols-1 gap-4" aria-labelledby={fid("media")}>
        <h3 id={fid("media")} className="font-bold text-ink">
          {FORM_TEXTS.media}
        </h3>
        <Controller
          control={control}
          name="images"
          render={({ field }) => (
            <ImageListField label={FORM_TEXTS.images} value={field.value ?? []} onChange={field.onChange} />
          )}
        />
        <FieldError id={fid("images-error")} message={errorOf("images")} />
        <Controller
          control={control}
          name="videoUrl"
          render={({ field }) => (
            <div className="flex flex-col gap-3">
              <SingleFileField kind="video" label={FORM_TEXTS.video} value={field.value} onChange={field.onChange} />
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={fid("videoUrl")}>{FORM_TEXTS.videoUrl}</Label>
                <Input
                  id={fid("videoUrl")}
                  dir="ltr"
                  inputMode="url"
                  value={field.value ?? ""}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  {...described("videoUrl")}
                />
                <FieldError id={fid("videoUrl-error")} message={errorOf("videoUrl")} />
              </div>
            </div>
          )}
        />
        <Controller
          control={control}
          name="pdfUrl"
          render={({ field }) => (
            <SingleFileField kind="pdf" label={FORM_TEXTS.pdf} value={field.value} onChange={field.onChange} />
          )}
        />
      </section>

      <section className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-labelledby={fid("compliance")}>
        <h3 id={fid("compliance")} className="font-bold text-ink md:col-span-3">
          {FORM_TEXTS.compliance}
        </h3>
        {missing.length > 0 ? (
          <div
            role="status"
            className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-ink md:col-span-3"
          >
            <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <div>
              <p className="font-bold">{FORM_TEXTS.complianceWarning}</p>
              <ul className="list-disc ps-5">
                {missing.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            </div>
          </div>
        ) : null}
        {textField("advertisingLicenseNumber", "رقم ترخيص الإعلان العقاري", { dir: "ltr" })}
        {textField("wafiLicenseNumber", "رقم ترخيص وافي (البيع على الخارطة)", { dir: "ltr" })}
        {textField("titleDeedNumber", "رقم صك الملكية", { dir: "ltr" })}
      </section>

      {children}

      <div className="sticky bottom-0 flex flex-col gap-2 border-t border-brand-100 bg-surface pt-4">
        {!signedIn ? (
          <p role="alert" className="text-sm text-danger">
            {PROJECT_MESSAGES.mustLogin}
          </p>
        ) : blocked ? (
          <p role="alert" className="text-sm text-danger">
            {PROJECT_MESSAGES.nameError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              {PROJECT_TEXTS.cancel}
            </Button>
          ) : null}
          <Button type="submit" disabled={!signedIn || blocked || isSubmitting} className={cn(blocked && "bg-danger")}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
