/**
 * The stage change of one lead (docs/product.md §2.16 leads; rules in #domain/lead-desk.ts): any stage to any other,
 * مفقود asks for a reason from the editable list, حجز/بيع offer a unit of the lead's project (the available ones and
 * the one it already holds, each with building, floor, rooms and price: #domain/unit-label.ts), an optional note. The server's answer decides: a 409 (the
 * unit is held by another lead) or a 400 is shown inline in Arabic, and the dialog stays open. A move out of حجز/بيع
 * of a lead whose online deposit is still within its refund window offers that refund next to holders of
 * payments.refund (docs/payments.md "Refunds from the lead page"; ./lead-payment-card.tsx).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import type { LeadPayment } from "#domain/checkout.ts";
import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadStage, stageHoldsUnit, UNIT_STATUS_FREE } from "#domain/lead-desk.ts";
import { unitLabel } from "#domain/unit-label.ts";
import { ChoiceField, choicesOf } from "~/admin/common/choice-select.tsx";
import { useProjectUnits } from "~/admin/units/api.ts";
import { isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Textarea } from "~/shared/ui/textarea.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { type LeadSummary, useChangeLeadStage, useLostReasons } from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { cancelledDepositOffer, cancelsReservation, leadPaymentsQuery, RefundDialog } from "./lead-payment-card.tsx";

export const selectClass =
  "h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink focus-visible:ring-3 focus-visible:ring-accent-400/50";

/** The Arabic message of a failed change: the server's message (409/400 fields), else the generic one. */
function errorText(error: unknown): string {
  if (isApiError(error)) {
    const fields = error.body?.fields ? Object.values(error.body.fields) : [];
    return fields[0] ?? error.serverMessage ?? DESK_TEXTS.stageFailed;
  }
  return DESK_TEXTS.stageFailed;
}

const STAGE_CHOICES = choicesOf(LEAD_STAGES, LEAD_STAGE_LABELS);

/** A desk form's note (up to 2,000 characters) under its label «ملاحظة»; `className` lays out label and box. */
export function NoteField(props: { id: string; value: string; onChange: (note: string) => void; className?: string }) {
  return (
    <div className={props.className ?? "grid gap-2"}>
      <Label htmlFor={props.id}>{DESK_TEXTS.note}</Label>
      <Textarea
        id={props.id}
        className="min-h-20 rounded-lg border border-brand-100 bg-surface p-3 text-sm"
        value={props.value}
        maxLength={2000}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** A desk dialog's «إلغاء» (closes it) and «حفظ» (submits its form; off while `busy`). */
export function SaveFooter({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {DESK_TEXTS.cancel}
      </Button>
      <Button type="submit" disabled={busy}>
        {DESK_TEXTS.save}
      </Button>
    </DialogFooter>
  );
}

/** The stage dialog of this file's header, for `lead`; closes itself after a saved change (or a refund offered). */
export function StageDialog({
  lead,
  open,
  onOpenChange,
  initialStage,
}: {
  lead: Pick<LeadSummary, "id" | "name" | "stage" | "projectId" | "unitId">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stage preselected when the dialog opens (default: the lead's current stage). */
  initialStage?: LeadStage;
}) {
  const ids = useId();
  const [stage, setStage] = useState<LeadStage>(initialStage ?? lead.stage);
  const [reason, setReason] = useState("");
  const [unitId, setUnitId] = useState<string>(lead.unitId ? String(lead.unitId) : "");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reasons = useLostReasons({ enabled: open && stage === "lost" });
  const holds = stageHoldsUnit(stage);
  const units = useProjectUnits(open && holds ? lead.projectId : null);
  const change = useChangeLeadStage();
  const client = useQueryClient();
  const [refundable, setRefundable] = useState<LeadPayment | null>(null);

  useEffect(() => {
    if (open) {
      setStage(initialStage ?? lead.stage);
      setReason("");
      setUnitId(lead.unitId ? String(lead.unitId) : "");
      setNote("");
      setError(null);
      setRefundable(null);
    }
  }, [open, initialStage, lead.stage, lead.unitId]);

  const offered = (units.data ?? []).filter((u) => u.status === UNIT_STATUS_FREE || u.id === lead.unitId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (stage === "lost" && !reason) {
      setError("يرجى اختيار سبب الفقد");
      return;
    }
    change.mutate(
      {
        id: lead.id,
        stage,
        note: note.trim() || undefined,
        lostReason: stage === "lost" ? reason : undefined,
        unitId: holds ? (unitId ? Number(unitId) : null) : undefined,
      },
      {
        onSuccess: async () => {
          toast({ variant: "success", title: DESK_TEXTS.stageSaved });
          if (cancelsReservation(lead.stage, stage)) {
            const payments = await client.fetchQuery({ ...leadPaymentsQuery(lead.id), staleTime: 0 }).catch(() => null);
            const offer = payments && cancelledDepositOffer(payments);
            if (offer) {
              setRefundable(offer);
              return;
            }
          }
          onOpenChange(false);
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  if (open && refundable) {
    const done = () => {
      setRefundable(null);
      onOpenChange(false);
    };
    return <RefundDialog leadId={lead.id} payment={refundable} onClose={done} notice />;
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{DESK_TEXTS.changeStage}</DialogTitle>
            <DialogDescription>{lead.name}</DialogDescription>
          </DialogHeader>
          <ChoiceField
            id={`${ids}-stage`}
            label={DESK_TEXTS.newStage}
            className={selectClass}
            value={stage}
            onChange={(value) => {
              setStage(value as LeadStage);
              setError(null);
            }}
            options={STAGE_CHOICES}
          />
          {stage === "lost" && (
            <ChoiceField
              id={`${ids}-reason`}
              label={DESK_TEXTS.lostReason}
              className={selectClass}
              value={reason}
              onChange={setReason}
              aria-invalid={error !== null && !reason}
              empty={DESK_TEXTS.chooseReason}
              options={(reasons.data ?? []).filter((r) => r.active).map((r) => ({ value: r.name, label: r.name }))}
            />
          )}
          {holds && lead.projectId !== null && (
            <ChoiceField
              id={`${ids}-unit`}
              label={DESK_TEXTS.unit}
              hint={DESK_TEXTS.unitHint}
              className={selectClass}
              value={unitId}
              onChange={(value) => {
                setUnitId(value);
                setError(null);
              }}
              empty={DESK_TEXTS.noUnit}
              options={offered.map((u) => ({ value: String(u.id), label: unitLabel(u) }))}
            />
          )}
          <NoteField id={`${ids}-note`} value={note} onChange={setNote} />
          {error && (
            <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
              {error}
            </p>
          )}
          <SaveFooter onCancel={() => onOpenChange(false)} busy={change.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
