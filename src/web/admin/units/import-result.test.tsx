import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ImportRowError, UnitImportResult } from "#domain/unit-import.ts";
import { ImportResult } from "./import-result.tsx";
import { checkSpreadsheetFile } from "./units-upload-panel.tsx";

function result(errors: ImportRowError[], overrides: Partial<UnitImportResult> = {}): UnitImportResult {
  return {
    insertedCount: 20,
    skippedCount: errors.length,
    errors,
    message: "تم استيراد ٢٠ وحدة وتخطي صف واحد",
    sampleHeaders: ["رقم الوحدة", "المبنى"],
    ...overrides,
  };
}

describe("ImportResult", () => {
  it("shows the counts, the message, the headers and each row error with its code's colour", () => {
    render(
      <ImportResult
        result={result([
          { row: 3, code: "validation", message: "عدد الغرف غير صحيح" },
          { row: 4, code: "project_not_found", message: "المشروع غير موجود" },
          { row: 5, code: "duplicate", message: "رقم الوحدة مكرر" },
          { row: 6, code: "unknown", message: "خطأ" },
        ])}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("تم استيراد ٢٠ وحدة وتخطي صف واحد");
    expect(screen.getByTestId("import-inserted")).toHaveTextContent("٢٠");
    expect(screen.getByTestId("import-skipped")).toHaveTextContent("٤");
    const headers = screen.getByRole("list", { name: "الأعمدة المقروءة من الملف" });
    expect(
      within(headers)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["رقم الوحدة", "المبنى"]);
    const items = within(screen.getByRole("list", { name: "أخطاء الصفوف" })).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent("الصف ٣");
    expect(items[0]).toHaveTextContent("عدد الغرف غير صحيح");
    expect(items[0].className).toContain("yellow");
    expect(items[1].className).toContain("red");
    expect(items[2].className).toContain("orange");
    expect(items[3].className).toContain("gray");
    expect(screen.queryByText("يتم عرض أول ١٠٠ خطأ فقط")).not.toBeInTheDocument();
  });

  it("lists only the first 100 errors and says so", () => {
    const errors = Array.from({ length: 150 }, (_, i) => ({
      row: i + 2,
      code: "validation" as const,
      message: `خطأ ${i}`,
    }));
    render(<ImportResult result={result(errors, { insertedCount: 0 })} />);
    expect(within(screen.getByRole("list", { name: "أخطاء الصفوف" })).getAllByRole("listitem")).toHaveLength(100);
    expect(screen.getByText("يتم عرض أول ١٠٠ خطأ فقط")).toBeInTheDocument();
    expect(screen.queryByText("الصف ١٠٢")).not.toBeInTheDocument();
  });
});

describe("checkSpreadsheetFile", () => {
  it("accepts .xlsx, .xls and .csv up to 10 MB", () => {
    expect(checkSpreadsheetFile({ name: "units.XLSX", size: 1000 })).toBeNull();
    expect(checkSpreadsheetFile({ name: "units.xls", size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkSpreadsheetFile({ name: "units.csv", size: 10 })).toBeNull();
    expect(checkSpreadsheetFile({ name: "units.pdf", size: 10 })).toBe("نوع الملف غير صالح");
    expect(checkSpreadsheetFile({ name: "units.csv", size: 10 * 1024 * 1024 + 1 })).toBe("حجم الملف كبير جدًا");
  });
});
