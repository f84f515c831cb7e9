import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { UNIT_MESSAGES, type UnitValues } from "#domain/schemas/unit.ts";
import type { Unit } from "#domain/types.ts";
import { dayOfThisMonth, pickDay } from "~/test-utils/pick-day.ts";
import { UnitForm } from "./unit-form.tsx";

const PROJECTS = [
  { id: 1, name: "برج الياسمين" },
  { id: 2, name: "مجمع الريان" },
];

describe("UnitForm", () => {
  it("sends the form's values: numbers, null for empty areas, the checked directions, status متاحة by default", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_values: UnitValues) => null);
    render(<UnitForm projects={PROJECTS} defaultProjectId={2} onSubmit={onSubmit} onCancel={() => {}} />);
    expect(screen.getByLabelText("المشروع")).toHaveValue("2");
    expect(screen.getByLabelText("الحالة")).toHaveValue("متاحة");
    await user.type(screen.getByLabelText("رقم الوحدة"), "A-12");
    await user.type(screen.getByLabelText("المبنى"), "A");
    await user.type(screen.getByLabelText("السعر (ريال)"), "750000");
    expect(screen.getByLabelText("السعر (ريال)")).toHaveValue("750,000");
    await user.type(screen.getByLabelText("عدد الغرف"), "4");
    await user.type(screen.getByLabelText("الدور"), "-1");
    await user.type(screen.getByLabelText("المساحة الخاصة (م²)"), "120.55");
    await user.click(screen.getByRole("checkbox", { name: "شرق" }));
    await user.click(screen.getByRole("checkbox", { name: "شمال" }));
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({
      projectId: 2,
      unitNumber: "A-12",
      building: "A",
      price: 750000,
      status: "متاحة",
      rooms: 4,
      floor: -1,
      direction: ["شمال", "شرق"],
      privateArea: 120.55,
      totalArea: null,
      advertisingLicenseNumber: null,
      advertisingLicenseExpiresOn: null,
    });
  });

  it("sends the unit's own licence in Latin digits with its last day, the Hijri date shown beside it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_values: UnitValues) => null);
    render(<UnitForm projects={PROJECTS} defaultProjectId={1} onSubmit={onSubmit} onCancel={() => {}} />);
    await user.type(screen.getByLabelText("رقم الوحدة"), "7");
    await user.type(screen.getByLabelText("رقم ترخيص إعلان الوحدة"), "٧٣٠٠٠٠٠٠٠٢");
    // The Arabic calendar, not the browser's date input; the Hijri date stands beside the chosen day.
    await pickDay(user, screen.getByLabelText("تاريخ انتهاء ترخيص إعلان الوحدة"), 15);
    expect(screen.getByLabelText("تاريخ انتهاء ترخيص إعلان الوحدة")).toHaveTextContent(/١٥ .*\(.+ هـ\)/);
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      advertisingLicenseNumber: "7300000002",
      advertisingLicenseExpiresOn: dayOfThisMonth(15),
    });
  });

  it("shows the schema's Arabic messages and does not submit out-of-range values", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => null);
    render(<UnitForm projects={PROJECTS} defaultProjectId={1} onSubmit={onSubmit} onCancel={() => {}} />);
    await user.type(screen.getByLabelText("عدد الغرف"), "11");
    await user.type(screen.getByLabelText("الدور"), "51");
    await user.type(screen.getByLabelText("المساحة الإجمالية (م²)"), "10.005");
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    expect(await screen.findByText(UNIT_MESSAGES.unitNumberRequired)).toBeInTheDocument();
    expect(screen.getByText(UNIT_MESSAGES.roomsInvalid)).toBeInTheDocument();
    expect(screen.getByText(UNIT_MESSAGES.floorInvalid)).toBeInTheDocument();
    expect(screen.getByText(UNIT_MESSAGES.totalAreaInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText("عدد الغرف")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("edits an existing unit: any status to any other, and shows a server field error", async () => {
    const user = userEvent.setup();
    const unit: Unit = {
      id: 9,
      projectId: 1,
      inventoryState: "available",
      buildingId: null,
      typeId: null,
      advertisingLicenseNumber: null,
      advertisingLicenseExpiresOn: null,
      unitNumber: "5",
      building: "B",
      price: 500000,
      status: "مباعة",
      rooms: 2,
      floor: 3,
      direction: ["غرب"],
      privateArea: 90,
      totalArea: 100.5,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const onSubmit = vi.fn(async (values: UnitValues) =>
      values.unitNumber === "6" ? { unitNumber: "رقم الوحدة موجود مسبقًا في نفس المشروع والمبنى" } : null,
    );
    render(<UnitForm unit={unit} projects={PROJECTS} onSubmit={onSubmit} onCancel={() => {}} />);
    expect(screen.getByRole("checkbox", { name: "غرب" })).toBeChecked();
    await user.selectOptions(screen.getByLabelText("الحالة"), "متاحة");
    await user.clear(screen.getByLabelText("رقم الوحدة"));
    await user.type(screen.getByLabelText("رقم الوحدة"), "6");
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ status: "متاحة", totalArea: 100.5, direction: ["غرب"] });
    expect(await screen.findByText("رقم الوحدة موجود مسبقًا في نفس المشروع والمبنى")).toBeInTheDocument();
    expect(screen.getByLabelText("رقم الوحدة")).toHaveFocus();
  });

  it("shows a stored price grouped, keeps only digits, and focuses the first field the server names", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_values: UnitValues) => ({ price: "السعر مرفوض", floor: "الدور مرفوض" }));
    const unit = { id: 9, projectId: 1, unitNumber: "5", building: "", price: 1250000, status: "متاحة" } as Unit;
    render(
      <UnitForm
        unit={{ ...unit, rooms: null, floor: null, direction: [], privateArea: null, totalArea: null }}
        projects={PROJECTS}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const price = screen.getByLabelText("السعر (ريال)");
    expect(price).toHaveValue("1,250,000");
    await user.clear(price);
    await user.type(price, "9a8-7.6");
    expect(price).toHaveValue("9,876");
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ price: 9876 });
    expect(await screen.findByText("السعر مرفوض")).toBeInTheDocument();
    expect(price).toHaveFocus();
  });
});
