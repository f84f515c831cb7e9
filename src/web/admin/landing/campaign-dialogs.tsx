/**
 * The campaign dialogs of the campaigns panel (SPEC §2.15, §5.4): add a custom campaign (platform name, link,
 * displayed name, optional webhook URL; rules and Arabic messages from customCampaignSchema), and the webhook
 * settings of one campaign (URL, remove, rotate the secret). A secret the server issues is shown once.
 */
import { useState } from "react";
import { SLUG_MAX_LENGTH } from "#domain/constants.ts";
import { type CampaignWithStats, campaignWebhookSchema, customCampaignSchema } from "#domain/schemas/landing.ts";
import { campaignUrl } from "~/admin/common/campaign-link.tsx";
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
import { useCreateCustomCampaign, useUpdateCampaignWebhook } from "./api.ts";
import { LANDING_UI } from "./landing-texts.ts";
import { SecretIssued } from "./secret-notice.tsx";

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? "_")] ??= issue.message;
  return out;
}

function Field({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string; hint?: string } & React.ComponentProps<typeof Input>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && <p className="text-sm font-medium text-danger">{error}</p>}
    </div>
  );
}

export function AddCampaignDialog({
  open,
  onOpenChange,
  landingPageId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  landingPageId: number;
}) {
  const [values, setValues] = useState({ platformName: "", urlSlug: "", displayName: "", webhookUrl: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateCustomCampaign(landingPageId);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setValues({ platformName: "", urlSlug: "", displayName: "", webhookUrl: "" });
      setErrors({});
      setSecret(null);
    }
  };
  const change = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = customCampaignSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(values, {
      onSuccess: (campaign) => {
        toast({ variant: "success", title: "تم بنجاح", description: LANDING_UI.campaignCreated });
        if (campaign.webhookSecret) setSecret(campaign.webhookSecret);
        else close(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body?.fields) setErrors(error.body.fields);
        toast({
          variant: "destructive",
          title: LANDING_UI.campaignCreateError,
          description: apiErrorMessage(error, "حدث خطأ أثناء إنشاء الحملة"),
        });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{LANDING_UI.addCustom}</DialogTitle>
          <DialogDescription>رابط خاص لحملة على منصة أو جهة أخرى، مثل رسائل واتساب أو مؤثر.</DialogDescription>
        </DialogHeader>
        {secret ? (
          <SecretIssued secret={secret} onDone={() => close(false)} />
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Field
              id="campaign-platform"
              label="اسم المنصة"
              value={values.platformName}
              onChange={change("platformName")}
              error={errors.platformName}
              placeholder="whatsapp"
            />
            <Field
              id="campaign-slug"
              label="الرابط"
              dir="ltr"
              value={values.urlSlug}
              onChange={change("urlSlug")}
              error={errors.urlSlug}
              maxLength={SLUG_MAX_LENGTH + 10}
              hint={`${campaignUrl(values.urlSlug || "…")} — من ٣ إلى ٥٠ حرفًا: أحرف إنجليزية صغيرة وأرقام وشرطة`}
            />
            <Field
              id="campaign-display-name"
              label="الاسم المعروض"
              value={values.displayName}
              onChange={change("displayName")}
              error={errors.displayName}
            />
            <Field
              id="campaign-webhook"
              label={`${LANDING_UI.webhookUrl} (اختياري)`}
              dir="ltr"
              inputMode="url"
              value={values.webhookUrl}
              onChange={change("webhookUrl")}
              error={errors.webhookUrl}
              hint={LANDING_UI.webhookHint}
            />
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                {LANDING_UI.cancel}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? LANDING_UI.saving : "إضافة الحملة"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function WebhookDialog({
  campaign,
  onOpenChange,
}: {
  campaign: CampaignWithStats | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={campaign !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{LANDING_UI.webhookSettings}</DialogTitle>
          <DialogDescription dir="ltr" className="text-start break-all">
            {campaign ? campaignUrl(campaign.urlSlug) : ""}
          </DialogDescription>
        </DialogHeader>
        {campaign && <WebhookForm campaign={campaign} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({ campaign, onDone }: { campaign: CampaignWithStats; onDone: () => void }) {
  const [url, setUrl] = useState(campaign.webhookUrl ?? "");
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);
  const update = useUpdateCampaignWebhook(campaign.landingPageId);

  const send = (rotateSecret: boolean) => {
    const parsed = campaignWebhookSchema.safeParse({ webhookUrl: url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(
      { id: campaign.id, webhookUrl: url, rotateSecret },
      {
        onSuccess: (saved) => {
          toast({ variant: "success", title: "تم بنجاح", description: LANDING_UI.webhookSaved });
          if (saved.webhookSecret) setSecret(saved.webhookSecret);
          else onDone();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.body?.fields?.webhookUrl) setError(e.body.fields.webhookUrl);
          toast({
            variant: "destructive",
            title: LANDING_UI.webhookError,
            description: apiErrorMessage(e, "حدث خطأ أثناء حفظ الويب هوك"),
          });
        },
      },
    );
  };

  if (secret) {
    return <SecretIssued secret={secret} onDone={onDone} />;
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send(false);
      }}
      className="grid gap-4"
    >
      <Field
        id="webhook-url"
        label={LANDING_UI.webhookUrl}
        dir="ltr"
        inputMode="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={error}
        hint="اتركه فارغاً لإزالة الويب هوك؛ عندها يُرسل العميل إلى ويب هوك صفحة الهبوط إن وجد."
      />
      <DialogFooter className="flex-wrap">
        {campaign.hasWebhookSecret && url && (
          <Button variant="outline" onClick={() => send(true)} disabled={update.isPending}>
            {LANDING_UI.rotateSecret}
          </Button>
        )}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? LANDING_UI.saving : LANDING_UI.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
