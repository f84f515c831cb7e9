import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Unit } from "#domain/types.ts";
import { UnitsTable, type UnitsTableProps } from "./units-table.tsx";

const unit = (id: number, unitNumber: string, status: Unit["status"]): Unit => ({
  id,
  projectId: 1,
  inventoryState: "available",
  buildingId: null,
  typeId: null,
  advertisingLicenseNumber: null,
  advertisingLicenseExpiresOn: null,
  unitNumber,
  building: "A",
  price: 850000,
  status,
  rooms: 3,
  floor: 2,
  direction: [],
  privateArea: null,
  totalArea: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

function renderTable(props: Partial<UnitsTableProps>) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <UnitsTable
          units={[unit(1, "101", "متاحة"), unit(2, "102", "مباعة")]}
          canEdit
          canDelete
          onDelete={() => {}}
          {...props}
        />
      ),
    },
  ]);
  return render(<Stub />);
}

describe("UnitsTable", () => {
  it("lists each unit with its status, price and actions", () => {
    renderTable({});
    const row = screen.getByRole("row", { name: /101/ });
    expect(within(row).getByText("متاحة")).toBeInTheDocument();
    expect(within(row).getByRole("img", { name: "ريال سعودي" })).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "تعديل الوحدة 101" })).toHaveAttribute("href", "/admin/units/1/edit");
  });

  it("deletes only after the browser confirm says yes", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderTable({ onDelete, confirm });
    const button = screen.getByRole("button", { name: "حذف الوحدة 102" });
    await user.click(button);
    expect(confirm).toHaveBeenCalledWith("هل أنت متأكد من حذف هذه الوحدة؟");
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(button);
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 2, unitNumber: "102" }));
  });

  it("hides the actions the user may not use", () => {
    renderTable({ canEdit: false, canDelete: false });
    expect(screen.queryByRole("columnheader", { name: "الإجراءات" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /حذف/ })).not.toBeInTheDocument();
  });
});
