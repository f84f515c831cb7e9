/**
 * The employees screen (SPEC §2.17): title and new-employee button, three counters (all staff; the working staff of
 * every role below the general manager — manager, employee, photographer, sales agent — labelled active, where SPEC's
 * "role employee" left the sales agents and managers uncounted; super_admin, labelled managers), a case-insensitive search on name or username, and the table
 * (name with the "you" marker, username, role badge, creation date in the long Arabic format or "-", edit and
 * delete). 5 skeleton rows while loading; an empty state with its add button. Delete is never offered on the own
 * row; edit and delete show only where the staff rules allow them (the server decides again). The list is searched
 * and paged on the server (GET /api/users/page, 50 a page, «عرض المزيد»); the counters come from its per-role counts.
 */

import { PencilIcon, PlusIcon, ShieldIcon, Trash2Icon, UserRoundIcon, UsersIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { formatDateLong, formatNumber } from "#domain/format.ts";
import { ROLE_LABELS, ROLES, type Role } from "#domain/roles.ts";
import { canAssignRole, canDeleteUser, canUpdateUser, type StaffActor } from "#domain/staff-rules.ts";
import { TEXTS } from "#domain/texts.ts";
import type { PublicUser } from "#domain/types.ts";
import { ColumnHeads } from "~/admin/common/column-heads.tsx";
import { ListScreen, listState } from "~/admin/common/list-screen.tsx";
import { PagedLoadMore } from "~/admin/common/load-more.tsx";
import { RT } from "~/admin/common/responsive-table.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { isApiError } from "~/shared/lib/api-client.ts";
import { cn } from "~/shared/lib/cn.ts";
import type { CurrentUser } from "~/shared/session/auth-store.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Card } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { useUserPages } from "./api.ts";
import { DeleteEmployeeDialog } from "./delete-employee-dialog.tsx";
import { EmployeeFormDialog } from "./employee-form-dialog.tsx";
import { EMPLOYEE_TEXTS as T } from "./employees-texts.ts";

const SKELETON_ROWS = ["s1", "s2", "s3", "s4", "s5"] as const;

const ROLE_BADGE: Record<Role, "default" | "secondary" | "success" | "warning" | "outline"> = {
  super_admin: "default",
  manager: "warning",
  employee: "secondary",
  photographer: "outline",
  sales_agent: "success",
};

/** The signed-in user as the staff rules see them (client copy: convenience only). */
export function actorOf(user: CurrentUser): StaffActor {
  return { id: user.id, role: user.role, holds: (key) => userCan(user, key) };
}

/** `value`, once it has stopped changing for `ms` (server search while typing). */
function useSettled<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Users whose name or username contains `query`, ignoring case and surrounding spaces. */
export function filterEmployees(list: readonly PublicUser[], query: string): PublicUser[] {
  const q = query.trim().toLocaleLowerCase("ar");
  if (!q) return [...list];
  return list.filter(
    (u) => u.name.toLocaleLowerCase("ar").includes(q) || u.username.toLocaleLowerCase("en").includes(q),
  );
}

export function EmployeesScreen() {
  const user = useCurrentUser();
  const [query, setQuery] = useState("");
  const users = useUserPages(useSettled(query));
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);

  const actor = actorOf(user);
  const visible = useMemo(() => users.data?.pages.flatMap((page) => page.items) ?? [], [users.data]);
  const roleCounts = users.data?.pages[0]?.roleCounts ?? {};
  const staffTotal = Object.values(roleCounts).reduce((sum, n) => sum + (n ?? 0), 0);
  const superAdmins = roleCounts.super_admin ?? 0;
  const assignable = ROLES.filter((role) => canAssignRole(actor, role, []).ok);
  const canCreate = userCan(user, "users.create");

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (employee: PublicUser) => {
    setEditing(employee);
    setFormOpen(true);
  };

  const rowActions = (employee: PublicUser) => {
    const self = employee.id === user.id;
    const target = { id: employee.id, role: employee.role, accountId: employee.accountId };
    return {
      self,
      onEdit:
        userCan(user, "users.edit") && canUpdateUser(actor, target, employee.role, [], superAdmins).ok
          ? () => openEdit(employee)
          : null,
      onDelete:
        !self && userCan(user, "users.delete") && canDeleteUser(actor, target, superAdmins).ok
          ? () => setDeleting(employee)
          : null,
    };
  };

  return (
    <>
      <ListScreen
        title={T.title}
        actions={
          canCreate ? (
            <Button onClick={openCreate}>
              <PlusIcon aria-hidden="true" />
              {T.newEmployee}
            </Button>
          ) : null
        }
        summary={
          <section aria-label={T.title} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Counter label={T.statTotal} value={staffTotal} loading={users.isPending} icon={UsersIcon} />
            <Counter
              label={T.statActive}
              value={staffTotal - superAdmins}
              loading={users.isPending}
              icon={UserRoundIcon}
            />
            <Counter label={T.statManagers} value={superAdmins} loading={users.isPending} icon={ShieldIcon} />
          </section>
        }
        search={{ label: T.search, value: query, onChange: setQuery }}
        state={listState(users, visible.length)}
        surface={(body) => <Card className={cn(RT.wrapper, "p-0")}>{body}</Card>}
        pending={<EmployeesTable pending />}
        error={
          <p role="alert" className="text-danger">
            {isApiError(users.error, 403) ? TEXTS.notAuthorized : T.loadError}
          </p>
        }
        empty={
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
            <p className="font-bold text-muted">{T.empty}</p>
            {canCreate ? (
              <Button variant="outline" onClick={openCreate}>
                <PlusIcon aria-hidden="true" />
                {T.addEmployee}
              </Button>
            ) : null}
          </div>
        }
        footer={<PagedLoadMore query={users} shown={visible.length} />}
      >
        <EmployeesTable>
          {visible.map((employee) => (
            <EmployeeRow key={employee.id} employee={employee} {...rowActions(employee)} />
          ))}
        </EmployeesTable>
      </ListScreen>
      <EmployeeFormDialog open={formOpen} onOpenChange={setFormOpen} employee={editing} roles={assignable} />
      <DeleteEmployeeDialog employee={deleting} onOpenChange={(open) => (open ? undefined : setDeleting(null))} />
    </>
  );
}

