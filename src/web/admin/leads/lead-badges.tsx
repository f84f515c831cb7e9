/** Small pieces shared by the lead desk screens: the stage badge, the overdue/duplicate badges, the lead's project. */
import { AlertTriangleIcon } from "lucide-react";
import type { LeadStage } from "#domain/lead-desk.ts";
import { LEAD_STAGE_LABELS } from "#domain/lead-desk.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import type { LeadSummary } from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";

const STAGE_VARIANT: Record<LeadStage, "default" | "secondary" | "success" | "warning" | "destructive" | "outline"> = {
  new: "default",
  contacted: "secondary",
  qualified: "secondary",
  visit: "warning",
  reserved: "success",
  sold: "success",
  lost: "destructive",
};

export function StageBadge({ stage }: { stage: LeadStage }) {
  return <Badge variant={STAGE_VARIANT[stage]}>{LEAD_STAGE_LABELS[stage]}</Badge>;
}

/** The overdue and duplicate flags of a lead, when set. */
export function LeadFlags({ lead }: { lead: Pick<LeadSummary, "overdue" | "isDuplicate"> }) {
  return (
    <>
      {lead.overdue && (
        <Badge variant="destructive">
          <AlertTriangleIcon aria-hidden="true" />
          {DESK_TEXTS.overdue}
        </Badge>
      )}
      {lead.isDuplicate && <Badge variant="outline">{DESK_TEXTS.duplicate}</Badge>}
    </>
  );
}
