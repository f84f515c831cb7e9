import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderForm, SUBMIT } from "~/test-utils/form-harness.tsx";
import { showServerErrors } from "./admin-form.tsx";
import { Field, FieldFrame, SelectField } from "./field.tsx";

const schema = z.object({
  city: z.string().min(1, "المدينة مطلوبة"),
  role: z.string(),
});

describe("Field", () => {
  it("labels its input, describes it with the hint, and sends what was typed", async () => {
    const { submitted, user } = renderForm(<Field name="city" label="المدينة" hint="مثل جدة" />, {
      defaultValues: { city: "", role: "a" },
      schema,
    });
    const city = screen.getByLabelText("المدينة");
    expect(city).not.toHaveAttribute("aria-invalid");
    expect(city).toHaveAccessibleDescription("مثل جدة");
    await user.type(city, "جدة");
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ city: "جدة", role: "a" }]));
  });

  it("turns Arabic-Indic digits into Latin ones as they are typed (ARCHITECTURE resolution 11)", async () => {
    const { submitted, user } = renderForm(<Field name="city" label="رقم الترخيص" />, {
      defaultValues: { city: "", role: "a" },
      schema,
    });
    const input = screen.getByLabelText("رقم الترخيص");
    await user.type(input, "رخصة ٧٢٠۱٥");
    expect(input).toHaveValue("رخصة 72015");
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ city: "رخصة 72015", role: "a" }]));
  });

  it("shows the schema's message as an alert, marks the input invalid and describes it with the message", async () => {
    const { submitted, user } = renderForm(<Field name="city" label="المدينة" hint="مثل جدة" />, {
      defaultValues: { city: "", role: "a" },
      schema,
    });
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    expect(await screen.findByRole("alert")).toHaveTextContent("المدينة مطلوبة");
    const city = screen.getByLabelText("المدينة");
    expect(city).toHaveAttribute("aria-invalid", "true");
    expect(city).toHaveAccessibleDescription("المدينة مطلوبة");
    expect(screen.queryByText("مثل جدة")).toBeNull();
    expect(submitted).toEqual([]);
  });

  it("puts the server's field messages on their fields and focuses the first", async () => {
    const { form } = renderForm(
      <>
        <Field name="city" label="المدينة" />
        <SelectField
          name="role"
          label="الدور"
          placeholder="اختر"
          options={[
            { value: "a", label: "أ" },
            { value: "b", label: "ب" },
          ]}
        />
      </>,
      { defaultValues: { city: "", role: "" } },
    );
    act(() => {
      showServerErrors(form().setError, { _: "رسالة عامة", role: "الدور مرفوض", city: "المدينة مرفوضة" });
    });
    expect(await screen.findByText("الدور مرفوض")).toBeInTheDocument();
    expect(screen.getByText("المدينة مرفوضة")).toBeInTheDocument();
    expect(screen.queryByText("رسالة عامة")).toBeNull();
    expect(screen.getByRole("combobox", { name: "الدور" })).toHaveFocus();
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["اختر", "أ", "ب"]);
  });
});

describe("FieldFrame", () => {
  it("labels a control it does not own and shows the error given", () => {
    render(
      <FieldFrame id="x" label="كلمة المرور" error="قصيرة">
        <input id="x" aria-describedby="x-error" />
      </FieldFrame>,
    );
    expect(screen.getByLabelText("كلمة المرور")).toHaveAccessibleDescription("قصيرة");
  });
});
