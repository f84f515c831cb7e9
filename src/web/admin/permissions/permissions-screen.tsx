/**
 * The permissions screen (SPEC §2.18): two tabs, role permissions and user permissions, plus a link to the
 * admin-only audit log (ARCHITECTURE resolution 8; the side menu keeps SPEC's eight items). Needs
 * permissions.manage; without it (or on a 403) it shows "غير مصرح لك".
 */
import { ScrollTextIcon } from "lucide-react";
import { Link } from "react-router";
import { NotAuthorized } from "~/admin/common/require-permission.tsx";
import { useUsers } from "~/admin/employees/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/shared/ui/tabs.tsx";
import { usePermissionCatalogue, useRolePermissions } from "./api.ts";
import { PERMISSION_TEXTS as T } from "./permissions-texts.ts";
import { RolePermissionsTab } from "./role-permissions-tab.tsx";
import { UserPermissionsTab } from "./user-permissions-tab.tsx";

export function PermissionsScreen() {
  const user = useCurrentUser();
  const allowed = userCan(user, "permissions.manage");
  const catalogue = usePermissionCatalogue();
  const roleMap = useRolePermissions();
  const users = useUsers({ enabled: allowed && userCan(user, "users.view") });

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-ink">{T.title}</h1>
      {userCan(user, "audit.view") ? (
        <Button asChild variant="outline">
          <Link to="/admin/audit-log">
            <ScrollTextIcon aria-hidden="true" />
            {T.auditLink}
          </Link>
        </Button>
      ) : null}
    </div>
  );

  if (!allowed || isApiError(roleMap.error, 403)) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        <NotAuthorized />
      </div>
    );
  }
  if (catalogue.isPending || roleMap.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true">
        {header}
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (catalogue.isError || roleMap.isError) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        <p role="alert" className="text-danger">
          {T.loadError}
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {header}
      <Tabs defaultValue="roles">
        <TabsList>
          <TabsTrigger value="roles">{T.rolesTab}</TabsTrigger>
          <TabsTrigger value="users">{T.usersTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="roles">
          <RolePermissionsTab catalogue={catalogue.data} roleMap={roleMap.data} isSuperAdmin={user.isAdmin} />
        </TabsContent>
        <TabsContent value="users">
          {users.isPending ? (
            <Skeleton className="h-10 w-72" />
          ) : (
            <UserPermissionsTab
              catalogue={catalogue.data}
              roleMap={roleMap.data}
              users={users.data ?? []}
              viewer={user}
            />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
