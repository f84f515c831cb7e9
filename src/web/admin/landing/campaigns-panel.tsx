/**
 * The campaigns panel (SPEC §2.15): count badge, search by platform or slug, add-custom-campaign dialog, copy all
 * links of the visible campaigns, and a card per campaign styled by platform with the custom badge, the link, the
 * webhook, the creation date and its statistics (visits, leads, conversion %); actions: webhook settings, copy link,
 * open in a new tab, delete with confirm. Actions that need campaigns.manage are shown only with it (the server
 * enforces it anyway).
 */
import { CopyIcon, ExternalLinkIcon, PlusIcon, Trash2Icon, WebhookIcon } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { formatDateShort, formatNumber } from "#domain/format.ts";
import { type CampaignWithStats, campaignPath, platformLabel } from "#domain/schemas/landing.ts";
import { CampaignLink } from "~/admin/common/campaign-link.tsx";
import { ConfirmAlert } from "~/admin/common/confirm-alert.tsx";
import { NoMatch } from "~/admin/common/no-match.tsx";
import { SearchField } from "~/admin/common/search-field.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useCampaigns, useDeleteCampaign } from "./api.ts";
import { AddCampaignDialog, WebhookDialog } from "./campaign-dialogs.tsx";
import { CampaignFunnelLine } from "./campaign-funnel.tsx";
import { CampaignLicenceLine } from "./campaign-licence.tsx";
import { CampaignLicenceEditor } from "./campaign-licence-form.tsx";
import { campaignCopyText, campaignsCopyText, copyText } from "./copy.ts";
import { LANDING_UI } from "./landing-texts.ts";
import { PlatformCampaignField } from "./platform-campaign-field.tsx";

/** Card accent per platform (SPEC §2.15: x, tiktok, instagram, snapchat, google, facebook, otherwise generic). */
const PLATFORM_STYLES: Record<string, { bar: string; chip: string }> = {
  x: { bar: "bg-black", chip: "bg-black text-white" },
  tiktok: { bar: "bg-gradient-to-l from-[#25F4EE] via-black to-[#FE2C55]", chip: "bg-black text-white" },
  instagram: {
    bar: "bg-gradient-to-l from-[#F58529] via-[#DD2A7B] to-[#8134AF]",
    chip: "bg-[#DD2A7B] text-white",
  },
  snapchat: { bar: "bg-[#FFFC00]", chip: "bg-[#FFFC00] text-black" },
  google: { bar: "bg-gradient-to-l from-[#4285F4] via-[#34A853] to-[#FBBC05]", chip: "bg-[#4285F4] text-white" },
  facebook: { bar: "bg-[#1877F2]", chip: "bg-[#1877F2] text-white" },
};
const GENERIC_STYLE = { bar: "bg-brand-600", chip: "bg-brand-50 text-brand-700" };

