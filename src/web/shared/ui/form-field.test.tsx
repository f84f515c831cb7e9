import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field.tsx";
import { Input } from "./input.tsx";

describe("FormField", () => {
  it("labels its control and describes it with the hint", () => {
    render(
      <FormField label="كلمة المرور" hint="١٢ حرفًا على الأقل">
        {(control) => <Input type="password" {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText("كلمة المرور");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAccessibleDescription("١٢ حرفًا على الأقل");
  });

  it("marks the control invalid and describes it with the error instead of the hint", () => {
    render(
      <FormField label="كلمة المرور" hint="١٢ حرفًا على الأقل" error="كلمة المرور قصيرة">
        {(control) => <Input type="password" {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText("كلمة المرور");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("كلمة المرور قصيرة");
    expect(screen.queryByText("١٢ حرفًا على الأقل")).toBeNull();
  });
});
