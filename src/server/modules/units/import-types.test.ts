/**
 * The spreadsheet import's building, floor and type columns (docs/decisions/098-unit-type-admin.md): the type column
 * names a unit type of the row's project (the unit then inherits its defaults), an unknown name is a row error in
 * Arabic naming the column, and the downloadable templates carry the building, floor and type columns with Arabic
 * headers.
 */
import * as XLSX from "@e965/xlsx";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { UnitImportResult } from "#domain/unit-import.ts";
import { projects, units } from "../../db/schema.ts";
import { buildings, unitTypes } from "../../db/tables/inventory.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";
import { multipartFile } from "../../test-utils/multipart.ts";

function xlsxOf(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "units");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" });
}

const multipart = (fileName: string, bytes: Buffer) =>
  multipartFile("file", fileName, "application/octet-stream", bytes);

const t = setUpTestApp({ env: { JOBS_INTERVAL_MS: "0" } });
const employee = signedIn(t, "employee");

async function projectWithType(name: string, typeName: string) {
  const [project] = await t.db.insert(projects).values({ name, city: "جدة", price: 1 }).returning({ id: projects.id });
  const [type] = await t.db
    .insert(unitTypes)
    .values({ projectId: project.id, name: typeName, rooms: 3, totalArea: 140 })
    .returning({ id: unitTypes.id });
  return { projectId: project.id, typeId: type.id };
}

const upload = (url: string, rows: unknown[][]) => {
  const body = multipart("u.xlsx", xlsxOf(rows));
  return t.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { ...body.headers, ...t.bearer(employee.token) },
  });
};

const stored = (projectId: number) =>
  t.db
    .select({ unitNumber: units.unitNumber, building: units.building, floor: units.floor, typeId: units.typeId })
    .from(units)
    .where(eq(units.projectId, projectId))
    .orderBy(asc(units.unitNumber));

describe("import: building, floor and type columns", () => {
  it("stores the building, floor and the named type; an unknown type is a row error naming the column", async () => {
    const { projectId, typeId } = await projectWithType("مشروع النماذج", "نموذج أ");
    const res = await upload(`/api/projects/${projectId}/units/upload`, [
      ["رقم الوحدة", "المبنى", "الدور", "النموذج"],
      ["0101", "A", 1, "نموذج أ"],
      ["0102", "A", 1, "  نموذج   أ "],
      ["0201", "B", 2, ""],
      ["0202", "B", 2, "نموذج ز"],
    ]);
    expect(res.statusCode).toBe(200);
    const result: UnitImportResult = res.json();
    expect(result.insertedCount).toBe(3);
    expect(result.errors).toEqual([
      { row: 5, code: "validation", message: 'عمود «النموذج»: لا يوجد نموذج باسم "نموذج ز" في هذا المشروع' },
    ]);
    expect(await stored(projectId)).toEqual([
      { unitNumber: "0101", building: "A", floor: 1, typeId },
      { unitNumber: "0102", building: "A", floor: 1, typeId },
      { unitNumber: "0201", building: "B", floor: 2, typeId: null },
    ]);
    const names = await t.db
      .select({ name: buildings.name })
      .from(buildings)
      .where(eq(buildings.projectId, projectId))
      .orderBy(asc(buildings.name));
    expect(names.map((b) => b.name)).toEqual(["A", "B"]);

    // The imported unit inherits its type's defaults where it has none of its own.
    const inventory = (
      await t.app.inject({
        method: "GET",
        url: `/api/projects/${projectId}/stacking-plan`,
        headers: t.bearer((await t.signIn("manager")).token),
      })
    ).json();
    const cell = inventory.buildings[0].floors[0].units[0];
    expect(cell).toMatchObject({ unitNumber: "0101", rooms: 3 });
  });

  it("resolves the type within each row's own project on the global upload (English headers too)", async () => {
    const first = await projectWithType("مشروع الشمال", "Villa A");
    const second = await projectWithType("مشروع الجنوب", "نموذج ب");
    const res = await upload("/api/units/upload", [
      ["projectId", "unitNumber", "building", "floor", "type"],
      [first.projectId, "1", "V", 0, "villa a"],
      [second.projectId, "1", "T", 3, "نموذج ب"],
      [second.projectId, "2", "T", 3, "Villa A"],
    ]);
    const result: UnitImportResult = res.json();
    expect(result.insertedCount).toBe(2);
    expect(result.errors.map((e) => [e.row, e.message])).toEqual([
      [4, 'عمود «النموذج»: لا يوجد نموذج باسم "Villa A" في هذا المشروع'],
    ]);
    expect(await stored(first.projectId)).toEqual([{ unitNumber: "1", building: "V", floor: 0, typeId: first.typeId }]);
    expect(await stored(second.projectId)).toEqual([
      { unitNumber: "1", building: "T", floor: 3, typeId: second.typeId },
    ]);
  });

  it("serves templates whose Arabic headers include the building, floor and type columns", async () => {
    const xlsx = await t.app.inject({
      method: "GET",
      url: "/api/units/template.xlsx",
      headers: t.bearer(employee.token),
    });
    const book = XLSX.read(xlsx.rawPayload, { type: "buffer" });
    const [header, example] = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(header).toEqual(expect.arrayContaining(["المبنى", "الدور", "النموذج"]));
    expect(example[header.indexOf("النموذج")]).toBe("نموذج أ");
    const help = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.تعليمات, { header: 1 });
    expect(help.map((row) => row[1])).toEqual(expect.arrayContaining(["building", "floor", "type"]));

    const csv = await t.app.inject({
      method: "GET",
      url: "/api/units/template.csv",
      headers: t.bearer(employee.token),
    });
    const [line] = csv.rawPayload.toString("utf8").slice(1).split("\r\n");
    expect(line.split(",")).toEqual(expect.arrayContaining(["المبنى", "الدور", "النموذج"]));
  });
});
