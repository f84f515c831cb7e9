/**
 * The role-permissions tab (SPEC §6, §2.18): a role picker (super_admin offered only to a super_admin, and then
 * read-only: every box checked and disabled, save disabled), the catalogue grouped by category with its Arabic name
 * and a checkbox each (the internal keys are never shown to staff); save sends the ids of the checked permissions (PUT /api/roles/{role}/permissions).
 */
import { useEffect, useId, useMemo, useState } from "react";
import { PERMISSION_CATALOGUE, ROLE_LABELS, ROLES, type Role } from "#domain/roles.ts";
import type { Permission } from "#domain/types.ts";
import { ChoiceField, choicesOf } from "~/admin/common/choice-select.tsx";
import { UnsavedChangesDialog, UnsavedChangesGuard } from "~/admin/common/form/unsaved-changes.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Checkbox } from "~/shared/ui/checkbox.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { type RolePermissionMap, useSaveRolePermissions } from "./api.ts";
import { PERMISSION_TEXTS as T } from "./permissions-texts.ts";

const CATALOGUE_NAMES = new Map<string, string>(PERMISSION_CATALOGUE.map((p) => [p.key, p.description]));

/**
 * The Arabic name staff read for a permission: the domain catalogue's description of its key (src/domain/roles.ts
 * PERMISSION_CATALOGUE), else the server's Arabic description; never the internal key ("projects.create").
 */
export function permissionName(permission: Pick<Permission, "key" | "description">): string {
  return CATALOGUE_NAMES.get(permission.key) ?? permission.description;
}

/** The catalogue grouped by category, in catalogue order. */
export function groupByCategory(catalogue: readonly Permission[]): [string, Permission[]][] {
  const groups = new Map<string, Permission[]>();
  for (const permission of catalogue) {
    const list = groups.get(permission.category) ?? [];
    list.push(permission);
    groups.set(permission.category, list);
  }
  return [...groups.entries()];
}

/** The catalogue's `groups` as cards (one per category, two columns on a wide screen), each permission by `item` (an `li`). */
export function PermissionGroups({
  groups,
  item,
}: {
  groups: [string, Permission[]][];
  item: (permission: Permission) => React.ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {groups.map(([category, items]) => (
        <Card key={category}>
          <CardHeader>
            <CardTitle className="text-base">{category}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-3">{items.map(item)}</ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

export function RolePermissionsTab({
  catalogue,
  roleMap,
  isSuperAdmin,
}: {
  catalogue: readonly Permission[];
  roleMap: RolePermissionMap;
  isSuperAdmin: boolean;
}) {
  const id = useId();
  const roles = ROLES.filter((role) => isSuperAdmin || role !== "super_admin");
  const [role, setRole] = useState<Role>(isSuperAdmin ? "manager" : "employee");
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const save = useSaveRolePermissions();
  const readOnly = role === "super_admin";
  const groups = useMemo(() => groupByCategory(catalogue), [catalogue]);

  const saved = useMemo(() => new Set((roleMap[role] ?? []).map((p) => p.id)), [role, roleMap]);
  useEffect(() => {
    setChecked(new Set(saved));
  }, [saved]);
  // Ticks not yet saved: switching the role or leaving the screen asks first (docs/decisions/100-unsaved-changes-guard.md).
  const dirty = !readOnly && (checked.size !== saved.size || [...checked].some((p) => !saved.has(p)));
  const [pendingRole, setPendingRole] = useState<Role | null>(null);
  const chooseRole = (next: Role) => (dirty ? setPendingRole(next) : setRole(next));

  const toggle = (permissionId: number, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(permissionId);
      else next.delete(permissionId);
      return next;
    });

  const onSave = async () => {
    try {
      await save.mutateAsync({ role, permissionIds: [...checked] });
    } catch (error) {
      toast({ variant: "destructive", title: T.saveError, description: apiErrorMessage(error, T.defaultError) });
      return;
    }
    toast({ variant: "success", title: T.successTitle, description: T.saved });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ChoiceField
          label={T.role}
          frameClassName="flex flex-col gap-2"
          id={`${id}-role`}
          value={role}
          onChange={(value) => chooseRole(value as Role)}
          className="h-10 min-w-48 rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50"
          options={choicesOf(roles, ROLE_LABELS)}
        />
        <Button onClick={onSave} disabled={readOnly || save.isPending}>
          {save.isPending ? T.saving : T.save}
        </Button>
      </div>
      {readOnly ? <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-700">{T.superAdminReadOnly}</p> : null}
      <UnsavedChangesGuard when={dirty} />
      <UnsavedChangesDialog
        open={pendingRole !== null}
        onStay={() => setPendingRole(null)}
        onLeave={() => {
          if (pendingRole) setRole(pendingRole);
          setPendingRole(null);
        }}
      />
      <PermissionGroups
        groups={groups}
        item={(permission) => {
          const boxId = `${id}-p-${permission.id}`;
          return (
            <li key={permission.id} className="flex items-start gap-3">
              <Checkbox
                id={boxId}
                checked={readOnly || checked.has(permission.id)}
                disabled={readOnly}
                onCheckedChange={(value) => toggle(permission.id, value === true)}
                className="mt-0.5"
              />
              <Label htmlFor={boxId} className="flex flex-col items-start gap-0.5 font-normal">
                <span className="font-bold">{permissionName(permission)}</span>
              </Label>
            </li>
          );
        }}
      />
    </div>
  );
}
