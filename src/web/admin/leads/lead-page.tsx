/**
 * /admin/leads/:id, one lead (docs/product.md §2.16 leads; docs/decisions/030-lead-desk-screens.md, 074-…, 075-…):
 * the person with phone and e-mail as actions (tel:, WhatsApp, mailto:, each offering the two-tap log), the live
 * clock (wait and next step), the held unit (building, floor, rooms, price), the stage with its change dialog, an
 * activity/note form with the follow-up day and time, reassignment (leads.assign), merging
 * another lead into this one (leads.assign), the person's PDPL export and erasure (leads.settings), and the
 * timeline. Each action shows only with the permission the server checks (#domain/roles.ts). Client-only route.
 */
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { formatDateTime } from "#domain/format.ts";
import type { LeadActivityKind } from "#domain/lead-desk.ts";
import { unitLabel } from "#domain/unit-label.ts";
import { blockSkeleton, clientOnly } from "~/admin/common/client-only.tsx";
import { ConfirmDialog } from "~/admin/common/confirm-dialog.tsx";
import { LeadUnitHold } from "~/admin/common/unit-hold.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { ActivityForm } from "./activity-form.tsx";
import { type LeadDetail, useLeadDetail, useWithdrawMarketingConsent } from "./api.ts";
import { ContactLinks, LogContactPanel, readWhatsappTemplate } from "./contact-actions.tsx";
import { DESK_TEXTS } from "./desk-texts.ts";
import { LeadFlags, StageBadge } from "./lead-badges.tsx";
import { LeadClockLine } from "./lead-clock.tsx";
import { LeadEstimates } from "./lead-estimate.tsx";
import { MergeDialog, PersonRequests, ReassignDialog } from "./lead-manager-actions.tsx";
import { LeadPaymentCard } from "./lead-payment-card.tsx";
import { LeadTimeline } from "./lead-timeline.tsx";
import { StageDialog } from "./stage-dialog.tsx";
import { WhatsappPane } from "./whatsapp-pane.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: "العميل المحتمل",
  fallback: blockSkeleton("h-64 w-full rounded-xl"),
});

export default function LeadPage() {
  const id = Number(useParams().id);
  const detail = useLeadDetail(id);
  if (detail.isPending) return <Skeleton className="h-64 w-full rounded-xl" />;
  if (detail.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="rounded-xl bg-danger/10 p-6 text-danger">
          {apiErrorMessage(detail.error, DESK_TEXTS.loadFailed)}
        </p>
        <Link to="/admin/leads" className="text-brand-700">
          {DESK_TEXTS.listTitle}
        </Link>
      </div>
    );
  }
  return <LeadView detail={detail.data} />;
}

