/**
 * The ad platform's own campaign id on a campaign card (docs/lead-forms.md "Set-up", step 7): the leads of the
 * platform's lead forms that name this campaign id count under this campaign in the campaigns report. Shown to those
 * who manage campaigns; empty clears it.
 */
import { useId, useState } from "react";
import { FieldFrame } from "~/admin/common/form/field.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useSavePlatformCampaignId } from "./api.ts";

const T = {
  label: "معرّف الحملة في منصة الإعلانات",
  hint: "يحتسب عملاء نماذج المنصة لهذه الحملة في تقرير الحملات",
  save: "حفظ المعرّف",
  saved: "تم حفظ معرّف الحملة",
  failed: "تعذّر حفظ معرّف الحملة",
} as const;

export function PlatformCampaignField({
  campaign,
}: {
  campaign: { id: number; landingPageId: number; platformCampaignId?: string | null };
}) {
  const id = useId();
  const [value, setValue] = useState(campaign.platformCampaignId ?? "");
  const [error, setError] = useState<string | undefined>();
  const save = useSavePlatformCampaignId(campaign.landingPageId);
  const submit = () => {
    setError(undefined);
    save.mutate(
      { id: campaign.id, platformCampaignId: value.trim() || null },
      {
        onSuccess: () => toast({ variant: "success", title: T.saved }),
        onError: (e) => {
          if (isApiError(e, 400)) setError(e.body?.fields?.platformCampaignId);
          toast({ variant: "destructive", title: apiErrorMessage(e, T.failed) });
        },
      },
    );
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FieldFrame id={id} label={T.label} error={error} hint={T.hint} className="min-w-0 flex-1">
        <Input
          id={id}
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
      </FieldFrame>
      <Button variant="outline" size="sm" onClick={submit} disabled={save.isPending}>
        {T.save}
      </Button>
    </div>
  );
}
