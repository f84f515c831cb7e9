/**
 * /admin/units/new?project=ID and /admin/units/{unitId}/edit (SPEC §2.14 view 3): the unit form page with a back
 * button. On success it returns to the project's units (?project=ID) with a toast; server field errors show under
 * their fields, other failures in a destructive toast (SPEC §8.5); a 409 naming the lead that holds, reserves or
 * bought the unit also shows why above the form, linking to that lead (unit-bound-notice.tsx). Client-only route.
 */
import { useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import type { UnitValues } from "#domain/schemas/unit.ts";
import { blockSkeleton, clientOnly } from "~/admin/common/client-only.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { ApiError, apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Card } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useCreateUnit, useUnit, useUpdateUnit } from "./api.ts";
import { BackLink } from "./back-link.tsx";
import { positiveIdParam } from "./project-param.ts";
import { UnitBoundNotice } from "./unit-bound-notice.tsx";
import { UnitForm } from "./unit-form.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: "بيانات الوحدة",
  fallback: blockSkeleton("h-96"),
});

/** Field errors of a 400/409 answer, or null for other failures. */
function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.body?.fields) {
    return error.body.fields;
  }
  return null;
}

export default function UnitFormScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const unitId = params.unitId ? positiveIdParam(params.unitId) : null;
  const editing = params.unitId !== undefined;
  const projects = useProjects();
  const unit = useUnit(editing ? unitId : null);
  const create = useCreateUnit();
  const update = useUpdateUnit();
  // The last failed save: a 409 naming the lead that binds the unit shows why, with a link to that lead.
  const [saveError, setSaveError] = useState<unknown>(null);

  const projectId = editing ? (unit.data?.projectId ?? null) : positiveIdParam(search.get("project"));
  const backTo = projectId ? `/admin/units?project=${projectId}` : "/admin/units";
  const allowed = userCan(user, editing ? "units.edit" : "units.create");

  const save = async (values: UnitValues): Promise<Record<string, string> | null> => {
    setSaveError(null);
    try {
      const saved =
        editing && unit.data
          ? await update.mutateAsync({ id: unit.data.id, input: values, previousProjectId: unit.data.projectId })
          : await create.mutateAsync(values);
      toast({ title: editing ? UNIT_TEXTS.updated : UNIT_TEXTS.created, variant: "success" });
      navigate(`/admin/units?project=${saved.projectId}`);
      return null;
    } catch (error) {
      setSaveError(error);
      toast({
        title: editing ? UNIT_TEXTS.updateError : UNIT_TEXTS.createError,
        description: apiErrorMessage(error, UNIT_TEXTS.genericError),
        variant: "destructive",
      });
      return fieldErrorsOf(error);
    }
  };

  const title = editing ? UNIT_TEXTS.editUnitTitle : UNIT_TEXTS.newUnitTitle;
  let body: React.ReactNode;
  if (!allowed) {
    body = (
      <p role="alert" className="text-danger">
        {UNIT_TEXTS.noPermission}
      </p>
    );
  } else if (editing && (unitId === null || unit.isError)) {
    body = (
      <p role="alert" className="text-danger">
        {unit.error instanceof ApiError && unit.error.status !== 404
          ? apiErrorMessage(unit.error, UNIT_TEXTS.genericError)
          : UNIT_TEXTS.unitNotFound}
      </p>
    );
  } else if (projects.isPending || (editing && unit.isPending)) {
    body = <Skeleton className="h-96" />;
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <UnitBoundNotice error={saveError} />
        <UnitForm
          unit={unit.data}
          defaultProjectId={projectId}
          projects={projects.data ?? []}
          onSubmit={save}
          onCancel={() => navigate(backTo)}
        />
      </div>
    );
  }

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <BackLink to={backTo} label={UNIT_TEXTS.backToUnits} />
      <h1 className="text-2xl font-bold text-ink">
        {editing && unit.data ? `${title} ${unit.data.unitNumber}` : title}
      </h1>
      <Card>{body}</Card>
    </div>
  );
}
