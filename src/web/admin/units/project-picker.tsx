/**
 * The first view of /admin/units (SPEC §2.14): a card per project with its first image (or a "no image"
 * placeholder), name, a city badge and the unit count; each card opens the project's units (?project=ID).
 * The bulk-upload and add-unit buttons sit above the grid.
 */
import { ImageOffIcon, PlusIcon, UploadIcon } from "lucide-react";
import { Link } from "react-router";
import { QueryError } from "~/admin/common/query-error.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Card } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

const SKELETONS = ["s1", "s2", "s3", "s4", "s5", "s6"] as const;

/**
 * The units screens' «رفع جماعي» and «إضافة وحدة» links (each shown with its permission), opening the upload and the
 * new-unit form for `projectId` when one is chosen.
 */
export function UnitActions({
  canCreate,
  canImport,
  projectId,
}: {
  canCreate: boolean;
  canImport: boolean;
  projectId?: number;
}) {
  const query = projectId === undefined ? "" : `?project=${projectId}`;
  const links = [
    { allowed: canImport, to: "upload", Icon: UploadIcon, label: UNIT_TEXTS.bulkUpload, variant: "outline" },
    { allowed: canCreate, to: "new", Icon: PlusIcon, label: UNIT_TEXTS.addUnit, variant: "default" },
  ] as const;
  return (
    <div className="flex flex-wrap gap-2">
      {links.map(({ allowed, to, Icon, label, variant }) =>
        allowed ? (
          <Button key={to} asChild variant={variant}>
            <Link to={`/admin/units/${to}${query}`}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </Button>
        ) : null,
      )}
    </div>
  );
}

export function ProjectPicker({ canCreate, canImport }: { canCreate: boolean; canImport: boolean }) {
  const projects = useProjects();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-ink">{UNIT_TEXTS.title}</h1>
          <p className="text-sm text-muted">{UNIT_TEXTS.pickProject}</p>
        </div>
        <UnitActions canCreate={canCreate} canImport={canImport} />
      </div>
      {projects.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {SKELETONS.map((id) => (
            <Skeleton key={id} className="h-60" />
          ))}
        </div>
      ) : projects.isError ? (
        <QueryError message={UNIT_TEXTS.projectsLoadFailed} onRetry={() => void projects.refetch()} />
      ) : projects.data.length === 0 ? (
        <p className="text-muted">{UNIT_TEXTS.noProjects}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {projects.data.map((project) => (
            <li key={project.id}>
              <Link
                to={`/admin/units?project=${project.id}`}
                className="group block rounded-xl focus-visible:outline-3 focus-visible:outline-accent-500"
              >
                <Card className="h-full gap-3 overflow-hidden p-0 transition-shadow group-hover:shadow-md">
                  {project.images[0] ? (
                    <img src={project.images[0]} alt="" loading="lazy" className="aspect-video w-full object-cover" />
                  ) : (
                    <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-brand-50 text-muted">
                      <ImageOffIcon aria-hidden="true" className="size-8" />
                      <span className="text-sm">{UNIT_TEXTS.noImage}</span>
                    </div>
                  )}
                  <div className="flex flex-col gap-2 px-4 pb-4">
                    <h2 className="font-bold text-ink">{project.name}</h2>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      {project.city ? <Badge variant="secondary">{project.city}</Badge> : <span />}
                      <span className="text-sm text-muted">{UNIT_TEXTS.unitCount(project.unitCounts.total)}</span>
                    </div>
                  </div>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
