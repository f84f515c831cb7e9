/**
 * The wide create/edit dialog of the projects screen (SPEC §2.12, §4.9, §8.2): the project form, the units list of
 * the project being edited, POST or PUT through the mutations (which refresh the lists) and the §8.2 toasts,
 * including the 401 toast with its login action.
 */
import { Link } from "react-router";
import { formatSAR } from "#domain/format.ts";
import type { ProjectPayload } from "#domain/schemas/project.ts";
import type { Project } from "#domain/types.ts";
import { FormDialog } from "~/admin/common/form/form-dialog.tsx";
import { PROJECT_TEXTS } from "~/admin/common/project-texts.ts";
import { useProjectUnits } from "~/admin/units/api.ts";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { LOGIN_PATH } from "~/shared/session/auth-redirect.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { ToastAction } from "~/shared/ui/toast.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useCreateProject, useUpdateProject } from "./api.ts";
import { ProjectForm } from "./project-form.tsx";

const UNITS_TEXTS = {
  title: "وحدات المشروع",
  empty: "لا توجد وحدات لهذا المشروع",
  unitNumber: "رقم الوحدة",
  building: "المبنى",
  status: "الحالة",
  price: "السعر",
  loading: "جاري تحميل الوحدات...",
} as const;

function loginAction() {
  return (
    <ToastAction altText={PROJECT_TEXTS.login} asChild>
      <Link to={LOGIN_PATH}>{PROJECT_TEXTS.login}</Link>
    </ToastAction>
  );
}

export function ProjectFormDialog({
  open,
  project,
  signedIn,
  onClose,
}: {
  open: boolean;
  /** The project being edited, or null for a new one. */
  project: Project | null;
  signedIn: boolean;
  onClose: () => void;
}) {
  const create = useCreateProject();
  const update = useUpdateProject();

  async function submit(payload: ProjectPayload) {
    try {
      if (project) {
        await update.mutateAsync({ id: project.id, input: payload });
        toast({ title: PROJECT_TEXTS.successTitle, description: PROJECT_TEXTS.updated, variant: "success" });
      } else {
        await create.mutateAsync(payload);
        toast({ title: PROJECT_TEXTS.successTitle, description: PROJECT_TEXTS.created, variant: "success" });
      }
      onClose();
    } catch (error) {
      if (!project && isApiError(error, 401)) {
        toast({
          title: PROJECT_TEXTS.loginProblemTitle,
          description: PROJECT_TEXTS.create401,
          variant: "destructive",
          action: loginAction(),
        });
      } else if (project) {
        toast({
          title: PROJECT_TEXTS.updateErrorTitle,
          description: apiErrorMessage(error, PROJECT_TEXTS.updateErrorDefault),
          variant: "destructive",
        });
      } else {
        toast({
          title: PROJECT_TEXTS.createErrorTitle,
          description: apiErrorMessage(error, PROJECT_TEXTS.createErrorDefault),
          variant: "destructive",
        });
      }
      throw error;
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={project ? PROJECT_TEXTS.editProject : PROJECT_TEXTS.newProject}
      className="max-w-6xl"
    >
      {open ? (
        <ProjectForm
          key={project?.id ?? "new"}
          project={project}
          signedIn={signedIn}
          onSubmit={submit}
          onCancel={onClose}
        >
          {project ? <ProjectUnits projectId={project.id} /> : null}
        </ProjectForm>
      ) : null}
    </FormDialog>
  );
}

function ProjectUnits({ projectId }: { projectId: number }) {
  const units = useProjectUnits(projectId);
  return (
    <section className="flex flex-col gap-2" aria-label={UNITS_TEXTS.title}>
      <h3 className="font-bold text-ink">{UNITS_TEXTS.title}</h3>
      {units.isPending ? (
        <p className="text-sm text-muted">{UNITS_TEXTS.loading}</p>
      ) : !units.data || units.data.length === 0 ? (
        <p className="text-sm text-muted">{UNITS_TEXTS.empty}</p>
      ) : (
        <div className="max-h-64 overflow-auto rounded-lg border border-brand-100">
          <table className="w-full text-sm">
            <thead className="bg-brand-50 text-start">
              <tr>
                <th className="p-2 text-start">{UNITS_TEXTS.unitNumber}</th>
                <th className="p-2 text-start">{UNITS_TEXTS.building}</th>
                <th className="p-2 text-start">{UNITS_TEXTS.status}</th>
                <th className="p-2 text-start">{UNITS_TEXTS.price}</th>
              </tr>
            </thead>
            <tbody>
              {units.data.map((unit) => (
                <tr key={unit.id} className="border-t border-brand-100">
                  <td className="p-2">{unit.unitNumber}</td>
                  <td className="p-2">{unit.building || "-"}</td>
                  <td className="p-2">
                    <Badge
                      variant={
                        unit.status === "متاحة" ? "success" : unit.status === "محجوزة" ? "warning" : "destructive"
                      }
                    >
                      {unit.status}
                    </Badge>
                  </td>
                  <td className="p-2">{unit.price === null ? "-" : formatSAR(unit.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
