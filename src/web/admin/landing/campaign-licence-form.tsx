/**
 * A campaign card's small licence form (docs/compliance.md): the campaign's own advertising licence number (Latin
 * digits) and its last day with the Hijri date beside it, saved with PUT /api/landing-campaigns/{id}/licence
 * (campaigns.manage); both empty removes it and the project's licence applies. Opened from the card's button; the
 * schema's and the server's Arabic messages are shown under their fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type OverrideLicenceInput,
  type OverrideLicenceValues,
  overrideLicenceSchema,
} from "#domain/schemas/licence.ts";
import type { LicenceView } from "#domain/schemas/licence-view.ts";
import { AdminForm, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { DayField } from "~/admin/common/form/day-field.tsx";
import { Field } from "~/admin/common/form/field.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useUpdateCampaignLicence } from "./api.ts";

export const CAMPAIGN_LICENCE_TEXTS = {
  open: "ترخيص الحملة",
  number: "رقم ترخيص إعلان الحملة",
  expiresOn: "تاريخ انتهاء ترخيص إعلان الحملة",
  note: "اتركهما فارغين ليُعلن عن الحملة بترخيص المشروع.",
  save: "حفظ الترخيص",
  cancel: "إلغاء",
  saved: "تم حفظ ترخيص الحملة",
  failed: "تعذّر حفظ ترخيص الحملة",
} as const;

const FIELDS = ["advertisingLicenseNumber", "advertisingLicenseExpiresOn"] as const;

function LicenceForm({
  campaignId,
  landingPageId,
  licence,
  onDone,
}: {
  campaignId: number;
  landingPageId: number;
  licence?: LicenceView;
  onDone: () => void;
}) {
  const own = licence?.source === "campaign";
  const form = useForm<OverrideLicenceInput, unknown, OverrideLicenceValues>({
    resolver: zodResolver(overrideLicenceSchema),
    defaultValues: {
      advertisingLicenseNumber: own ? (licence.number ?? "") : "",
      advertisingLicenseExpiresOn: own ? (licence.expiresOn ?? "") : "",
    },
  });
  const save = useUpdateCampaignLicence(landingPageId);
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: campaignId, body });
      toast({ variant: "success", title: CAMPAIGN_LICENCE_TEXTS.saved });
      onDone();
    } catch (error) {
      const fields = isApiError(error, 400) ? (error.body?.fields ?? null) : null;
      if (fields) {
        showServerErrors(form.setError, fields, (key) => FIELDS.find((f) => f === key) ?? null);
      } else {
        toast({ title: apiErrorMessage(error, CAMPAIGN_LICENCE_TEXTS.failed), variant: "destructive" });
      }
    }
  });
  return (
    <AdminForm form={form} onSubmit={submit} className="grid gap-3 rounded-lg bg-brand-50/60 p-3">
      <p className="text-xs text-muted">{CAMPAIGN_LICENCE_TEXTS.note}</p>
      <Field
        name="advertisingLicenseNumber"
        label={CAMPAIGN_LICENCE_TEXTS.number}
        input={{ dir: "ltr", autoComplete: "off" }}
      />
      <DayField name="advertisingLicenseExpiresOn" label={CAMPAIGN_LICENCE_TEXTS.expiresOn} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {CAMPAIGN_LICENCE_TEXTS.save}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {CAMPAIGN_LICENCE_TEXTS.cancel}
        </Button>
      </div>
    </AdminForm>
  );
}

/** The card's button and, once opened, its licence form. */
export function CampaignLicenceEditor(props: { campaignId: number; landingPageId: number; licence?: LicenceView }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setOpen(true)}>
        <ShieldCheckIcon aria-hidden="true" />
        {CAMPAIGN_LICENCE_TEXTS.open}
      </Button>
    );
  }
  return <LicenceForm {...props} onDone={() => setOpen(false)} />;
}
