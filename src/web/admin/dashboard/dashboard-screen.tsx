/**
 * /admin, the dashboard (SPEC §2.11): cards for total projects, total units and contact messages ("—" when the
 * user may not read them: 403 or no permission), the first 5 projects (name, city, price, completion) and the first
 * 5 updates (title, project, short date), skeletons while loading; with leads.view_own the lead figures
 * (lead-cards.tsx). Every card links to the list behind it, and every row to its item (a project to its page, an
 * update to its edit form at /admin/project-updates?update={id}, a campaign to its card, an agent to their leads).
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { BuildingIcon, DoorOpenIcon, MailIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { DASHBOARD_LIST_SIZE } from "#domain/constants.ts";
import { formatDateShort, formatNumber, formatPercent, formatSAR } from "#domain/format.ts";
import { TEXTS } from "#domain/texts.ts";
import { useUsers } from "~/admin/employees/api.ts";
import { useContactMessages } from "~/admin/leads/api.ts";
import { useProjects } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { useUnits } from "~/admin/units/api.ts";
import { useProjectUpdates } from "~/admin/updates/api.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Progress } from "~/shared/ui/progress.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { ComplianceCard } from "./compliance-card.tsx";
import { computeDashboardStats } from "./dashboard-stats.ts";
import { InventoryCard } from "./inventory-card.tsx";
import { LeadCards } from "./lead-cards.tsx";
import { OnlinePaymentsCard } from "./online-payments-card.tsx";
import { TopCampaignsCard } from "./top-campaigns-card.tsx";
import { VisitsCard } from "./visits-card.tsx";

const LIST_PLACEHOLDERS = ["p1", "p2", "p3", "p4", "p5"] as const;
const EM_DASH = "—";

export function DashboardScreen() {
  const user = useCurrentUser();
  const projects = useProjects();
  const updates = useProjectUpdates();
  const units = useUnits({ enabled: userCan(user, "units.view") });
  const messages = useContactMessages({ enabled: userCan(user, "contact_messages.view") });
  // The user list is requested only for admins (SPEC §2.11, §6).
  const users = useUsers({ enabled: user.isAdmin });
  // Computed as SPEC §2.11 asks; kept for the screens that will show them.
  computeDashboardStats(projects.data ?? [], users.data);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-ink">{TEXTS.adminProductName}</h1>
      <section aria-label={TEXTS.adminProductName} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard title={TEXTS.statProjects} icon={BuildingIcon} query={projects} enabled to="/admin/projects" />
        <StatCard
          title={TEXTS.statUnits}
          icon={DoorOpenIcon}
          query={units}
          enabled={userCan(user, "units.view")}
          to="/admin/units"
        />
        <StatCard
          title={TEXTS.statContactMessages}
          icon={MailIcon}
          query={messages}
          enabled={userCan(user, "contact_messages.view")}
          to="/admin/leads"
        />
      </section>
      {userCan(user, "compliance.view") && <ComplianceCard />}
      {userCan(user, "leads.view_own") && <LeadCards />}
      {userCan(user, "inventory.view") && <InventoryCard />}
      {userCan(user, "visits.work") && <VisitsCard />}
      {userCan(user, "payments.view") && <OnlinePaymentsCard />}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentProjects query={projects} />
        <LatestUpdates query={updates} />
      </div>
      <TopCampaignsCard />
    </div>
  );
}

function StatCard({
  title,
  icon: Icon,
  query,
  enabled,
  to,
}: {
  title: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  query: UseQueryResult<readonly unknown[]>;
  enabled: boolean;
  /** The list behind the figure; the card links there when the user may read it. */
  to: string;
}) {
  const loading = enabled && query.isPending;
  // No permission (client check) or a refused/failed call (403 included): the figure is unknown.
  const unknown = !enabled || query.isError;
  const card = (
    <Card className="h-full flex-row items-center gap-4">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="text-sm text-muted">{title}</h2>
        {loading ? (
          <Skeleton className="h-8 w-16" />
        ) : unknown ? (
          <p className="text-2xl font-bold text-muted">
            <span aria-hidden="true">{EM_DASH}</span>
            <span className="sr-only">{TEXTS.notAvailable}</span>
          </p>
        ) : (
          <p className="text-2xl font-bold text-ink">{formatNumber(query.data?.length ?? 0)}</p>
        )}
      </div>
    </Card>
  );
  return enabled ? (
    <Link to={to} className="rounded-xl hover:[&>*]:bg-brand-50 focus-visible:ring-3 focus-visible:ring-accent-400/50">
      {card}
    </Link>
  ) : (
    card
  );
}

