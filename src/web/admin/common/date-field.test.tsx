/**
 * The Arabic date field: the chosen day in the long Arabic format on its button, an Arabic right-to-left calendar
 * with Arabic-Indic digits, "YYYY-MM-DD" out, and the clear button.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DATE_FIELD_TEXTS, DateField, formatDay, parseDay } from "./date-field.tsx";

function Harness({ initial, onChange }: { initial: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      id="d"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

afterEach(cleanup);

describe("DateField", () => {
  it("shows the day in Arabic, picks another from the Arabic calendar, and clears", async () => {
    const onChange = vi.fn();
    render(<Harness initial="2026-11-05" onChange={onChange} />);
    const trigger = screen.getByRole("button", { name: /نوفمبر/ });
    expect(trigger).toHaveTextContent("٥ نوفمبر ٢٠٢٦");
    // The Hijri (Umm al-Qura) date beside the Gregorian one: 5 November 2026 is 25 Jumada al-Ula 1448.
    expect(trigger).toHaveTextContent(/\(.*١٤٤٨ هـ\)/);
    const user = userEvent.setup();
    await user.click(trigger);
    const grid = await screen.findByRole("grid");
    expect(grid.closest("[dir=rtl]")).not.toBeNull();
    await user.click(within(grid).getByRole("button", { name: /نوفمبر ٢٠[,،]/ }));
    expect(onChange).toHaveBeenLastCalledWith("2026-11-20");
    expect(screen.getByRole("button", { name: /نوفمبر/ })).toHaveTextContent("٢٠ نوفمبر ٢٠٢٦");
    await user.click(screen.getByRole("button", { name: DATE_FIELD_TEXTS.clear }));
    expect(onChange).toHaveBeenLastCalledWith("");
    expect(screen.getByRole("button", { name: DATE_FIELD_TEXTS.choose })).toBeInTheDocument();
  });

  it("reads and writes calendar days", () => {
    expect(formatDay(parseDay("2026-02-03T10:00:00.000Z") as Date)).toBe("2026-02-03");
    expect(parseDay("")).toBeUndefined();
    expect(parseDay("غير صالح")).toBeUndefined();
  });
});
