import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderForm, SUBMIT } from "~/test-utils/form-harness.tsx";
import { TimeField, timesOfDay } from "./time-field.tsx";

describe("TimeField", () => {
  it("offers the day's times in Arabic with ص/م and submits the chosen one as HH:MM", async () => {
    const { submitted, user } = renderForm(<TimeField name="opensAt" label="من الساعة" stepMinutes={30} />, {
      defaultValues: { opensAt: "09:00" },
    });
    const select = screen.getByRole("combobox", { name: "من الساعة" });
    expect(select).toHaveDisplayValue("٩:٠٠ ص");
    const labels = screen.getAllByRole("option").map((option) => option.textContent);
    expect(labels).toHaveLength(48);
    expect(labels).toContain("١٢:٣٠ ص");
    expect(labels).not.toContainEqual(expect.stringMatching(/[0-9]|AM|PM/));
    await user.selectOptions(select, "٤:٠٠ م");
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ opensAt: "16:00" }]));
  });

  it("keeps a saved time that is off the step, and shows the schema's message", async () => {
    const { user } = renderForm(<TimeField name="closesAt" label="إلى الساعة" />, {
      defaultValues: { closesAt: "21:50" },
      schema: z.object({ closesAt: z.string().refine((v) => v.endsWith("0:00"), "اختر ساعة كاملة") }),
    });
    const select = screen.getByRole("combobox", { name: "إلى الساعة" });
    expect(select).toHaveDisplayValue("٩:٥٠ م");
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    expect(await screen.findByRole("alert")).toHaveTextContent("اختر ساعة كاملة");
    expect(select).toHaveAttribute("aria-invalid", "true");
  });

  it("steps through the day from midnight", () => {
    expect(timesOfDay(60)).toHaveLength(24);
    expect(timesOfDay(60).slice(0, 2)).toEqual(["00:00", "01:00"]);
    expect(timesOfDay(60, "16:20")).toContain("16:20");
  });
});
