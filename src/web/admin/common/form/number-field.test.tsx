import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderForm, SUBMIT } from "~/test-utils/form-harness.tsx";
import { NumberField } from "./number-field.tsx";

const schema = z.object({
  rooms: z.coerce.number().int().min(1).max(10, "من ١ إلى ١٠"),
  area: z.coerce.number(),
});

describe("NumberField", () => {
  it("takes Latin digits left to right, with the numeric keyboard for whole numbers and the decimal one else", async () => {
    const { submitted, user } = renderForm(
      <>
        <NumberField name="rooms" label="عدد الغرف" min={1} max={10} />
        <NumberField name="area" label="المساحة" min={1} step={0.01} />
      </>,
      { defaultValues: { rooms: "", area: "" }, schema },
    );
    const rooms = screen.getByRole("spinbutton", { name: "عدد الغرف" });
    const area = screen.getByRole("spinbutton", { name: "المساحة" });
    expect(rooms).toHaveAttribute("dir", "ltr");
    expect(rooms).toHaveAttribute("inputmode", "numeric");
    expect(area).toHaveAttribute("inputmode", "decimal");
    expect(area).toHaveAttribute("step", "0.01");
    await user.type(rooms, "4");
    await user.type(area, "120.55");
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ rooms: 4, area: 120.55 }]));
  });

  it("shows the schema's message under the number", async () => {
    const { user } = renderForm(<NumberField name="rooms" label="عدد الغرف" />, {
      defaultValues: { rooms: "", area: "1" },
      schema,
    });
    await user.type(screen.getByLabelText("عدد الغرف"), "11");
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    expect(await screen.findByRole("alert")).toHaveTextContent("من ١ إلى ١٠");
    expect(screen.getByLabelText("عدد الغرف")).toHaveAttribute("aria-invalid", "true");
  });
});
