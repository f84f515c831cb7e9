/**
 * «حجز وحدة مؤقتًا» on a lead's page and on the agent's day card after «حضر» (inventory.hold; docs/decisions/076-unit-inventory-states-and-holds.md): an
 * available unit of the lead's project, held for this lead for the project's hold time. A refusal shows the server's
 * Arabic message (who holds it, until when). The hold becomes a reservation when the lead moves to حجز.
 */
import { useState } from "react";
import { formatSAR } from "#domain/format.ts";
import { SELECT_CLASS } from "~/admin/common/form/field.tsx";
import { useHoldUnit, useStackingPlan } from "~/admin/inventory/api.ts";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";

/** `initialUnitId`: the unit chosen at first (a visit booked from a unit's page), when it is still available. */
export function LeadUnitHold({
  leadId,
  projectId,
  initialUnitId,
}: {
  leadId: number;
  projectId: number;
  initialUnitId?: number | null;
}) {
  const plan = useStackingPlan(projectId);
  const hold = useHoldUnit(projectId);
  const available = (plan.data?.buildings ?? []).flatMap((b) =>
    b.floors.flatMap((f) => f.units.filter((u) => u.state === "available").map((u) => ({ ...u, building: b.name }))),
  );
  const [chosen, setUnitId] = useState<string | null>(null);
  const initial = available.some((u) => u.id === initialUnitId) ? String(initialUnitId) : "";
  const unitId = chosen ?? initial;
  if (!available.length) return null;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm">
        حجز وحدة مؤقتًا لهذا العميل
        <select className={SELECT_CLASS} value={unitId} onChange={(e) => setUnitId(e.target.value)}>
          <option value="">اختر الوحدة</option>
          {available.map((u) => (
            <option key={u.id} value={u.id}>
              {`${u.building} ${u.unitNumber}${u.price !== null ? ` · ${formatSAR(u.price)}` : ""}`}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="outline"
        disabled={!unitId || hold.isPending}
        onClick={() =>
          hold.mutate(
            { unitId: Number(unitId), leadId },
            {
              onSuccess: () => {
                setUnitId("");
                toast({ variant: "success", title: "تم حجز الوحدة مؤقتًا" });
              },
              onError: (error) =>
                toast({
                  variant: "destructive",
                  title: isApiError(error)
                    ? (error.body?.message ?? "تعذّر الحجز")
                    : apiErrorMessage(error, "تعذّر الحجز"),
                }),
            },
          )
        }
      >
        حجز مؤقت
      </Button>
    </div>
  );
}
