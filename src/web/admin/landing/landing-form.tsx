/**
 * The landing-page form (SPEC §2.15): poster (required), extra images with removal, video URL and webhook URL
 * (optional), and the three repeatable lists (features, guarantees, building specs), each item an image and a
 * text. Validated with the shared landingPageSchema (Arabic messages) before it is sent; the server's field
 * messages (e.g. a refused webhook address) show under their fields. A secret issued by the save is shown once.
 */

import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatNumber } from "#domain/format.ts";
import { type LandingPageInput, type LandingPageView, landingPageSchema } from "#domain/schemas/landing.ts";
import { AdminForm, serverFieldErrors, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { Field } from "~/admin/common/form/field.tsx";
import { ImageListField } from "~/admin/common/form/image-list-field.tsx";
import { RepeatableListField } from "~/admin/common/form/repeatable-list-field.tsx";
import { SingleFileField } from "~/admin/common/form/single-file-field.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useSaveLandingPage } from "./api.ts";
import { LANDING_UI } from "./landing-texts.ts";
import { SecretIssued } from "./secret-notice.tsx";

type Item = { text: string; image: string | null };
type ListKey = "features" | "guarantees" | "buildingSpecs";

const LISTS: { key: ListKey; title: string; add: string }[] = [
  { key: "features", title: "المميزات", add: "إضافة ميزة" },
  { key: "guarantees", title: "الضمانات", add: "إضافة ضمان" },
  { key: "buildingSpecs", title: "مواصفات البناء", add: "إضافة مواصفة" },
];

interface LandingValues {
  slug: string;
  poster: string | null;
  images: string[];
  videoUrl: string;
  webhookUrl: string;
  features: Item[];
  guarantees: Item[];
  buildingSpecs: Item[];
}

function initialValues(page: LandingPageView | null): LandingValues {
  return {
    poster: page?.poster ?? null,
    images: page?.images ?? [],
    slug: page?.slug ?? "",
    videoUrl: page?.videoUrl ?? "",
    webhookUrl: page?.webhookUrl ?? "",
    features: page?.features ?? [],
    guarantees: page?.guarantees ?? [],
    buildingSpecs: page?.buildingSpecs ?? [],
  };
}

/** The request body of the form's values: the slug only on create and when given (else the server makes one). */
function toBody(values: LandingValues, creating: boolean): LandingPageInput {
  const strip = (items: Item[]) => items.map(({ text, image }) => ({ text, image }));
  return {
    ...(creating && values.slug.trim() ? { slug: values.slug.trim() } : {}),
    poster: values.poster ?? "",
    images: values.images,
    videoUrl: values.videoUrl,
    webhookUrl: values.webhookUrl,
    features: strip(values.features),
    guarantees: strip(values.guarantees),
    buildingSpecs: strip(values.buildingSpecs),
  };
}

/** The first message of each path of a failed landingPageSchema parse (path "features.0.text" → message). */
function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".")] ??= issue.message;
  return fields;
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

/** One item of a list: its text and its picture. */
function ListItemFields({ list, index }: { list: ListKey; index: number }) {
  return (
    <>
      <Field name={`${list}.${index}.text`} label={`النص ${formatNumber(index + 1)}`} />
      <SingleFileField
        name={`${list}.${index}.image`}
        kind="image"
        label={`صورة ${formatNumber(index + 1)}`}
        failureTitle={LANDING_UI.uploadError}
      />
    </>
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
  const form = useForm<LandingValues>({ defaultValues: initialValues(page) });
  // The title stays as it was opened, even once the created page arrives in the cache.
  const [creating] = useState(page === null);
  const header = (
    <DialogHeader>
      <DialogTitle>{creating ? LANDING_UI.create : LANDING_UI.edit}</DialogTitle>
      <DialogDescription>تظهر هذه المحتويات في صفحة الحملة الإعلانية للمشروع.</DialogDescription>
    </DialogHeader>
  );
  const [secret, setSecret] = useState<string | null>(null);
  const save = useSaveLandingPage(projectId);
  const slug = form.watch("slug");

  const submit = form.handleSubmit(async (values) => {
    const body = toBody(values, creating);
    form.clearErrors();
    const parsed = landingPageSchema.safeParse(body);
    if (!parsed.success) {
      showServerErrors(form.setError, issuesByPath(parsed.error.issues));
      return;
    }
    save.mutate(
      { id: page?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({ variant: "success", title: "تم بنجاح", description: page ? LANDING_UI.updated : LANDING_UI.created });
          if (saved.webhookSecret) setSecret(saved.webhookSecret);
          else onDone();
        },
        onError: (error) => {
          showServerErrors(form.setError, serverFieldErrors(error));
          toast({
            variant: "destructive",
            title: page ? LANDING_UI.updateError : LANDING_UI.createError,
            description: apiErrorMessage(error, LANDING_UI.saveErrorDefault),
          });
        },
      },
    );
  });

  if (secret) {
    return <SecretIssued secret={secret} header={header} onDone={onDone} />;
  }

  return (
    <AdminForm guardUnsaved form={form} onSubmit={submit} className="grid gap-5">
      {header}
      <SingleFileField name="poster" kind="image" label="صورة البوستر" required failureTitle={LANDING_UI.uploadError} />
      {creating && (
        <Field
          name="slug"
          label="رابط الصفحة (اختياري)"
          input={{ dir: "ltr", placeholder: "al-waha" }}
          hint={`تصبح روابط المنصات مثل /campaign/x/${slug.trim() || "…"}؛ من ٣ إلى ٥٠ حرفًا: أحرف إنجليزية صغيرة وأرقام وشرطة. يُنشأ تلقائياً إن تُرك فارغاً، ولا يتغير بعد الإنشاء.`}
        />
      )}
      <ImageListField name="images" label="صور إضافية" failureTitle={LANDING_UI.uploadError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="videoUrl"
          label="رابط الفيديو (اختياري)"
          input={{ dir: "ltr", inputMode: "url", placeholder: "https://www.youtube.com/watch?v=…" }}
        />
        <Field
          name="webhookUrl"
          label={`${LANDING_UI.webhookUrl} (اختياري)`}
          hint={LANDING_UI.webhookHint}
          input={{ dir: "ltr", inputMode: "url", placeholder: "https://crm.example.com/leads" }}
        />
      </div>
      {LISTS.map(({ key, title, add }) => (
        <RepeatableListField<Item>
          key={key}
          name={key}
          legend={title}
          renderItem={(_, index) => <ListItemFields list={key} index={index} />}
          removeLabel={(_, index) => `حذف العنصر ${formatNumber(index + 1)}`}
          add={{ label: add, newItem: () => ({ text: "", image: null }) }}
        />
      ))}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {LANDING_UI.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? LANDING_UI.saving : LANDING_UI.save}
        </Button>
      </DialogFooter>
    </AdminForm>
  );
}