/** The loaded lead. */
export function LeadView({ detail }: { detail: LeadDetail }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const lead = detail.lead;
  // A merged lead is read-only: its page says where it went and offers no action (docs/decisions/075-merge-and-assign-by-what-people-know.md).
  const merged = detail.mergedInto;
  const canWork = !merged && userCan(user, "leads.work");
  const canAssign = !merged && userCan(user, "leads.assign");
  const canSettings = !merged && userCan(user, "leads.settings");
  const [used, setUsed] = useState<LeadActivityKind | null>(null);
  const [stageOpen, setStageOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [mergeOpen, setMergeOpen] = useState(false);

  return (
    <div className="grid min-w-0 gap-4">
      <nav aria-label="مسار التنقل" className="text-sm">
        <Link to="/admin/leads" className="text-brand-700 hover:underline">
          {DESK_TEXTS.listTitle}
        </Link>
      </nav>
      {merged && (
        <p role="status" className="grid gap-1 rounded-xl bg-brand-50 p-4 text-ink" data-testid="merged-into">
          <span className="font-bold">
            {`${DESK_TEXTS.mergedInto} `}
            <Link to={`/admin/leads/${merged.id}`} className="text-brand-700 underline">
              {merged.name}
            </Link>
          </span>
          <span className="text-sm text-muted">{DESK_TEXTS.mergedReadOnly}</span>
        </p>
      )}
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-xl font-bold break-words text-ink">{lead.name}</h1>
            {/* A merged lead's old stage no longer says anything: it reads «مدموج». */}
            {merged ? <Badge variant="outline">{DESK_TEXTS.mergedBadge}</Badge> : <StageBadge stage={lead.stage} />}
            <LeadFlags lead={lead} />
          </div>
        </CardHeader>
        <CardContent className="grid gap-3">
          <LeadClockLine clock={detail.clock} />
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted">{DESK_TEXTS.phone}</dt>
            <dd dir="ltr" className="text-end">
              {lead.phone ?? "—"}
            </dd>
            <dt className="text-muted">{DESK_TEXTS.email}</dt>
            <dd dir="ltr" className="text-end break-all">
              {lead.email ?? "—"}
            </dd>
            <dt className="text-muted">{DESK_TEXTS.project}</dt>
            <dd>{lead.projectName ?? DESK_TEXTS.noProject}</dd>
            {lead.unitOfInterest && (
              <>
                <dt className="text-muted">الوحدة المطلوبة</dt>
                <dd>
                  <bdi data-latin-digits="unit">{lead.unitOfInterest.unitNumber}</bdi>
                </dd>
              </>
            )}
            <dt className="text-muted">{DESK_TEXTS.owner}</dt>
            <dd>{lead.ownerName ?? DESK_TEXTS.unassigned}</dd>
            {detail.unit && (
              <>
                <dt className="text-muted">{DESK_TEXTS.unit}</dt>
                <dd data-testid="lead-unit">{unitLabel(detail.unit)}</dd>
              </>
            )}
            {lead.lostReason && (
              <>
                <dt className="text-muted">{DESK_TEXTS.lostReason}</dt>
                <dd>{lead.lostReason}</dd>
              </>
            )}
            <dt className="text-muted">{DESK_TEXTS.followUp}</dt>
            <dd>{lead.followUpAt ? formatDateTime(lead.followUpAt) : "—"}</dd>
            <dt className="text-muted">الموافقة التسويقية</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span>{marketingConsentText(lead)}</span>
              {canWork && lead.marketingConsentAt && !lead.marketingConsentWithdrawnAt && (
                <WithdrawConsentButton leadId={lead.id} />
              )}
            </dd>
          </dl>
          {!merged && <ContactLinks lead={lead} template={readWhatsappTemplate()} onUse={setUsed} size="default" />}
          {used && canWork && <LogContactPanel lead={lead} kind={used} onDone={() => setUsed(null)} />}
          <div className="flex flex-wrap gap-2">
            {canWork && <Button onClick={() => setStageOpen(true)}>{DESK_TEXTS.changeStage}</Button>}
            {canAssign && (
              <Button variant="outline" onClick={() => setAssignOpen(true)}>
                إعادة الإسناد
              </Button>
            )}
            {canAssign && (
              <Button variant="outline" onClick={() => setMergeOpen(true)}>
                دمج مع عميل آخر
              </Button>
            )}
          </div>
          {lead.projectId !== null && userCan(user, "inventory.hold") && (
            <LeadUnitHold leadId={lead.id} projectId={lead.projectId} />
          )}
        </CardContent>
      </Card>

      {userCan(user, "whatsapp.view") && <WhatsappPane leadId={lead.id} canSend={userCan(user, "whatsapp.send")} />}
      <LeadPaymentCard leadId={lead.id} stage={lead.stage} />
      <LeadEstimates estimates={detail.estimates} />

      {canWork && <ActivityForm leadId={lead.id} />}

      <Card>
        <CardHeader>
          <CardTitle>سجل العميل</CardTitle>
        </CardHeader>
        <CardContent>
          <LeadTimeline detail={detail} />
        </CardContent>
      </Card>

      {canSettings && (
        <PersonRequests
          person={{ phone: lead.phone ?? undefined, email: lead.email ?? undefined }}
          onErased={() => navigate("/admin/leads")}
        />
      )}

      {canWork && <StageDialog lead={lead} open={stageOpen} onOpenChange={setStageOpen} />}
      {canAssign && <ReassignDialog lead={lead} open={assignOpen} onOpenChange={setAssignOpen} />}
      {canAssign && <MergeDialog lead={lead} related={detail.related} open={mergeOpen} onOpenChange={setMergeOpen} />}
    </div>
  );
}

/** The lead's marketing consent in words (docs/conversions.md: without it no identifier reaches an ad platform). */
export function marketingConsentText(lead: LeadDetail["lead"]): string {
  if (lead.marketingConsentWithdrawnAt) return `سُحبت في ${formatDateTime(lead.marketingConsentWithdrawnAt)}`;
  if (lead.marketingConsentAt) return `وافق في ${formatDateTime(lead.marketingConsentAt)}`;
  return "لم يوافق";
}

/** Withdraws the lead's marketing consent on request (no further ad-platform events), after a confirmation. */
function WithdrawConsentButton({ leadId }: { leadId: number }) {
  const [confirm, setConfirm] = useState(false);
  const withdraw = useWithdrawMarketingConsent();
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirm(true)}>
        سحب الموافقة
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="سحب الموافقة التسويقية؟"
        description="لن يُرسل أي حدث عن هذا العميل إلى منصات الإعلانات بعد الآن."
        confirmLabel="سحب الموافقة"
        busyLabel="جارٍ السحب..."
        busy={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(leadId, {
            onSuccess: () => {
              setConfirm(false);
              toast({ variant: "success", title: "تم سحب الموافقة التسويقية" });
            },
            onError: (e) =>
              toast({ variant: "destructive", title: "تعذّر سحب الموافقة", description: apiErrorMessage(e, "") }),
          })
        }
      />
    </>
  );
}
