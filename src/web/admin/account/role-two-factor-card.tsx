/**
 * The per-role two-factor requirement (super_admin only; docs/decisions/020-staff-sign-in-hardening.md): one switch per
 * role, saved at once. Members of a role that requires it must enrol before they can use the back office.
 */

import { ROLE_LABELS } from "#domain/roles.ts";
import { NamedSwitch } from "~/admin/common/named-switch.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Card, CardDescription, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useRoleTwoFactor, useSetRoleTwoFactor } from "./api.ts";
import { ACCOUNT_TEXTS as T } from "./texts.ts";

export function RoleTwoFactorCard() {
  const roles = useRoleTwoFactor(true);
  const save = useSetRoleTwoFactor();
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>{T.rolesTitle}</CardTitle>
          <CardDescription>{T.rolesDescription}</CardDescription>
        </div>
      </CardHeader>
      {roles.isError ? (
        <QueryError message={T.loadError} onRetry={() => void roles.refetch()} />
      ) : roles.isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <ul className="flex flex-col gap-3">
          {roles.data.map((row) => {
            const switchId = `role-2fa-${row.role}`;
            return (
              <li key={row.role} className="flex items-center justify-between gap-3">
                <label htmlFor={switchId} className="font-bold">
                  {ROLE_LABELS[row.role]}
                </label>
                <NamedSwitch
                  id={switchId}
                  name={T.roleRequires(ROLE_LABELS[row.role])}
                  checked={row.requireTwoFactor}
                  disabled={save.isPending}
                  onCheckedChange={(checked) =>
                    save.mutate(
                      { role: row.role, requireTwoFactor: checked },
                      {
                        onSuccess: () => toast({ variant: "success", title: T.roleUpdated }),
                        onError: (error) =>
                          toast({
                            variant: "destructive",
                            title: T.saveError,
                            description: apiErrorMessage(error, T.saveError),
                          }),
                      },
                    )
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
