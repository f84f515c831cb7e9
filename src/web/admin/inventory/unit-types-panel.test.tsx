/**
 * The unit types section of the stacking plan screen (docs/decisions/098-unit-type-admin.md): it lists the project's
 * types with how many units use each, adds a type through the form kit (the schema's values are sent), shows the
 * server's field message on its field, and shows the server's refusal when a used type is deleted.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { UnitType } from "#domain/unit-types.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { UnitTypesPanel } from "./unit-types-panel.tsx";

const typeA: UnitType = {
  id: 4,
  projectId: 7,
  name: "نموذج أ",
  rooms: 3,
  privateArea: null,
  totalArea: 140,
  direction: ["شرق"],
  view: null,
  price: 950_000,
  floorPlanUrl: null,
  unitCount: 12,
};

afterEach(cleanUpScreenTest);

describe("unit types panel", () => {
  it("lists the types and adds one with the typed defaults", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      "GET /api/projects/7/unit-types": () => json([typeA]),
      "POST /api/projects/7/unit-types": () => json({ ...typeA, id: 5, name: "نموذج ب", unitCount: 0 }, 201),
    });
    signInAs({ role: "manager", permissions: ["inventory.view", "inventory.manage"] });
    renderScreen(<UnitTypesPanel projectId={7} />);
    const row = (await screen.findByRole("rowheader", { name: "نموذج أ" })).closest("tr") as HTMLElement;
    expect(within(row).getByText("١٢ وحدة")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "إضافة نموذج" }));
    const dialog = await screen.findByRole("dialog", { name: "نموذج جديد" });
    await user.type(within(dialog).getByLabelText("اسم النموذج"), "نموذج ب");
    await user.type(within(dialog).getByLabelText("عدد الغرف"), "2");
    await user.type(within(dialog).getByLabelText("السعر (ريال)"), "700000");
    await user.click(within(dialog).getByRole("checkbox", { name: "غرب" }));
    await user.click(within(dialog).getByRole("button", { name: "حفظ" }));
    expect(await screen.findByText("تم حفظ النموذج")).toBeInTheDocument();
    expect(calls.find((c) => c.key === "POST /api/projects/7/unit-types")?.body).toEqual({
      name: "نموذج ب",
      rooms: 2,
      privateArea: null,
      totalArea: null,
      price: 700_000,
      view: null,
      floorPlanUrl: null,
      direction: ["غرب"],
    });
  });

  it("puts the server's 409 on the name field", async () => {
    const user = userEvent.setup();
    const taken = "يوجد نموذج بهذا الاسم في المشروع";
    mockApi({
      "GET /api/projects/7/unit-types": () => json([typeA]),
      "POST /api/projects/7/unit-types": () => json({ statusCode: 409, message: taken, fields: { name: taken } }, 409),
    });
    signInAs({ role: "manager", permissions: ["inventory.view", "inventory.manage"] });
    renderScreen(<UnitTypesPanel projectId={7} />);
    await user.click(await screen.findByRole("button", { name: "إضافة نموذج" }));
    const dialog = await screen.findByRole("dialog", { name: "نموذج جديد" });
    await user.type(within(dialog).getByLabelText("اسم النموذج"), "نموذج أ");
    await user.click(within(dialog).getByRole("button", { name: "حفظ" }));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("اسم النموذج")).toHaveAttribute("aria-invalid", "true");
  });

  it("asks before deleting and shows the server's refusal for a type units use", async () => {
    const user = userEvent.setup();
    const message = "لا يمكن حذف النموذج لأن وحدات مرتبطة به";
    mockApi({
      "GET /api/projects/7/unit-types": () => json([typeA]),
      "DELETE /api/unit-types/4": () => json({ statusCode: 409, message, fields: { type: message } }, 409),
    });
    signInAs({ role: "manager", permissions: ["inventory.view", "inventory.manage"] });
    renderScreen(<UnitTypesPanel projectId={7} />);
    await user.click(await screen.findByRole("button", { name: "حذف نموذج أ" }));
    const confirm = await screen.findByRole("alertdialog", { name: "حذف هذا النموذج؟" });
    await user.click(within(confirm).getByRole("button", { name: "حذف" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
