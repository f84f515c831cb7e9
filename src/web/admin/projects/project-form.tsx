/**
 * The project create/edit form (SPEC §2.12, §3 projects, §5.3), validated in the browser with the same domain
 * schema the server uses (projectInputSchema). Rules shown to staff:
 * - the name (with city) is checked on the server 500 ms after the last change ("جاري التحقق..."); while the name
 *   exists, submission is blocked ("خطأ في الاسم", button "يجب تصحيح الأخطاء");
 * - without a signed-in user the button reads "يجب تسجيل الدخول" and the form says why;
 * - single or range rooms (1–10) and areas (step 0.01, unit m or m²), bathrooms 1–500;
 * - guarantees: the four standard types, and custom ones trimmed and unique (case-insensitive), added with 1 year;
 * - percentage sliders 0–100, the sales override with the sold-out checkbox (100, or 0 when unticked);
 * - the REGA advertising licence, Wafi licence and title-deed numbers, warned about when missing.
 * Field errors of a 400 answer are put on their fields. The sections are in project-form-sections.tsx,
 * project-form-more.tsx and guarantees-section.tsx; the values in project-form-values.ts.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type * as React from "react";
import { useForm } from "react-hook-form";
import {
  PROJECT_MESSAGES,
  type ProjectInput,
  type ProjectPayload,
  projectInputSchema,
} from "#domain/schemas/project.ts";
import type { Project } from "#domain/types.ts";
import { AdminForm, serverFieldErrors, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { PROJECT_TEXTS } from "~/admin/common/project-texts.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";
import type { checkProjectName } from "./api.ts";
import { GuaranteesSection } from "./guarantees-section.tsx";
import { ComplianceSection, MediaSection, SalesSection } from "./project-form-more.tsx";
import { BasicsSection, LocationSection, PercentagesSection, SpecsSection } from "./project-form-sections.tsx";
import { emptyProjectInput, projectToInput } from "./project-form-values.ts";
import { LicenceSection } from "./project-licence-section.tsx";
import { useProjectNameCheck } from "./use-project-name-check.ts";

export interface ProjectFormProps {
  /** The project being edited; null or absent for a new one. */
  project?: Project | null;
  /** Whether a user is signed in (SPEC §5.3: saving needs one). */
  signedIn: boolean;
  /** Saves the validated payload; an ApiError with field messages is shown on the fields. */
  onSubmit: (payload: ProjectPayload) => Promise<void>;
  onCancel?: () => void;
  /** The name check call (tests pass a fake). */
  checkName?: typeof checkProjectName;
  /** Extra content under the form (the units list of the project being edited). */
  children?: React.ReactNode;
}

export function ProjectForm({ project, signedIn, onSubmit, onCancel, checkName, children }: ProjectFormProps) {
  const form = useForm<ProjectInput, unknown, ProjectPayload>({
    resolver: zodResolver(projectInputSchema),
    defaultValues: project ? projectToInput(project) : emptyProjectInput(),
    mode: "onTouched",
  });
  const { watch, handleSubmit, setError } = form;
  const { isSubmitting } = form.formState;
  const nameCheck = useProjectNameCheck(watch("name"), watch("city"), {
    originalName: project?.name,
    excludeId: project?.id,
    check: checkName,
  });
  const blocked = Boolean(nameCheck.error);

  const submit = handleSubmit(async (payload) => {
    if (blocked || !signedIn) return;
    try {
      await onSubmit(payload);
    } catch (error) {
      showServerErrors(setError, serverFieldErrors(error));
    }
  });

  const submitLabel = !signedIn
    ? PROJECT_MESSAGES.mustLoginButton
    : blocked
      ? PROJECT_MESSAGES.fixErrors
      : isSubmitting
        ? PROJECT_TEXTS.saving
        : project
          ? PROJECT_TEXTS.updateSubmit
          : PROJECT_TEXTS.createSubmit;

  return (
    <AdminForm guardUnsaved form={form} onSubmit={submit} className="flex flex-col gap-6">
      <BasicsSection nameCheck={nameCheck} />
      <SpecsSection />
      <LocationSection />
      <GuaranteesSection />
      <PercentagesSection />
      <SalesSection />
      <MediaSection />
      <ComplianceSection />
      <LicenceSection />
      {children}
      <div className="sticky bottom-0 flex flex-col gap-2 border-t border-brand-100 bg-surface pt-4">
        {!signedIn ? (
          <p role="alert" className="text-sm text-danger">
            {PROJECT_MESSAGES.mustLogin}
          </p>
        ) : blocked ? (
          <p role="alert" className="text-sm text-danger">
            {PROJECT_MESSAGES.nameError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              {PROJECT_TEXTS.cancel}
            </Button>
          ) : null}
          <Button type="submit" disabled={!signedIn || blocked || isSubmitting} className={cn(blocked && "bg-danger")}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </AdminForm>
  );
}