export function CampaignsPanel({
  landingPageId,
  linkedCampaignId = null,
}: {
  landingPageId: number;
  /** The campaign a link points at: its card is scrolled into view and marked (aria-current). */
  linkedCampaignId?: number | null;
}) {
  const user = useCurrentUser();
  const canManage = userCan(user, "campaigns.manage");
  const campaigns = useCampaigns(landingPageId);
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  const [webhookFor, setWebhookFor] = useState<CampaignWithStats | null>(null);

  const visible = useMemo(() => {
    const term = search.trim().toLowerCase();
    const all = campaigns.data ?? [];
    if (!term) return all;
    return all.filter(
      (c) =>
        c.platformName.toLowerCase().includes(term) ||
        c.urlSlug.toLowerCase().includes(term) ||
        platformLabel(c.platformName).includes(term),
    );
  }, [campaigns.data, search]);

  return (
    <section aria-labelledby="campaigns-title" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="campaigns-title" className="flex items-center gap-2 text-lg font-bold text-ink">
          {LANDING_UI.campaigns}
          <Badge variant="secondary" aria-label={`عدد الحملات ${formatNumber(campaigns.data?.length ?? 0)}`}>
            {formatNumber(campaigns.data?.length ?? 0)}
          </Badge>
        </h2>
        <SearchField className="ms-auto w-full sm:w-64" label={LANDING_UI.search} value={search} onChange={setSearch} />
        <Button
          variant="outline"
          disabled={visible.length === 0}
          onClick={() => void copyText(campaignsCopyText(visible), LANDING_UI.copiedAll)}
        >
          <CopyIcon aria-hidden="true" />
          {LANDING_UI.copyAll}
        </Button>
        {canManage && (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            {LANDING_UI.addCustom}
          </Button>
        )}
      </div>

      {campaigns.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {["a", "b", "c"].map((k) => (
            <Skeleton key={k} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : campaigns.isError ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-4 text-danger">
          {apiErrorMessage(campaigns.error, "تعذّر تحميل الحملات")}
        </p>
      ) : (campaigns.data ?? []).length === 0 ? (
        <p className="rounded-xl bg-brand-50 p-6 text-center text-muted">{LANDING_UI.emptyCampaigns}</p>
      ) : visible.length === 0 ? (
        <NoMatch query={search} onClear={() => setSearch("")} className="rounded-xl bg-brand-50" />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {visible.map((campaign) => (
            <li key={campaign.id}>
              <CampaignCard
                campaign={campaign}
                canManage={canManage}
                linked={campaign.id === linkedCampaignId}
                onWebhook={() => setWebhookFor(campaign)}
              />
            </li>
          ))}
        </ul>
      )}

      <AddCampaignDialog open={adding} onOpenChange={setAdding} landingPageId={landingPageId} />
      <WebhookDialog campaign={webhookFor} onOpenChange={(open) => !open && setWebhookFor(null)} />
    </section>
  );
}

function CampaignCard({
  campaign,
  canManage,
  linked,
  onWebhook,
}: {
  campaign: CampaignWithStats;
  canManage: boolean;
  linked: boolean;
  onWebhook: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (linked) ref.current?.scrollIntoView?.({ block: "center" });
  }, [linked]);
  const style = PLATFORM_STYLES[campaign.platformName] ?? GENERIC_STYLE;
  const remove = useDeleteCampaign(campaign.landingPageId);
  const title = campaign.displayName ?? platformLabel(campaign.platformName);
  return (
    <article
      ref={ref}
      aria-label={`حملة ${title}`}
      aria-current={linked ? "true" : undefined}
      data-platform={campaign.platformName}
      className={cn(
        // One column that never grows past the card (minmax(0, 1fr)): a long line wraps or is cut inside the card,
        // never pushes the card's content past its start edge.
        "grid h-full grid-cols-1 overflow-hidden rounded-xl bg-surface shadow-sm ring-1 ring-brand-100",
        linked && "ring-3 ring-accent-400",
      )}
    >
      <div aria-hidden="true" className={cn("h-1.5", style.bar)} />
      <div className="grid grid-cols-1 gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-bold", style.chip)}>
            {platformLabel(campaign.platformName)}
          </span>
          {campaign.isCustom && <Badge variant="warning">{LANDING_UI.custom}</Badge>}
          <h3 className="min-w-0 flex-1 truncate font-bold text-ink">{title}</h3>
        </div>
        <CampaignLink urlSlug={campaign.urlSlug} />
        <CampaignLicenceLine licence={campaign.licence} />
        {canManage && (
          <CampaignLicenceEditor
            campaignId={campaign.id}
            landingPageId={campaign.landingPageId}
            licence={campaign.licence}
          />
        )}
        <p className="flex items-center gap-2 text-sm text-muted">
          <WebhookIcon aria-hidden="true" className="size-4 shrink-0" />
          <span dir={campaign.webhookUrl ? "ltr" : undefined} className="truncate">
            {campaign.webhookUrl ?? LANDING_UI.noWebhook}
          </span>
        </p>
        <dl className="grid grid-cols-3 gap-2 rounded-lg bg-brand-50/60 p-2 text-center">
          <div>
            <dt className="text-xs text-muted">{LANDING_UI.visits}</dt>
            <dd className="font-bold text-ink">{formatNumber(campaign.visits)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{LANDING_UI.leads}</dt>
            <dd className="font-bold text-ink">{formatNumber(campaign.leads)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{LANDING_UI.conversion}</dt>
            <dd className="font-bold text-ink">{`${formatNumber(campaign.conversionRate)}٪`}</dd>
          </div>
        </dl>
        <CampaignFunnelLine campaignId={campaign.id} />
        {canManage && <PlatformCampaignField campaign={campaign} />}
        <p className="text-xs text-muted">
          {LANDING_UI.createdAt}: {formatDateShort(campaign.createdAt)}
        </p>
        <div className="flex flex-wrap gap-1">
          {canManage && (
            <Button variant="ghost" size="sm" onClick={onWebhook}>
              <WebhookIcon aria-hidden="true" />
              {LANDING_UI.webhookSettings}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void copyText(campaignCopyText(campaign))}
            aria-label={`${LANDING_UI.copyLink} ${title}`}
          >
            <CopyIcon aria-hidden="true" />
            {LANDING_UI.copyLink}
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <a href={campaignPath(campaign.urlSlug)} target="_blank" rel="noreferrer">
              <ExternalLinkIcon aria-hidden="true" className="rtl:-scale-x-100" />
              {LANDING_UI.openLink}
            </a>
          </Button>
          {canManage && (
            <ConfirmAlert
              trigger={
                <Button variant="ghost" size="sm" className="text-danger">
                  <Trash2Icon aria-hidden="true" />
                  {LANDING_UI.delete}
                </Button>
              }
              title={LANDING_UI.deleteConfirmTitle}
              description={LANDING_UI.deleteConfirmText}
              cancelLabel={LANDING_UI.cancel}
              confirmLabel={LANDING_UI.delete}
              onConfirm={() =>
                remove.mutate(campaign.id, {
                  onSuccess: () =>
                    toast({ variant: "success", title: "تم بنجاح", description: LANDING_UI.campaignDeleted }),
                  onError: (e) =>
                    toast({
                      variant: "destructive",
                      title: LANDING_UI.campaignDeleteError,
                      description: apiErrorMessage(e, "حدث خطأ أثناء حذف الحملة"),
                    }),
                })
              }
            />
          )}
        </div>
      </div>
    </article>
  );
}
