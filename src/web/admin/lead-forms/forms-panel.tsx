/**
 * The forms of a platform (docs/lead-forms.md "Set-up", Meta step 6 and Google step 3): Meta's read from the page when
 * the screen opens and on «تحديث قائمة النماذج», Google's those seen in its leads; each form gets the project its
 * leads go to and, per question, what it feeds (name, phone, e-mail, message or an answer kept on the lead;
 * «تلقائي» leaves the platform's standard questions to the default mapping). Saved per form.
 */
import { useState } from "react";
import { FIELD_TARGET_LABELS, FIELD_TARGETS, type FieldTarget, type LeadFormView } from "#domain/lead-forms.ts";
import { ChoiceSelect, choicesOf } from "~/admin/common/choice-select.tsx";
import { FieldFrame } from "~/admin/common/form/field.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { type FormsPlatform, usePlatformForms, useSavePlatformForm } from "./api.ts";
import { LEAD_FORMS_SCREEN_TEXTS as T } from "./texts.ts";

/** `platform`'s forms; `connected` false shows `needConnection` instead and asks nothing. */
const TARGET_CHOICES = choicesOf(FIELD_TARGETS, FIELD_TARGET_LABELS);

export function FormsPanel({
  platform,
  connected,
  title = T.forms,
  needConnection = T.formsNeedConnection,
  empty = T.noForms,
}: {
  platform: FormsPlatform;
  connected: boolean;
  title?: string;
  needConnection?: string;
  empty?: string;
}) {
  const forms = usePlatformForms(platform, connected);
  const headingId = `lead-forms-${platform}-forms`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-ink">
          {title}
        </h2>
        {connected && (
          <Button variant="outline" onClick={() => forms.refetch()} disabled={forms.isFetching}>
            {T.refreshForms}
          </Button>
        )}
      </div>
      {!connected ? (
        <p className="text-muted">{needConnection}</p>
      ) : forms.isError ? (
        <p role="alert" className="text-danger">
          {apiErrorMessage(forms.error, T.formsError)}
        </p>
      ) : !forms.data ? (
        <Skeleton className="h-32" />
      ) : forms.data.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        forms.data.map((form) => <FormCard key={form.formId} platform={platform} form={form} />)
      )}
    </section>
  );
}

function FormCard({ platform, form }: { platform: FormsPlatform; form: LeadFormView }) {
  const projects = useProjects();
  const save = useSavePlatformForm(platform);
  const [projectId, setProjectId] = useState<number | null>(form.projectId);
  const [fieldMap, setFieldMap] = useState<Record<string, FieldTarget>>(form.fieldMap);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    setErrors({});
    save.mutate(
      { formId: form.formId, input: { projectId, fieldMap } },
      {
        onSuccess: () => toast({ variant: "success", title: T.formSaved }),
        onError: (error) => {
          if (isApiError(error, 400) && error.body?.fields) setErrors(error.body.fields);
          toast({ variant: "destructive", title: apiErrorMessage(error, T.saveFailed) });
        },
      },
    );
  };

  const selectId = `form-${platform}-${form.formId}-project`;
  return (
    <Card data-testid={`lead-form-${form.formId}`}>
      <CardHeader>
        <CardTitle className="text-lg">{form.name || form.formId}</CardTitle>
        <p dir="ltr" className="text-start text-xs text-muted">
          {form.formId} · {form.status}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <FieldFrame id={selectId} label={T.project} error={errors.projectId}>
          <ChoiceSelect
            id={selectId}
            value={projectId ?? ""}
            aria-invalid={errors.projectId ? true : undefined}
            onChange={(value) => setProjectId(value ? Number(value) : null)}
            empty={T.noProject}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </FieldFrame>
        {form.questions.length > 0 && (
          <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <legend className="mb-1 font-medium text-ink">{T.feeds}</legend>
            {form.questions.map((q) => {
              const id = `form-${platform}-${form.formId}-q-${q.key}`;
              return (
                <FieldFrame key={q.key} id={id} label={q.label} error={errors[`fieldMap.${q.key}`]}>
                  <ChoiceSelect
                    id={id}
                    value={fieldMap[q.key] ?? ""}
                    onChange={(value) => {
                      const next = { ...fieldMap };
                      if (value) next[q.key] = value as FieldTarget;
                      else delete next[q.key];
                      setFieldMap(next);
                    }}
                    empty={T.defaultTarget}
                    options={TARGET_CHOICES}
                  />
                </FieldFrame>
              );
            })}
          </fieldset>
        )}
        <Button onClick={submit} disabled={save.isPending} className="self-start">
          {T.saveForm}
        </Button>
      </CardContent>
    </Card>
  );
}
