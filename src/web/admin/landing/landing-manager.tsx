/**
 * The landing-page manager of /admin/projects/{id} (SPEC §2.15): a loading state, the offer to create a page when
 * the project has none, else an edit button and two tabs: overview (poster and content statistics; the guarantees
 * count counts guarantees, ARCHITECTURE resolution 2) and campaigns. Creating/editing needs landing_pages.edit.
 */
import { PencilIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { formatNumber } from "#domain/format.ts";
import type { LandingPageView } from "#domain/schemas/landing.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent } from "~/shared/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/shared/ui/tabs.tsx";
import { useLandingPage } from "./api.ts";
import { CampaignsPanel } from "./campaigns-panel.tsx";
import { LandingFormDialog } from "./landing-form.tsx";
import { LANDING_UI } from "./landing-texts.ts";

export function LandingManager({ projectId }: { projectId: number }) {
  const user = useCurrentUser();
  const canEdit = userCan(user, "landing_pages.edit");
  const page = useLandingPage(projectId);
  const [editing, setEditing] = useState(false);

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
        <h2 id="landing-title" className="text-xl font-bold text-ink">
          صفحة الهبوط
        </h2>
        {landing && canEdit && (
          <Button variant="outline" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden="true" />
            {LANDING_UI.edit}
          </Button>
        )}
      </div>

      {landing ? (
        <Tabs defaultValue="overview">
          <TabsList>
            <TabsTrigger value="overview">{LANDING_UI.overview}</TabsTrigger>
            <TabsTrigger value="campaigns">{LANDING_UI.campaigns}</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <LandingOverview page={landing} />
          </TabsContent>
          <TabsContent value="campaigns">
            <CampaignsPanel landingPageId={landing.id} />
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
    <div className="grid gap-4 md:grid-cols-[minmax(0,20rem)_1fr]">
      <img src={page.poster} alt="بوستر صفحة الهبوط" className="aspect-[4/3] w-full rounded-xl object-cover" />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
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
