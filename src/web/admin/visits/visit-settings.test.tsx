/**
 * «مواعيد الزيارات» names the WhatsApp template that confirms and reminds the project's visits
 * (docs/decisions/108-visit-messages-on-whatsapp.md): shown as saved, sent with the availability, cleared when empty.
 * Its hours are picked from Arabic time selects, never the browser's time input (docs/decisions/154-time-of-day-select.md).
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VISIT_DEFAULTS } from "#domain/visits.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
import VisitSettingsScreen from "./visit-settings.tsx";

const saved = {
  ...VISIT_DEFAULTS,
  days: [...VISIT_DEFAULTS.days],
  closedDates: [],
  projectId: 7,
  configured: true,
  enabled: true,
  placeKind: "office",
  placeName: "مكتب المبيعات",
  whatsappTemplateName: "visit_confirmation",
  whatsappTemplateLanguage: "ar",
};

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

describe("visit settings: the WhatsApp template", () => {
  it("shows the saved template and sends the one typed, or none when emptied", async () => {
    signInAs({ permissions: ["visits.manage"] });
    const calls = mockApi({
      "GET /api/projects": () => json([{ id: 7, name: "أبراج الشاطئ" }]),
      "GET /api/projects/7/visit-settings": () => json(saved),
      "PUT /api/projects/7/visit-settings": (body) => json({ ...saved, ...(body as object) }),
    });
    renderScreen(<VisitSettingsScreen />, "/admin/visits/settings");
    const name = await screen.findByLabelText("اسم القالب");
    expect(name).toHaveValue("visit_confirmation");
    expect(screen.getByLabelText("لغة القالب")).toHaveValue("ar");
    await userEvent.clear(name);
    await userEvent.type(name, "visit_reminder");
    await userEvent.click(screen.getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.some((c) => c.key.startsWith("PUT"))).toBe(true));
    expect(calls.find((c) => c.key.startsWith("PUT"))?.body).toMatchObject({
      whatsappTemplateName: "visit_reminder",
      whatsappTemplateLanguage: "ar",
    });
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.filter((c) => c.key.startsWith("PUT"))).toHaveLength(2));
    expect(calls.filter((c) => c.key.startsWith("PUT"))[1].body).not.toHaveProperty("whatsappTemplateName");
  });
});

describe("visit settings: the hours", () => {
  it("picks the hours from Arabic times («٤:٠٠ م») and sends them as HH:MM", async () => {
    signInAs({ permissions: ["visits.manage"] });
    const calls = mockApi({
      "GET /api/projects": () => json([{ id: 7, name: "أبراج الشاطئ" }]),
      "GET /api/projects/7/visit-settings": () => json({ ...saved, opensAt: "09:00", closesAt: "21:50" }),
      "PUT /api/projects/7/visit-settings": (body) => json({ ...saved, ...(body as object) }),
    });
    const { container } = renderScreen(<VisitSettingsScreen />, "/admin/visits/settings");
    const opens = await screen.findByRole("combobox", { name: "من الساعة" });
    const closes = screen.getByRole("combobox", { name: "إلى الساعة" });
    expect(container.querySelector('input[type="time"]')).toBeNull();
    expect(opens).toHaveDisplayValue("٩:٠٠ ص");
    expect(closes).toHaveDisplayValue("٩:٥٠ م");
    await userEvent.selectOptions(opens, "٤:٠٠ م");
    await userEvent.click(screen.getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.some((c) => c.key.startsWith("PUT"))).toBe(true));
    expect(calls.find((c) => c.key.startsWith("PUT"))?.body).toMatchObject({ opensAt: "16:00", closesAt: "21:50" });
  });
});
