/**
 * The landing-page form (SPEC §2.15): poster (required), extra images with removal, video URL and webhook URL
 * (optional), and the three repeatable lists (features, guarantees, building specs), each item an image and a
 * text. Validated with the shared landingPageSchema (Arabic messages) before it is sent; the server's field
 * messages (e.g. a refused webhook address) show under their fields. A secret issued by the save is shown once.
 */

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { formatNumber } from "#domain/format.ts";
import { type LandingPageInput, type LandingPageView, landingPageSchema } from "#domain/schemas/landing.ts";
import { ApiError, apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useSaveLandingPage } from "./api.ts";
import { MultiImageField, SingleImageField } from "./image-upload-field.tsx";
import { LANDING_UI } from "./landing-texts.ts";
import { SecretNotice } from "./secret-notice.tsx";

type Item = { text: string; image: string | null };
/** A list item in the form, with a key that stays with it when others are removed. */
type FormItem = Item & { uid: number };

let nextUid = 1;
const withUid = (item: Item): FormItem => ({ ...item, uid: nextUid++ });
const stripUid = (items: FormItem[]): Item[] => items.map(({ text, image }) => ({ text, image }));
type ListKey = "features" | "guarantees" | "buildingSpecs";

const LISTS: { key: ListKey; title: string; add: string }[] = [
  { key: "features", title: "المميزات", add: "إضافة ميزة" },
  { key: "guarantees", title: "الضمانات", add: "إضافة ضمان" },
  { key: "buildingSpecs", title: "مواصفات البناء", add: "إضافة مواصفة" },
];

interface FormState {
  slug: string;
  poster: string | null;
  images: string[];
  videoUrl: string;
  webhookUrl: string;
  features: FormItem[];
  guarantees: FormItem[];
  buildingSpecs: FormItem[];
}

function initialState(page: LandingPageView | null): FormState {
  return {
    poster: page?.poster ?? null,
    images: page?.images ?? [],
    slug: page?.slug ?? "",
    videoUrl: page?.videoUrl ?? "",
    webhookUrl: page?.webhookUrl ?? "",
    features: (page?.features ?? []).map(withUid),
    guarantees: (page?.guarantees ?? []).map(withUid),
    buildingSpecs: (page?.buildingSpecs ?? []).map(withUid),
  };
}

