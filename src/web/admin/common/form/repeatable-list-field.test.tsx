import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderForm, SUBMIT } from "~/test-utils/form-harness.tsx";
import { Field } from "./field.tsx";
import { RepeatableListField } from "./repeatable-list-field.tsx";

type Feature = { text: string };

function Features() {
  return (
    <RepeatableListField<Feature>
      name="features"
      legend="المميزات"
      renderItem={(_, index) => <Field name={`features.${index}.text`} label={`النص ${index + 1}`} />}
      removeLabel={(_, index) => `حذف العنصر ${index + 1}`}
      add={{ label: "إضافة ميزة", newItem: () => ({ text: "" }) }}
    />
  );
}

describe("RepeatableListField", () => {
  it("adds items, keeps each item's text with it when another is removed, and sends the list", async () => {
    const { submitted, user } = renderForm(<Features />, { defaultValues: { features: [{ text: "إطلالة" }] } });
    const group = screen.getByRole("group", { name: "المميزات" });
    await user.click(within(group).getByRole("button", { name: "إضافة ميزة" }));
    await user.type(within(group).getByLabelText("النص 2"), "مسبح");
    await user.click(within(group).getByRole("button", { name: "حذف العنصر 1" }));
    expect(within(group).getByLabelText("النص 1")).toHaveValue("مسبح");
    expect(within(group).queryByLabelText("النص 2")).toBeNull();
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ features: [{ text: "مسبح" }] }]));
  });

  it("renders the caller's add control instead of the button", async () => {
    const { submitted, user } = renderForm(
      <RepeatableListField<Feature>
        name="features"
        legend="المميزات"
        renderItem={(item) => <span>{item.text}</span>}
        removeLabel={(item) => `حذف ${item.text}`}
        renderAdd={(append, items) => (
          <button type="button" onClick={() => append({ text: `ميزة ${items.length + 1}` })}>
            أضف
          </button>
        )}
      />,
      { defaultValues: { features: [] } },
    );
    await user.click(screen.getByRole("button", { name: "أضف" }));
    await user.click(screen.getByRole("button", { name: "أضف" }));
    expect(screen.getByRole("button", { name: "حذف ميزة 2" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ features: [{ text: "ميزة 1" }, { text: "ميزة 2" }] }]));
  });
});
