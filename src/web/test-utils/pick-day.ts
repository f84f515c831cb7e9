/**
 * Choosing a day in the admin's Arabic date field (src/web/admin/common/date-field.tsx) from a component test: opens
 * the calendar from its button and taps the day of the month it shows (the current month when the field is empty).
 */
import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";

const arabicDigits = new Intl.NumberFormat("ar-SA", { useGrouping: false });

/** "YYYY-MM-DD" of day `day` of the current month (the month an empty date field opens on). */
export function dayOfThisMonth(day: number): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(day)}`;
}

/** Opens the date field `trigger` and picks day `day` (1–28) of the month its calendar shows. */
export async function pickDay(user: UserEvent, trigger: HTMLElement, day: number): Promise<void> {
  await user.click(trigger);
  const grid = await screen.findByRole("grid");
  await user.click(within(grid).getByRole("button", { name: new RegExp(`\\s${arabicDigits.format(day)}[,،]`) }));
}
