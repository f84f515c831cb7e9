/**
 * The user-permissions tab (SPEC §6, §4.11): the users listed are all users for a super_admin, otherwise those whose
 * accountId is the current user's id. For the chosen user each permission shows its effective value (the override if
 * present, else the role's), with a "custom override" badge and a reset action, or a badge "enabled/disabled by role".
 * A toggle stores an override optimistically and reverts with an error toast when the server refuses.
 */
import { RotateCcwIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { ROLE_LABELS } from "#domain/roles.ts";
import type { Permission, PublicUser } from "#domain/types.ts";
import { ChoiceField } from "~/admin/common/choice-select.tsx";
import { NamedSwitch } from "~/admin/common/named-switch.tsx";
import { useChangeUserOverride, useUserOverrides } from "~/admin/employees/api.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import type { RolePermissionMap } from "./api.ts";
import { PERMISSION_TEXTS as T } from "./permissions-texts.ts";
import { groupByCategory, PermissionGroups, permissionName } from "./role-permissions-tab.tsx";

/** The users the tab lists for `viewer` (SPEC §6). */
export function manageableUsers(viewer: { id: string; role: string }, users: readonly PublicUser[]): PublicUser[] {
  return viewer.role === "super_admin" ? [...users] : users.filter((u) => u.accountId === viewer.id);
}

export function UserPermissionsTab({
  catalogue,
  roleMap,
  users,
  viewer,
}: {
  catalogue: readonly Permission[];
  roleMap: RolePermissionMap;
  users: readonly PublicUser[];
  viewer: { id: string; role: string };
}) {
  const id = useId();
  const list = manageableUsers(viewer, users);
  const [userId, setUserId] = useState<string>("");
  const selected = list.find((u) => u.id === userId) ?? null;

  if (list.length === 0) return <p className="text-muted">{T.noUsers}</p>;

  return (
    <div className="flex flex-col gap-4">
      <ChoiceField
        label={T.user}
        frameClassName="flex flex-col gap-2"
        id={`${id}-user`}
        value={userId}
        onChange={setUserId}
        className="h-10 max-w-md rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50"
        empty={T.chooseUser}
        options={list.map((u) => ({ value: u.id, label: `${u.name} (${u.username}) - ${ROLE_LABELS[u.role]}` }))}
      />
      {selected ? <UserPermissionList user={selected} catalogue={catalogue} roleMap={roleMap} /> : null}
    </div>
  );
}

function UserPermissionList({
  user,
  catalogue,
  roleMap,
}: {
  user: PublicUser;
  catalogue: readonly Permission[];
  roleMap: RolePermissionMap;
}) {
  const id = useId();
  const overrides = useUserOverrides(user.id);
  const change = useChangeUserOverride();
  const groups = useMemo(() => groupByCategory(catalogue), [catalogue]);
  const roleHolds = useMemo(() => new Set((roleMap[user.role] ?? []).map((p) => p.key)), [roleMap, user.role]);
  const isSuper = user.role === "super_admin";

  if (overrides.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (overrides.isError)
    return (
      <p role="alert" className="text-danger">
        {T.loadError}
      </p>
    );

  const byId = new Map(overrides.data.map((o) => [o.permissionId, o.granted]));

  const apply = (permission: Permission, granted: boolean | null) => {
    change.mutate(
      { userId: user.id, permissionId: permission.id, key: permission.key, granted },
      {
        onError: (error) =>
          toast({
            variant: "destructive",
            title: granted === null ? T.resetError : T.updateError,
            description: apiErrorMessage(error, T.defaultError),
          }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      {isSuper ? <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-700">{T.superAdminUser}</p> : null}
      <PermissionGroups
        groups={groups}
        item={(permission) => {
          const override = byId.get(permission.id);
          const byRole = isSuper || roleHolds.has(permission.key);
          const effective = isSuper || (override ?? byRole);
          const switchId = `${id}-u-${permission.id}`;
          return (
            <li key={permission.id} className="flex flex-wrap items-center gap-3">
              <NamedSwitch
                id={switchId}
                name={permissionName(permission)}
                checked={effective}
                disabled={isSuper}
                onCheckedChange={(value) => apply(permission, value)}
              />
              <Label htmlFor={switchId} className="flex min-w-0 flex-1 flex-col items-start gap-0.5 font-normal">
                <span className="font-bold">{permissionName(permission)}</span>
              </Label>
              {override !== undefined ? (
                <span className="flex items-center gap-1">
                  <Badge variant="warning">{T.customOverride}</Badge>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={T.resetOf(permissionName(permission))}
                    onClick={() => apply(permission, null)}
                  >
                    <RotateCcwIcon aria-hidden="true" />
                    {T.reset}
                  </Button>
                </span>
              ) : (
                <Badge variant={byRole ? "success" : "outline"}>{byRole ? T.enabledByRole : T.disabledByRole}</Badge>
              )}
            </li>
          );
        }}
      />
    </div>
  );
}