function ListSkeleton() {
  return (
    <ul className="flex flex-col gap-3" aria-hidden="true">
      {LIST_PLACEHOLDERS.map((id) => (
        <li key={id} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </li>
      ))}
    </ul>
  );
}

function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-2" role="alert">
      <p className="text-sm text-danger">{text}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {TEXTS.retry}
      </Button>
    </div>
  );
}

/** The heading, load error and empty line of each dashboard list. */
const LIST_TEXTS = {
  projects: { title: TEXTS.recentProjects, loadError: TEXTS.projectsLoadFailed, empty: TEXTS.noProjects },
  updates: { title: TEXTS.latestUpdates, loadError: TEXTS.updatesLoadFailed, empty: TEXTS.noUpdates },
};

/**
 * A dashboard card listing the first DASHBOARD_LIST_SIZE items of `query` (each an `li` by `item`), or its skeleton,
 * its load error with a retry, or its empty line.
 */
function DashboardList<T>({
  query,
  texts: { title, loadError, empty },
  children: item,
}: {
  query: { data?: T[]; isPending: boolean; isError: boolean; refetch: () => unknown };
  texts: { title: string; loadError: string; empty: string };
  children: (item: T) => React.ReactNode;
}) {
  const items = (query.data ?? []).slice(0, DASHBOARD_LIST_SIZE);
  return (
    <Card aria-busy={query.isPending}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError ? (
          <LoadError text={loadError} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted">{empty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-brand-100">{items.map(item)}</ul>
        )}
      </CardContent>
    </Card>
  );
}

function RecentProjects({ query }: { query: ReturnType<typeof useProjects> }) {
  return (
    <DashboardList query={query} texts={LIST_TEXTS.projects}>
      {(project) => (
        <li key={project.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <Link to={`/admin/projects/${project.id}`} className="font-bold text-ink hover:underline">
              {project.name}
            </Link>
            <p className="text-sm font-bold text-brand-700">{formatSAR(project.price)}</p>
          </div>
          {project.city ? <p className="text-sm text-muted">{project.city}</p> : null}
          <div className="flex items-center gap-3">
            <Progress
              value={project.completionPercentage}
              aria-label={`${TEXTS.completion}: ${project.name}`}
              className="flex-1"
            />
            <span className="w-12 shrink-0 text-end text-xs text-muted">
              {formatPercent(project.completionPercentage)}
            </span>
          </div>
        </li>
      )}
    </DashboardList>
  );
}

function LatestUpdates({ query }: { query: ReturnType<typeof useProjectUpdates> }) {
  return (
    <DashboardList query={query} texts={LIST_TEXTS.updates}>
      {(update) => (
        <li key={update.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <Link to={`/admin/project-updates?update=${update.id}`} className="font-bold text-ink hover:underline">
            {update.title}
          </Link>
          <p className="flex flex-wrap justify-between gap-x-3 text-sm text-muted">
            <span>{update.projectName ?? ""}</span>
            <time dateTime={update.createdAt}>{formatDateShort(update.createdAt)}</time>
          </p>
        </li>
      )}
    </DashboardList>
  );
}

export function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Skeleton className="h-8 w-40" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}
