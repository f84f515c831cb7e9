/**
 * A test harness for the admin form kit (src/web/admin/common/form): renders `children` inside a react-hook-form
 * form with a «حفظ» button, optionally validated by a zod schema, and records what each submit delivered.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as React from "react";
import { type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { AdminForm } from "~/admin/common/form/admin-form.tsx";

export const SUBMIT = "حفظ";

interface HarnessOptions {
  defaultValues: FieldValues;
  schema?: z.ZodType<FieldValues, FieldValues>;
}

/** Renders the fields in a form; `submitted` holds each submit's values, `form()` the react-hook-form instance. */
export function renderForm(children: React.ReactNode, { defaultValues, schema }: HarnessOptions) {
  const submitted: FieldValues[] = [];
  let instance: UseFormReturn | undefined;
  function Harness() {
    const form = useForm<FieldValues>({ defaultValues, resolver: schema ? zodResolver(schema) : undefined });
    instance = form;
    const submit = form.handleSubmit(async (values) => {
      submitted.push(values);
    });
    return (
      <AdminForm form={form} onSubmit={submit}>
        {children}
        <button type="submit">{SUBMIT}</button>
      </AdminForm>
    );
  }
  render(<Harness />);
  const form = () => {
    if (!instance) throw new Error("form not rendered");
    return instance;
  };
  return { submitted, form, user: userEvent.setup() };
}
