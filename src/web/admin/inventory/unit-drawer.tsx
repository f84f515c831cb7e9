/**
 * A unit opened from the stacking plan (docs/decisions/078-stacking-plan-and-bulk-generation.md): its details, the
 * lead and staff member holding it and until when (with the frozen price), its history, and the actions the viewer
 * may take (buttons by permission; the server decides): hold (inventory.hold), release (their own hold, or any with
 * inventory.manage), block / unblock (inventory.manage). A refused hold shows the server's Arabic message (who holds
 * it, until when).
 */
import { formatDateTime, formatSAR } from "#domain/format.ts";
import { INVENTORY_STATE_LABELS } from "#domain/inventory.ts";
import type { GridUnit } from "#domain/inventory-admin.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/shared/ui/dialog.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useBlockUnit, useHoldUnit, useReleaseHold, useUnitHistory } from "./api.ts";
import { INVENTORY_UI } from "./inventory-texts.ts";

function failed(error: unknown) {
  const message = isApiError(error)
    ? (error.body?.message ?? INVENTORY_UI.failed)
    : apiErrorMessage(error, INVENTORY_UI.failed);
  toast({ variant: "destructive", title: message });
}

export function UnitDrawer({
  projectId,
  unit,
  onClose,
}: {
  projectId: number;
  unit: GridUnit | null;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const history = useUnitHistory(unit?.id ?? null);
  const hold = useHoldUnit(projectId);
  const release = useReleaseHold(projectId);
  const block = useBlockUnit(projectId);
  const manage = userCan(user, "inventory.manage");
  const ok = () => toast({ variant: "success", title: INVENTORY_UI.done });
  return (
    <Dialog open={unit !== null} onOpenChange={(open) => !open && onClose()}>
      {unit && (
        <DialogContent>
          <DialogTitle>
            الوحدة <bdi data-latin-digits="unit">{unit.unitNumber}</bdi>
          </DialogTitle>
          <DialogDescription>{INVENTORY_STATE_LABELS[unit.state]}</DialogDescription>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {unit.type && (
              <>
                <dt className="text-muted">النموذج</dt>
                <dd>{unit.type}</dd>
              </>
            )}
            <dt className="text-muted">السعر</dt>
            <dd>{unit.price === null ? INVENTORY_UI.priceOnRequest : formatSAR(unit.price)}</dd>
            {unit.hold && (
              <>
                <dt className="text-muted">{INVENTORY_UI.lead}</dt>
                <dd>{unit.hold.leadName ?? INVENTORY_UI.walkIn}</dd>
                <dt className="text-muted">{INVENTORY_UI.heldBy}</dt>
                <dd>{unit.hold.heldByName ?? "-"}</dd>
                {unit.hold.expiresAt && (
                  <>
                    <dt className="text-muted">{INVENTORY_UI.until}</dt>
                    <dd>{formatDateTime(unit.hold.expiresAt)}</dd>
                  </>
                )}
                {unit.hold.price !== null && (
                  <>
                    <dt className="text-muted">{INVENTORY_UI.frozenPrice}</dt>
                    <dd>{formatSAR(unit.hold.price)}</dd>
                  </>
                )}
              </>
            )}
          </dl>
          <div className="flex flex-wrap gap-2">
            {unit.state === "available" && userCan(user, "inventory.hold") && (
              <Button
                disabled={hold.isPending}
                onClick={() => hold.mutate({ unitId: unit.id }, { onSuccess: ok, onError: failed })}
              >
                {INVENTORY_UI.hold}
              </Button>
            )}
            {unit.hold?.kind === "hold" && (unit.hold.heldBy === user.id || manage) && (
              <Button
                variant="outline"
                disabled={release.isPending}
                onClick={() => unit.hold && release.mutate(unit.hold.id, { onSuccess: ok, onError: failed })}
              >
                {INVENTORY_UI.release}
              </Button>
            )}
            {manage && (unit.state === "available" || unit.state === "blocked") && (
              <Button
                variant="outline"
                disabled={block.isPending}
                onClick={() =>
                  block.mutate(
                    { unitId: unit.id, blocked: unit.state === "available" },
                    { onSuccess: ok, onError: failed },
                  )
                }
              >
                {unit.state === "available" ? INVENTORY_UI.block : INVENTORY_UI.unblock}
              </Button>
            )}
          </div>
          <section className="grid gap-1 text-sm">
            <h3 className="font-bold">{INVENTORY_UI.history}</h3>
            {(history.data?.transitions ?? []).length === 0 ? (
              <p className="text-muted">{INVENTORY_UI.noHistory}</p>
            ) : (
              <ol className="grid gap-1">
                {history.data?.transitions.map((t) => (
                  <li key={`${t.at}-${t.toState}`}>
                    {`${formatDateTime(t.at)}: ${INVENTORY_STATE_LABELS[t.fromState]} ← ${INVENTORY_STATE_LABELS[t.toState]}`}
                    {t.actorName ? ` (${t.actorName})` : ""}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </DialogContent>
      )}
    </Dialog>
  );
}
