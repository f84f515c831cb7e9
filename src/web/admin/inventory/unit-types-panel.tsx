/**
 * The unit types section of the stacking plan screen (inventory.manage; docs/decisions/098-unit-type-admin.md): the
 * project's types with their defaults and how many units use each, «إضافة نموذج» and «تعديل» open the type's form,
 * «حذف» asks first; a type units use cannot be deleted (the server's 409 message is shown).
 */
import { useState } from "react";
import { countNoun, formatNumber, formatSAR, NOUNS } from "#domain/format.ts";
import type { UnitType } from "#domain/unit-types.ts";
import { ConfirmDialog } from "~/admin/common/confirm-dialog.tsx";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { UNIT_TYPE_UI } from "./inventory-texts.ts";
import { UnitTypeForm } from "./unit-type-form.tsx";
import { useUnitTypes, useUnitTypeWrites } from "./unit-types-api.ts";

const cell = "px-2 py-1.5 text-start";

export function UnitTypesPanel({ projectId }: { projectId: number }) {
  const types = useUnitTypes(projectId);
  const { save, remove } = useUnitTypeWrites(projectId);
  const [editing, setEditing] = useState<UnitType | "new" | null>(null);
  const [deleting, setDeleting] = useState<UnitType | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ variant: "success", title: UNIT_TYPE_UI.deleted }),
      onError: (error) => {
        const field = isApiError(error) ? error.body?.fields?.type : undefined;
        toast({ variant: "destructive", title: field ?? apiErrorMessage(error, UNIT_TYPE_UI.deleteFailed) });
      },
      onSettled: () => setDeleting(null),
    });
  };
  return (
    <details className="rounded-xl bg-surface p-3 ring-1 ring-black/5">
      <summary className="cursor-pointer font-bold">{UNIT_TYPE_UI.section}</summary>
      <p className="mt-2 text-sm text-muted">{UNIT_TYPE_UI.hint}</p>
      <div className="mt-3 overflow-x-auto">
        {types.data && types.data.length === 0 ? (
          <p className="text-sm">{UNIT_TYPE_UI.none}</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-muted">
                <th className={cell}>{UNIT_TYPE_UI.name}</th>
                <th className={cell}>{UNIT_TYPE_UI.rooms}</th>
                <th className={cell}>{UNIT_TYPE_UI.totalArea}</th>
                <th className={cell}>{UNIT_TYPE_UI.price}</th>
                <th className={cell}>{UNIT_TYPE_UI.units}</th>
                <th className={cell} />
              </tr>
            </thead>
            <tbody>
              {(types.data ?? []).map((type) => (
                <tr key={type.id} className="border-t border-black/5">
                  <th scope="row" className={`${cell} font-bold`}>
                    {type.name}
                  </th>
                  <td className={cell}>{type.rooms === null ? "—" : formatNumber(type.rooms)}</td>
                  <td className={cell}>{type.totalArea === null ? "—" : formatNumber(type.totalArea)}</td>
                  <td className={cell}>{type.price === null ? "—" : formatSAR(type.price)}</td>
                  <td className={cell}>{countNoun(type.unitCount, NOUNS.unit)}</td>
                  <td className={`${cell} flex gap-1`}>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`${UNIT_TYPE_UI.edit} ${type.name}`}
                      onClick={() => setEditing(type)}
                    >
                      {UNIT_TYPE_UI.edit}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`${UNIT_TYPE_UI.remove} ${type.name}`}
                      onClick={() => setDeleting(type)}
                    >
                      {UNIT_TYPE_UI.remove}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Button className="mt-3" variant="outline" onClick={() => setEditing("new")}>
        {UNIT_TYPE_UI.add}
      </Button>
      {editing !== null && (
        <UnitTypeForm
          type={editing === "new" ? null : editing}
          onSave={(values) => save.mutateAsync({ id: editing === "new" ? null : editing.id, values })}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={UNIT_TYPE_UI.confirmDelete}
        description={deleting?.name ?? ""}
        confirmLabel={UNIT_TYPE_UI.remove}
        busyLabel={UNIT_TYPE_UI.remove}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </details>
  );
}