/** The employees table: its header, then `children` rows, or 5 skeleton rows while `pending`. */
function EmployeesTable({ pending = false, children }: { pending?: boolean; children?: React.ReactNode }) {
  const columns = [T.colName, T.colUsername, T.colRole, T.colCreatedAt];
  return (
    <table className={RT.table}>
      <ColumnHeads columns={[...columns.map((label) => ({ label })), { label: T.colActions, end: true }]} />
      <tbody className={RT.tbody} aria-busy={pending}>
        {pending
          ? SKELETON_ROWS.map((key) => (
              <tr key={key} data-testid="employee-skeleton-row" className={RT.tr}>
                {[1, 2, 3, 4, 5].map((cell) => (
                  <td key={cell} className={RT.actions}>
                    <Skeleton className="h-4 w-24" />
                  </td>
                ))}
              </tr>
            ))
          : children}
      </tbody>
    </table>
  );
}

/** One employee's row; edit and delete show only where the staff rules allow them (null: not offered). */
function EmployeeRow({
  employee,
  self,
  onEdit,
  onDelete,
}: {
  employee: PublicUser;
  self: boolean;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  return (
    <tr className={cn(RT.tr, self && "bg-accent-400/5")}>
      <th scope="row" className={RT.rowHeader}>
        <span className="flex flex-wrap items-center gap-2">
          {employee.name}
          {self ? <Badge variant="outline">{T.you}</Badge> : null}
        </span>
      </th>
      <td data-label={T.colUsername} className={RT.td}>
        <span dir="ltr" className="block break-all text-start md:text-end">
          {employee.username}
        </span>
      </td>
      <td data-label={T.colRole} className={RT.td}>
        <Badge variant={ROLE_BADGE[employee.role]}>{ROLE_LABELS[employee.role]}</Badge>
      </td>
      <td data-label={T.colCreatedAt} className={cn(RT.td, "text-muted")}>
        {formatDateLong(employee.createdAt, "-")}
      </td>
      <td className={RT.actions}>
        <div className="flex gap-1 md:justify-end">
          {onEdit ? (
            <Button variant="ghost" size="icon" aria-label={T.editOf(employee.name)} onClick={onEdit}>
              <PencilIcon aria-hidden="true" />
            </Button>
          ) : null}
          {onDelete ? (
            <Button
              variant="ghost"
              size="icon"
              className="text-danger hover:bg-danger/10"
              aria-label={T.deleteOf(employee.name)}
              onClick={onDelete}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function Counter({
  label,
  value,
  loading,
  icon: Icon,
}: {
  label: string;
  value: number;
  loading: boolean;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
}) {
  return (
    <Card className="flex-row items-center gap-4">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="text-sm text-muted">{label}</h2>
        {loading ? (
          <Skeleton className="h-8 w-12" />
        ) : (
          <p className="text-2xl font-bold text-ink">{formatNumber(value)}</p>
        )}
      </div>
    </Card>
  );
}
