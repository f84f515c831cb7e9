/**
 * The second view of /admin/units (SPEC §2.14): back button, the four counters, the units table (or its empty
 * state) for one project, and the add-unit and bulk-upload buttons for that project. The units come page by page
 * from the server (GET /api/units/page, «عرض المزيد»); the counters from its per-status counts of the project.
 */
import { PackageOpenIcon } from "lucide-react";
import { useMemo } from "react";
import { UNIT_STATUSES, type UnitCounts } from "#domain/project-rules.ts";
import { PagedLoadMore } from "~/admin/common/load-more.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useDeleteUnit, useProjectUnitPages } from "./api.ts";
import { BackLink } from "./back-link.tsx";
import { UnitActions } from "./project-picker.tsx";
import { UnitCounters } from "./unit-counters.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";
import { UnitsTable } from "./units-table.tsx";

const [AVAILABLE, RESERVED, SOLD] = UNIT_STATUSES;

export interface ProjectUnitsProps {
  projectId: number;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canImport: boolean;
}

export function ProjectUnits({ projectId, canCreate, canEdit, canDelete, canImport }: ProjectUnitsProps) {
  const projects = useProjects();
  const units = useProjectUnitPages(projectId);
  const list = useMemo(() => units.data?.pages.flatMap((page) => page.items) ?? [], [units.data]);
  const counts = useMemo((): UnitCounts => {
    const byStatus = units.data?.pages[0]?.statusCounts ?? {};
    return {
      total: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
      available: byStatus[AVAILABLE] ?? 0,
      reserved: byStatus[RESERVED] ?? 0,
      sold: byStatus[SOLD] ?? 0,
    };
  }, [units.data]);
  const remove = useDeleteUnit();
  const project = projects.data?.find((p) => p.id === projectId);

  if (projects.isSuccess && !project) {
    return (
      <div className="flex flex-col items-start gap-4">
        <BackLink to="/admin/units" label={UNIT_TEXTS.backToProjects} />
        <p role="alert" className="text-danger">
          {UNIT_TEXTS.projectNotFound}
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/admin/units" label={UNIT_TEXTS.backToProjects} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">
          {project ? `${UNIT_TEXTS.title}: ${project.name}` : <Skeleton className="h-8 w-56" />}
        </h1>
        <UnitActions canCreate={canCreate} canImport={canImport} projectId={projectId} />
      </div>
      {units.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      ) : units.isError ? (
        <QueryError message={UNIT_TEXTS.unitsLoadFailed} onRetry={() => void units.refetch()} />
      ) : (
        <>
          <UnitCounters counts={counts} />
          {list.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-brand-100 bg-surface p-10 text-center">
              <PackageOpenIcon aria-hidden="true" className="size-10 text-muted" />
              <p className="font-bold text-ink">{UNIT_TEXTS.emptyUnits}</p>
              <p className="text-sm text-muted">{UNIT_TEXTS.emptyUnitsHint}</p>
            </div>
          ) : (
            <UnitsTable
              units={list}
              canEdit={canEdit}
              canDelete={canDelete}
              deletingId={remove.isPending ? remove.variables?.id : null}
              onDelete={(unit) =>
                remove.mutate(
                  { id: unit.id, projectId: unit.projectId },
                  {
                    onSuccess: () => toast({ title: UNIT_TEXTS.deleted, variant: "success" }),
                    onError: (error) =>
                      toast({
                        title: UNIT_TEXTS.deleteError,
                        description: apiErrorMessage(error, UNIT_TEXTS.genericError),
                        variant: "destructive",
                      }),
                  },
                )
              }
            />
          )}
          {list.length > 0 ? <PagedLoadMore query={units} shown={list.length} /> : null}
        </>
      )}
    </div>
  );
}
