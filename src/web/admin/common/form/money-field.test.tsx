import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderForm, SUBMIT } from "~/test-utils/form-harness.tsx";
import { MoneyField } from "./money-field.tsx";

const schema = z.object({ price: z.string().min(1, "السعر مطلوب") });

describe("MoneyField", () => {
  it("groups the riyals as they are typed and gives the form the bare digits", async () => {
    const { submitted, user } = renderForm(<MoneyField name="price" label="السعر (ريال)" />, {
      defaultValues: { price: "" },
      schema,
    });
    const price = screen.getByLabelText("السعر (ريال)");
    await user.type(price, "1250000");
    expect(price).toHaveValue("1,250,000");
    expect(price).toHaveAttribute("dir", "ltr");
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ price: "1250000" }]));
  });

  it("shows an existing amount grouped, and the schema's message when it is cleared", async () => {
    const { user } = renderForm(<MoneyField name="price" label="السعر (ريال)" />, {
      defaultValues: { price: 980000 },
      schema,
    });
    const price = screen.getByLabelText("السعر (ريال)");
    expect(price).toHaveValue("980,000");
    await user.clear(price);
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    expect(await screen.findByRole("alert")).toHaveTextContent("السعر مطلوب");
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveFocus();
  });
});
