/**
 * The landing-page manager of /admin/projects/{id} (SPEC §2.15): a loading state, the offer to create a page when
 * the project has none, else an edit button and two tabs: overview (poster and content statistics; the guarantees
 * count counts guarantees, ARCHITECTURE resolution 2) and campaigns. Creating/editing needs landing_pages.edit.
 * The page's draft badge with publish / unpublish (landing_pages.publish) and preview, and delete with confirmation
 * (landing_pages.delete), docs/decisions/017-drafts-and-preview.md. `?tab=campaigns&campaign={id}` opens the
 * campaigns tab with that campaign's card in view.
 */
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { formatNumber } from "#domain/format.ts";
import type { LandingPageView } from "#domain/schemas/landing.ts";
import { ConfirmDialog } from "~/admin/common/confirm-dialog.tsx";
import { PermissionButton } from "~/admin/common/permission-button.tsx";
import { PublishingActions, PublishStateBadge } from "~/admin/common/publishing-controls.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent } from "~/shared/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/shared/ui/tabs.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useDeleteLandingPage, useLandingPage, useLandingPagePreview, usePublishLandingPage } from "./api.ts";
import { CampaignsPanel } from "./campaigns-panel.tsx";
import { LandingFormDialog } from "./landing-form.tsx";
import { LANDING_UI } from "./landing-texts.ts";

export function LandingManager({ projectId }: { projectId: number }) {
  const user = useCurrentUser();
  const canEdit = userCan(user, "landing_pages.edit");
  const canPublish = userCan(user, "landing_pages.publish");
  const canDelete = userCan(user, "landing_pages.delete");
  const page = useLandingPage(projectId);
  const publish = usePublishLandingPage(projectId);
  const preview = useLandingPagePreview();
  const remove = useDeleteLandingPage(projectId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // A link to one campaign (the dashboard's campaign rows): ?tab=campaigns&campaign={id} opens that tab at its card.
  const [params] = useSearchParams();
  const linkedCampaign = Number(params.get("campaign")) || null;

  async function deletePage(id: number) {
    try {
      await remove.mutateAsync(id);
      toast({ title: LANDING_UI.pageDeleted, variant: "success" });
      setDeleting(false);
    } catch (error) {
      toast({
        title: LANDING_UI.pageDeleteError,
        description: apiErrorMessage(error, LANDING_UI.pageDeleteError),
        variant: "destructive",
      });
    }
  }

  if (page.isPending) {
    return (
      <p role="status" className="rounded-xl bg-surface p-6 text-center text-muted">
        {LANDING_UI.loading}
      </p>
    );
  }
  if (page.isError) {
    return (
      <p role="alert" className="rounded-xl bg-danger/10 p-6 text-center text-danger">
        {apiErrorMessage(page.error, "تعذّر تحميل صفحة الهبوط")}
      </p>
    );
  }

  const landing = page.data;
  return (
    <section aria-labelledby="landing-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id="landing-title" className="text-xl font-bold text-ink">
            صفحة الهبوط
          </h2>
          {landing ? <PublishStateBadge publishedAt={landing.publishedAt} /> : null}
        </div>
        {landing && (
          <div className="flex flex-wrap gap-2">
            <PublishingActions
              kind="landing_page"
              label="صفحة الهبوط"
              size="default"
              publishedAt={landing.publishedAt}
              canPublish={canPublish}
              busy={publish.isPending}
              onSetPublished={(published) => publish.mutateAsync({ id: landing.id, published })}
              onPreview={() => preview.mutateAsync(landing.id)}
            />
            {canEdit && (
              <Button variant="outline" onClick={() => setEditing(true)}>
                <PencilIcon aria-hidden="true" />
                {LANDING_UI.edit}
              </Button>
            )}
            <PermissionButton
              variant="destructive"
              allowed={canDelete}
              deniedReason={LANDING_UI.noDeletePermission}
              onClick={() => setDeleting(true)}
            >
              <Trash2Icon aria-hidden="true" />
              {LANDING_UI.deletePage}
            </PermissionButton>
          </div>
        )}
      </div>

      {landing ? (
        <Tabs defaultValue={params.get("tab") === "campaigns" ? "campaigns" : "overview"}>
          <TabsList>
            <TabsTrigger value="overview">{LANDING_UI.overview}</TabsTrigger>
            <TabsTrigger value="campaigns">{LANDING_UI.campaigns}</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <LandingOverview page={landing} />
          </TabsContent>
          <TabsContent value="campaigns">
            <CampaignsPanel landingPageId={landing.id} linkedCampaignId={linkedCampaign} />
          </TabsContent>
        </Tabs>
      ) : (
        <Card>
          <CardContent className="grid place-items-center gap-3 p-8 text-center">
            <p className="text-lg font-bold text-ink">{LANDING_UI.noPage}</p>
            <p className="text-muted">{LANDING_UI.noPageHint}</p>
            {canEdit && (
              <Button onClick={() => setEditing(true)}>
                <PlusIcon aria-hidden="true" />
                {LANDING_UI.create}
              </Button>
            )}
          </CardContent>
        </Card>
      )}

      <LandingFormDialog open={editing} onOpenChange={setEditing} projectId={projectId} page={landing} />
      <ConfirmDialog
        open={deleting && landing !== null}
        title={LANDING_UI.deletePageTitle}
        description={LANDING_UI.deletePageText}
        confirmLabel={LANDING_UI.delete}
        busyLabel={LANDING_UI.deleting}
        busy={remove.isPending}
        onConfirm={() => landing && void deletePage(landing.id)}
        onOpenChange={setDeleting}
      />
    </section>
  );
}

/** Overview tab: the poster and the content statistics. */
export function LandingOverview({ page }: { page: LandingPageView }) {
  const stats = [
    { label: "الصور الإضافية", value: formatNumber(page.images.length) },
    { label: "الفيديو", value: page.videoUrl ? "متوفر" : "غير متوفر" },
    { label: "المميزات", value: formatNumber(page.features.length) },
    { label: "الضمانات", value: formatNumber(page.guarantees.length) },
    { label: "مواصفات البناء", value: formatNumber(page.buildingSpecs.length) },
    { label: "الويب هوك", value: page.webhookUrl ? "مفعّل" : "غير مفعّل" },
  ];
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,20rem)_1fr]">
      <img src={page.poster} alt="بوستر صفحة الهبوط" className="aspect-[4/3] w-full max-w-md rounded-xl object-cover" />
      <dl className="grid min-w-0 grid-cols-2 gap-3 lg:grid-cols-3">
        {stats.map((s) => (
          <div key={s.label} className="rounded-xl bg-surface p-4 shadow-sm ring-1 ring-brand-100">
            <dt className="text-sm text-muted">{s.label}</dt>
            <dd className="mt-1 text-xl font-bold text-ink">{s.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
