/**
 * The units table of a selected project (SPEC §2.14): unit number, building, price with the riyal sign, status
 * badge, rooms, floor, and edit / delete actions. Delete asks the browser confirm of SPEC first. The actions show
 * only with units.edit / units.delete (the server enforces both). Below 768 px each row is a card (RT).
 */
import { PencilIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { formatFloor, formatNumber } from "#domain/format.ts";
import type { Unit } from "#domain/types.ts";
import { ColumnHeads } from "~/admin/common/column-heads.tsx";
import { RT } from "~/admin/common/responsive-table.ts";
import { RiyalAmount } from "~/admin/common/riyal-amount.tsx";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";
import { UnitStatusBadge } from "./unit-status-badge.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

export interface UnitsTableProps {
  units: readonly Unit[];
  canEdit: boolean;
  canDelete: boolean;
  /** Called after the user confirmed the delete. */
  onDelete: (unit: Unit) => void;
  /** The unit being deleted (its button is disabled). */
  deletingId?: number | null;
  /** The browser confirm; injectable for tests. */
  confirm?: (message: string) => boolean;
}

export function UnitsTable({ units, canEdit, canDelete, onDelete, deletingId, confirm }: UnitsTableProps) {
  const ask = confirm ?? ((message: string) => window.confirm(message));
  const showActions = canEdit || canDelete;
  return (
    <div className={cn(RT.wrapper, "rounded-xl border border-brand-100 bg-surface")}>
      <table className={RT.table}>
        <ColumnHeads
          columns={[
            UNIT_TEXTS.unitNumber,
            UNIT_TEXTS.building,
            UNIT_TEXTS.price,
            UNIT_TEXTS.status,
            UNIT_TEXTS.rooms,
            UNIT_TEXTS.floor,
            ...(showActions ? [UNIT_TEXTS.actions] : []),
          ].map((label) => ({ label }))}
        />
        <tbody className={RT.tbody}>
          {units.map((unit) => (
            <tr key={unit.id} className={RT.tr}>
              <th scope="row" className={RT.rowHeader}>
                {unit.unitNumber}
              </th>
              <td data-label={UNIT_TEXTS.building} className={RT.td}>
                {unit.building || "—"}
              </td>
              <td data-label={UNIT_TEXTS.price} className={RT.td}>
                <RiyalAmount amount={unit.price} />
              </td>
              <td data-label={UNIT_TEXTS.status} className={RT.td}>
                <UnitStatusBadge status={unit.status} />
              </td>
              <td data-label={UNIT_TEXTS.rooms} className={RT.td}>
                {unit.rooms === null ? "—" : formatNumber(unit.rooms)}
              </td>
              <td data-label={UNIT_TEXTS.floor} className={RT.td}>
                {unit.floor === null ? "—" : formatFloor(unit.floor)}
              </td>
              {showActions ? (
                <td className={RT.actions}>
                  <div className="flex gap-1">
                    {canEdit ? (
                      <Button asChild variant="ghost" size="sm">
                        <Link to={`/admin/units/${unit.id}/edit`} aria-label={UNIT_TEXTS.editUnit(unit.unitNumber)}>
                          <PencilIcon aria-hidden="true" />
                          {UNIT_TEXTS.edit}
                        </Link>
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-danger hover:bg-danger/10"
                        aria-label={UNIT_TEXTS.deleteUnit(unit.unitNumber)}
                        disabled={deletingId === unit.id}
                        onClick={() => {
                          if (ask(UNIT_TEXTS.confirmDelete)) onDelete(unit);
                        }}
                      >
                        <Trash2Icon aria-hidden="true" />
                        {UNIT_TEXTS.delete}
                      </Button>
                    ) : null}
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
