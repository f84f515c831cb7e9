import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderForm, SUBMIT } from "~/test-utils/form-harness.tsx";
import { PercentField } from "./percent-field.tsx";

describe("PercentField", () => {
  it("is a 0–100 slider whose value is shown in Arabic-Indic digits and sent as a number", async () => {
    const { submitted, user } = renderForm(<PercentField name="completion" label="نسبة الإنجاز" />, {
      defaultValues: { completion: 10 },
    });
    const slider = screen.getByRole("slider", { name: "نسبة الإنجاز" });
    expect(slider).toHaveAttribute("min", "0");
    expect(slider).toHaveAttribute("max", "100");
    expect(screen.getByRole("status")).toHaveTextContent("١٠٪");
    fireEvent.change(slider, { target: { value: "65" } });
    expect(screen.getByRole("status")).toHaveTextContent("٦٥٪");
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ completion: 65 }]));
  });
});