export function LandingFormDialog({
  open,
  onOpenChange,
  projectId,
  page,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: number;
  page: LandingPageView | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {open && <LandingForm projectId={projectId} page={page} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function LandingForm({
  projectId,
  page,
  onDone,
}: {
  projectId: number;
  page: LandingPageView | null;
  onDone: () => void;
}) {
  const [state, setState] = useState<FormState>(() => initialState(page));
  // The title stays as it was opened, even once the created page arrives in the cache.
  const [creating] = useState(page === null);
  const header = (
    <DialogHeader>
      <DialogTitle>{creating ? LANDING_UI.create : LANDING_UI.edit}</DialogTitle>
      <DialogDescription>تظهر هذه المحتويات في صفحة الحملة الإعلانية للمشروع.</DialogDescription>
    </DialogHeader>
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const save = useSaveLandingPage(projectId);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((s) => ({ ...s, [key]: value }));
  const setItem = (list: ListKey, index: number, item: FormItem) =>
    setState((s) => ({ ...s, [list]: s[list].map((it, i) => (i === index ? item : it)) }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: LandingPageInput = {
      ...(creating && state.slug.trim() ? { slug: state.slug.trim() } : {}),
      poster: state.poster ?? "",
      images: state.images,
      videoUrl: state.videoUrl,
      webhookUrl: state.webhookUrl,
      features: stripUid(state.features),
      guarantees: stripUid(state.guarantees),
      buildingSpecs: stripUid(state.buildingSpecs),
    };
    const parsed = landingPageSchema.safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join(".");
        fields[key] ??= issue.message;
      }
      setErrors(fields);
      return;
    }
    setErrors({});
    save.mutate(
      { id: page?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({ variant: "success", title: "تم بنجاح", description: page ? LANDING_UI.updated : LANDING_UI.created });
          if (saved.webhookSecret) setSecret(saved.webhookSecret);
          else onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.fields) setErrors(error.body.fields);
          toast({
            variant: "destructive",
            title: page ? LANDING_UI.updateError : LANDING_UI.createError,
            description: apiErrorMessage(error, LANDING_UI.saveErrorDefault),
          });
        },
      },
    );
  };

  if (secret) {
    return (
      <div className="grid gap-4">
        {header}
        <SecretNotice secret={secret} />
        <DialogFooter>
          <Button onClick={onDone}>تم</Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {header}
      <SingleImageField
        label="صورة البوستر"
        required
        value={state.poster}
        onChange={(url) => set("poster", url)}
        error={errors.poster}
      />
      {creating && (
        <div className="grid gap-1.5">
          <Label htmlFor="landing-slug">رابط الصفحة (اختياري)</Label>
          <Input
            id="landing-slug"
            dir="ltr"
            value={state.slug}
            onChange={(e) => set("slug", e.target.value)}
            aria-invalid={errors.slug ? true : undefined}
            aria-describedby="landing-slug-hint"
            placeholder="al-waha"
          />
          <p id="landing-slug-hint" className="text-xs text-muted">
            {`تصبح روابط المنصات مثل /campaign/x/${state.slug.trim() || "…"}؛ من ٣ إلى ٥٠ حرفًا: أحرف إنجليزية صغيرة وأرقام وشرطة. يُنشأ تلقائياً إن تُرك فارغاً، ولا يتغير بعد الإنشاء.`}
          </p>
          {errors.slug && <p className="text-sm font-medium text-danger">{errors.slug}</p>}
        </div>
      )}
      <MultiImageField label="صور إضافية" value={state.images} onChange={(urls) => set("images", urls)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="landing-video">رابط الفيديو (اختياري)</Label>
          <Input
            id="landing-video"
            dir="ltr"
            inputMode="url"
            value={state.videoUrl}
            onChange={(e) => set("videoUrl", e.target.value)}
            aria-invalid={errors.videoUrl ? true : undefined}
            placeholder="https://www.youtube.com/watch?v=…"
          />
          {errors.videoUrl && <p className="text-sm font-medium text-danger">{errors.videoUrl}</p>}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="landing-webhook">{LANDING_UI.webhookUrl} (اختياري)</Label>
          <Input
            id="landing-webhook"
            dir="ltr"
            inputMode="url"
            value={state.webhookUrl}
            onChange={(e) => set("webhookUrl", e.target.value)}
            aria-invalid={errors.webhookUrl ? true : undefined}
            aria-describedby="landing-webhook-hint"
            placeholder="https://crm.example.com/leads"
          />
          <p id="landing-webhook-hint" className="text-xs text-muted">
            {LANDING_UI.webhookHint}
          </p>
          {errors.webhookUrl && <p className="text-sm font-medium text-danger">{errors.webhookUrl}</p>}
        </div>
      </div>

      {LISTS.map(({ key, title, add }) => (
        <fieldset key={key} className="grid gap-3 rounded-xl border border-brand-100 p-4">
          <legend className="px-1 font-bold text-ink">{title}</legend>
          {state[key].map((item, index) => (
            <div key={item.uid} className="grid gap-3 rounded-lg bg-brand-50/50 p-3 sm:grid-cols-[1fr_auto]">
              <div className="grid gap-3">
                <div className="grid gap-1.5">
                  <Label htmlFor={`${key}-${index}-text`}>{`النص ${formatNumber(index + 1)}`}</Label>
                  <Input
                    id={`${key}-${index}-text`}
                    value={item.text}
                    onChange={(e) => setItem(key, index, { ...item, text: e.target.value })}
                    aria-invalid={errors[`${key}.${index}.text`] ? true : undefined}
                  />
                  {errors[`${key}.${index}.text`] && (
                    <p className="text-sm font-medium text-danger">{errors[`${key}.${index}.text`]}</p>
                  )}
                </div>
                <SingleImageField
                  label={`صورة ${formatNumber(index + 1)}`}
                  value={item.image}
                  onChange={(url) => setItem(key, index, { ...item, image: url })}
                />
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="text-danger"
                onClick={() =>
                  set(
                    key,
                    state[key].filter((_, i) => i !== index),
                  )
                }
              >
                <Trash2Icon aria-hidden="true" />
                {`حذف العنصر ${formatNumber(index + 1)}`}
              </Button>
            </div>
          ))}
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => set(key, [...state[key], withUid({ text: "", image: null })])}
          >
            <PlusIcon aria-hidden="true" />
            {add}
          </Button>
        </fieldset>
      ))}

      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {LANDING_UI.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? LANDING_UI.saving : LANDING_UI.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
