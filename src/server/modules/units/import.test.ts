import { randomBytes } from "node:crypto";
import * as XLSX from "@e965/xlsx";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { IMPORT_MESSAGES, TEMPLATE_COLUMNS, type UnitImportResult } from "#domain/unit-import.ts";
import { projects, units } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";
import { multipartFile } from "../../test-utils/multipart.ts";

/** The template's columns (src/domain/unit-import.ts) without the project and unit-type columns. */
const TEMPLATE = TEMPLATE_COLUMNS.slice(1, 10);
const HEADERS_AR = TEMPLATE.map((c) => c.arabic);
const HEADERS_EN = TEMPLATE.map((c) => c.english);

/** `count` valid rows: unit numbers `${prefix}-1…`, building A. */
function validRows(count: number, prefix = "U"): (string | number)[][] {
  return Array.from({ length: count }, (_, i) => [
    `${prefix}-${i + 1}`,
    "A",
    500000 + i,
    ["متاحة", "محجوزة", "مباعة"][i % 3],
    1 + (i % 5),
    i % 20,
    i % 2 ? "شمال، شرق" : "غرب",
    100.25,
    "",
  ]);
}

function xlsxOf(rows: unknown[][], bookType: XLSX.BookType = "xlsx"): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "units");
  return XLSX.write(book, { type: "buffer", bookType });
}

function csvOf(rows: unknown[][], bom = true): Buffer {
  const text = rows.map((r) => r.map((c) => `"${String(c ?? "").replaceAll('"', '""')}"`).join(",")).join("\r\n");
  return Buffer.from(`${bom ? "\uFEFF" : ""}${text}\r\n`, "utf8");
}

/** A multipart body with one file part, as a browser's FormData sends it. */
const multipart = (fileName: string, bytes: Buffer) =>
  multipartFile("file", fileName, "application/octet-stream", bytes);

describe("unit import", () => {
  const t = setUpTestApp();
  const employee = signedIn(t, "employee");
  const photographer = signedIn(t, "photographer");

  let projectCounter = 0;
  async function newProject(): Promise<number> {
    projectCounter += 1;
    const [row] = await t.db
      .insert(projects)
      .values({ name: `مشروع الرفع ${projectCounter}`, city: "جدة", price: 1 })
      .returning({ id: projects.id });
    return row.id;
  }

  const upload = (url: string, fileName: string, bytes: Buffer, token: string | null = employee.token) => {
    const body = multipart(fileName, bytes);
    return t.app.inject({
      method: "POST",
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? t.bearer(token) : {}) },
    });
  };

  const unitCount = async (projectId?: number) => {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(units)
      .where(projectId === undefined ? undefined : eq(units.projectId, projectId));
    return Number(row.n);
  };

  const importAudits = (projectId: number) =>
    t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "import"), eq(auditLogs.entityId, String(projectId))));

  describe("access", () => {
    it("answers 401 without a session, 403 without units.import, 404 for an unknown project", async () => {
      const file = xlsxOf([HEADERS_AR, ...validRows(1)]);
      const projectId = await newProject();
      expect((await upload(`/api/projects/${projectId}/units/upload`, "u.xlsx", file, null)).statusCode).toBe(401);
      expect((await upload("/api/units/upload", "u.xlsx", file, null)).statusCode).toBe(401);
      expect(
        (await upload(`/api/projects/${projectId}/units/upload`, "u.xlsx", file, photographer.token)).statusCode,
      ).toBe(403);
      const missing = await upload("/api/projects/987654/units/upload", "u.xlsx", file);
      expect(missing.statusCode).toBe(404);
      expect(await unitCount(projectId)).toBe(0);
    });

    it("answers 400 when no file is sent", async () => {
      const projectId = await newProject();
      const res = await t.app.inject({
        method: "POST",
        url: `/api/projects/${projectId}/units/upload`,
        headers: t.bearer(employee.token),
        payload: { file: "x" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IMPORT_MESSAGES.fileMissing);
    });
  });

  describe("good files", () => {
    it("imports a good .xlsx with English headers, with one audit summary row", async () => {
      const projectId = await newProject();
      const res = await upload(
        `/api/projects/${projectId}/units/upload`,
        "units.xlsx",
        xlsxOf([HEADERS_EN, ...validRows(30)]),
      );
      expect(res.statusCode).toBe(200);
      const result = res.json() as UnitImportResult;
      expect(result).toMatchObject({ insertedCount: 30, skippedCount: 0, errors: [] });
      expect(result.sampleHeaders).toEqual(HEADERS_EN);
      expect(result.message).toBe("تم استيراد ٣٠ وحدة بنجاح");
      const stored = await t.db.select().from(units).where(eq(units.projectId, projectId));
      expect(stored).toHaveLength(30);
      const second = stored.find((u) => u.unitNumber === "U-2");
      expect(second).toMatchObject({ building: "A", price: 500001, status: "محجوزة", rooms: 2, floor: 1 });
      expect(second?.direction).toEqual(["شمال", "شرق"]);
      expect(second?.privateArea).toBe(100.25);
      expect(second?.totalArea).toBeNull();
      const audits = await importAudits(projectId);
      expect(audits).toHaveLength(1);
      expect(audits[0].newState).toMatchObject({ insertedCount: 30, skippedCount: 0, fileName: "units.xlsx" });
      expect(audits[0].userId).toBe(employee.id);
    });

    it("imports a good .xls (BIFF8)", async () => {
      const projectId = await newProject();
      const file = xlsxOf([HEADERS_AR, ...validRows(12)], "biff8");
      expect([...file.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
      const res = await upload(`/api/projects/${projectId}/units/upload`, "units.xls", file);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ insertedCount: 12, skippedCount: 0 });
      expect(await unitCount(projectId)).toBe(12);
    });

    it("imports a good UTF-8 .csv with Arabic headers, Arabic digits and English statuses", async () => {
      const projectId = await newProject();
      const rows = [
        HEADERS_AR,
        ["١٠١", "ب", "٨٥٠٬٠٠٠", "sold", "٣", "-٢", "north, south-east", "١٢٠٫٥", ""],
        ["102", "ب", "900,000", "reserved", "", "", "", "", ""],
      ];
      const res = await upload(`/api/projects/${projectId}/units/upload`, "وحدات.csv", csvOf(rows));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ insertedCount: 2, skippedCount: 0, sampleHeaders: HEADERS_AR });
      const stored = await t.db.select().from(units).where(eq(units.projectId, projectId)).orderBy(units.unitNumber);
      expect(stored[0]).toMatchObject({
        unitNumber: "101",
        building: "ب",
        price: 850000,
        status: "مباعة",
        rooms: 3,
        floor: -2,
        direction: ["شمال", "جنوب شرق"],
        privateArea: 120.5,
      });
      expect(stored[1]).toMatchObject({ unitNumber: "102", status: "محجوزة", rooms: null, floor: null, direction: [] });
    });

    it("reads a .csv saved by Excel in Windows-1256 (Arabic ANSI)", async () => {
      const projectId = await newProject();
      // "رقم الوحدة,المبنى\r\n101,أ\r\n" in Windows-1256.
      const bytes = Buffer.from("d1dee320c7e1e6cdcfc92cc7e1e3c8e4ec0d0a3130312cc30d0a", "hex");
      const res = await upload(`/api/projects/${projectId}/units/upload`, "ansi.csv", bytes);
      expect(res.json()).toMatchObject({ insertedCount: 1, sampleHeaders: ["رقم الوحدة", "المبنى"] });
      const [stored] = await t.db.select().from(units).where(eq(units.projectId, projectId));
      expect(stored).toMatchObject({ unitNumber: "101", building: "أ" });
    });

    it("imports through the global upload with a project column (id or name)", async () => {
      const projectId = await newProject();
      const [named] = await t.db.select().from(projects).where(eq(projects.id, projectId));
      const rows = [
        ["رقم المشروع", ...HEADERS_AR],
        [projectId, ...validRows(1, "G")[0]],
        [named.name, ...validRows(2, "G")[1]],
      ];
      const res = await upload("/api/units/upload", "all.xlsx", xlsxOf(rows));
      expect(res.json()).toMatchObject({ insertedCount: 2, skippedCount: 0 });
      expect(await unitCount(projectId)).toBe(2);
    });

    it("stores a formula-injection cell as plain text, never as a formula result", async () => {
      const projectId = await newProject();
      const formula = '=HYPERLINK("http://evil.example/x","اضغط")';
      const csv = csvOf([HEADERS_AR, [formula, "A", "", "", "", "", "", "", ""]]);
      const res = await upload(`/api/projects/${projectId}/units/upload`, "f.csv", csv);
      expect(res.json()).toMatchObject({ insertedCount: 1 });
      // In an .xlsx the cell carries a live formula with a cached value: the formula text is stored.
      const sheet = XLSX.utils.aoa_to_sheet([HEADERS_EN, ["placeholder", "B"]]);
      sheet.A2 = { t: "s", v: "اضغط", f: 'HYPERLINK("http://evil.example/y","اضغط")' };
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, "u");
      const xlsx: Buffer = XLSX.write(book, { type: "buffer", bookType: "xlsx" });
      const res2 = await upload(`/api/projects/${projectId}/units/upload`, "f.xlsx", xlsx);
      expect(res2.json()).toMatchObject({ insertedCount: 1 });
      const stored = await t.db.select().from(units).where(eq(units.projectId, projectId)).orderBy(units.building);
      expect(stored.map((u) => u.unitNumber)).toEqual([formula, '=HYPERLINK("http://evil.example/y","اضغط")']);
    });
  });

  describe("row errors", () => {
    it("reports validation, duplicate (file and database) and keeps the good rows", async () => {
      const projectId = await newProject();
      await t.db.insert(units).values({ projectId, unitNumber: "EXIST", building: "A" });
      const rows = [
        HEADERS_AR,
        ["1", "A", "100", "متاحة", "2", "1", "شرق", "90", ""], // row 2 ok
        ["2", "A", "100", "متاحة", "11", "1", "", "", ""], // row 3 rooms > 10
        ["1", "A", "100", "", "", "", "", "", ""], // row 4 duplicate of row 2
        ["EXIST", "A", "", "", "", "", "", "", ""], // row 5 duplicate of a stored unit
        ["", "", "", "", "", "", "", "", ""], // row 6 blank: ignored
        ["3", "A", "abc", "مباع", "", "51", "فوق", "10.001", ""], // row 7 several problems
        ["1", "B", "", "", "", "", "", "", ""], // row 8 ok: other building
      ];
      const res = await upload(`/api/projects/${projectId}/units/upload`, "e.csv", csvOf(rows));
      expect(res.statusCode).toBe(200);
      const result = res.json() as UnitImportResult;
      expect(result.insertedCount).toBe(2);
      expect(result.skippedCount).toBe(4);
      expect(result.errors.map((e) => [e.row, e.code])).toEqual([
        [3, "validation"],
        [4, "duplicate"],
        [5, "duplicate"],
        [7, "validation"],
      ]);
      expect(result.errors[0].message).toContain("عدد الغرف");
      expect(result.errors[1].message).toBe(IMPORT_MESSAGES.duplicateInFile(2));
      expect(result.errors[2].message).toBe(IMPORT_MESSAGES.duplicateInDb);
      expect(result.errors[3].message).toContain("السعر");
      expect(result.errors[3].message).toContain("الدور");
      expect(await unitCount(projectId)).toBe(3);
    });

    it("writes the audit summary row even when every row is skipped", async () => {
      const projectId = await newProject();
      const rows = [HEADERS_EN, ["1", "A", "", "", "0", "", "", "", ""], ["2", "A", "", "", "", "99", "", "", ""]];
      const result = (await upload(`/api/projects/${projectId}/units/upload`, "bad.csv", csvOf(rows))).json();
      expect(result).toMatchObject({ insertedCount: 0, skippedCount: 2 });
      expect(result.message).toBe("لم يتم استيراد أي وحدة، تم تخطي صفين");
      const audits = await importAudits(projectId);
      expect(audits).toHaveLength(1);
      expect(audits[0].newState).toMatchObject({ insertedCount: 0, skippedCount: 2, errorCodes: { validation: 2 } });
    });

    it("reports project_not_found on the global upload and a missing project as validation", async () => {
      const projectId = await newProject();
      const rows = [
        ["projectId", ...HEADERS_EN],
        [987654, ...validRows(1, "P")[0]],
        ["مشروع لا يوجد", ...validRows(2, "P")[1]],
        ["", ...validRows(3, "P")[2]],
        [projectId, ...validRows(4, "P")[3]],
      ];
      const result = (await upload("/api/units/upload", "p.xlsx", xlsxOf(rows))).json() as UnitImportResult;
      expect(result.errors.map((e) => [e.row, e.code])).toEqual([
        [2, "project_not_found"],
        [3, "project_not_found"],
        [4, "validation"],
      ]);
      expect(result.insertedCount).toBe(1);
    });

    it("reports a row naming another project on a project page's upload instead of moving it there", async () => {
      const projectId = await newProject();
      const otherId = await newProject();
      const [own] = await t.db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
      const rows = [
        ["رقم المشروع", ...HEADERS_EN],
        [projectId, ...validRows(1, "M")[0]],
        [`  ${own.name}  `, ...validRows(2, "M")[1]],
        ["", ...validRows(3, "M")[2]],
        [otherId, ...validRows(4, "M")[3]],
        [999999, ...validRows(5, "M")[4]],
      ];
      const res = await upload(`/api/projects/${projectId}/units/upload`, "m.xlsx", xlsxOf(rows));
      expect(res.statusCode).toBe(200);
      const result = res.json() as UnitImportResult;
      expect(result.errors).toEqual([
        { row: 5, code: "validation", message: IMPORT_MESSAGES.projectDiffers(String(otherId)) },
        { row: 6, code: "validation", message: IMPORT_MESSAGES.projectDiffers("999999") },
      ]);
      expect(result.errors[0].message).toMatch(/^عمود المشروع في هذا الصف يذكر مشروعًا آخر/);
      expect(result).toMatchObject({ insertedCount: 3, skippedCount: 2 });
      expect(await unitCount(projectId)).toBe(3);
      expect(await unitCount(otherId)).toBe(0);
    });

    it("reports code unknown and keeps nothing when the database fails part-way through the insert", async () => {
      const projectId = await newProject();
      await t.db.insert(units).values({ projectId, unitNumber: "KEEP", building: "Z" });
      const unitsBefore = await unitCount();
      const auditsBefore = (await importAudits(projectId)).length;
      // A trigger makes the 1,100th row fail: the first batch of 1000 is already written inside the transaction.
      await t.db.execute(
        sql.raw(`create or replace function units_fail_on_boom() returns trigger language plpgsql as $$
          begin
            if new.unit_number = 'BOOM' then raise exception 'injected failure'; end if;
            return new;
          end $$`),
      );
      await t.db.execute(
        sql.raw(
          "create trigger units_fail_on_boom before insert on units for each row execute function units_fail_on_boom()",
        ),
      );
      try {
        const rows = validRows(1200, "T");
        rows[1099][0] = "BOOM";
        const res = await upload(`/api/projects/${projectId}/units/upload`, "t.xlsx", xlsxOf([HEADERS_AR, ...rows]));
        expect(res.statusCode).toBe(200);
        const result = res.json() as UnitImportResult;
        expect(result.insertedCount).toBe(0);
        expect(result.skippedCount).toBe(1200);
        expect(result.errors).toEqual([{ row: 2, code: "unknown", message: IMPORT_MESSAGES.saveFailed }]);
        expect(result.message).toBe(IMPORT_MESSAGES.saveFailed);
      } finally {
        await t.db.execute(sql.raw("drop trigger units_fail_on_boom on units"));
      }
      expect(await unitCount()).toBe(unitsBefore);
      expect(await unitCount(projectId)).toBe(1);
      expect((await importAudits(projectId)).length).toBe(auditsBefore);
    });
  });

  describe("one short transaction (all rows or none)", () => {
    /**
     * Wraps the import's `db.transaction` call: `before` runs just before the import's transaction opens (after its
     * checks), `inside` once its writes are done, with the transaction still open. Only a transaction opened from
     * units/import.ts is wrapped: the app's background jobs (lead desk, maintenance) open their own at any moment,
     * and a loaded machine once let one of them take the hook first. Restored by the returned function.
     */
    function aroundTransaction(hooks: { before?: () => Promise<void>; inside?: () => Promise<void> }) {
      const original = t.db.transaction;
      t.db.transaction = (async (callback, config) => {
        const caller = new Error().stack?.split("\n")[2] ?? "";
        if (!caller.includes("units/import.ts")) return original.call(t.db, callback, config);
        t.db.transaction = original;
        await hooks.before?.();
        return original.call(
          t.db,
          async (tx) => {
            const result = await callback(tx);
            await hooks.inside?.();
            return result;
          },
          config,
        );
      }) as typeof t.db.transaction;
      return () => {
        t.db.transaction = original;
      };
    }

    function deferred() {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      return { promise, resolve };
    }

    it("stores nothing when the database refuses row 4999 of 5000 (stored by someone else after the checks)", async () => {
      const projectId = await newProject();
      const auditsBefore = (await importAudits(projectId)).length;
      // Another import stores "N-4999" between this import's duplicate check and its transaction.
      const restore = aroundTransaction({
        before: async () => {
          await t.db.insert(units).values({ projectId, unitNumber: "N-4999", building: "A" });
        },
      });
      try {
        const res = await upload(
          `/api/projects/${projectId}/units/upload`,
          "n.xlsx",
          xlsxOf([HEADERS_AR, ...validRows(5000, "N")]),
        );
        expect(res.statusCode).toBe(200);
        const result = res.json() as UnitImportResult;
        expect(result).toMatchObject({ insertedCount: 0, skippedCount: 5000, message: IMPORT_MESSAGES.saveFailed });
        // Row 5000 of the sheet holds data row 4999: the one the other import stored.
        expect(result.errors).toEqual([{ row: 5000, code: "duplicate", message: IMPORT_MESSAGES.duplicateInDb }]);
      } finally {
        restore();
      }
      expect(await unitCount(projectId)).toBe(1); // only the other import's unit: none of the 4 batches before it
      expect((await importAudits(projectId)).length).toBe(auditsBefore);
    });

    it("gives two simultaneous imports of one file a consistent result: all rows once, the other import none", async () => {
      const projectId = await newProject();
      const file = xlsxOf([HEADERS_AR, ...validRows(1500, "C")]);
      const url = `/api/projects/${projectId}/units/upload`;
      const answers = await Promise.all([upload(url, "c1.xlsx", file), upload(url, "c2.xlsx", file)]);
      const results = answers.map((res) => res.json() as UnitImportResult);
      expect(results.map((r) => r.insertedCount).sort((a, b) => a - b)).toEqual([0, 1500]);
      // Whether its checks ran before or after the other import's commit, the loser names every row a duplicate.
      const loser = results.find((r) => r.insertedCount === 0);
      expect(loser?.errors).toEqual(
        Array.from({ length: 1500 }, (_, i) => ({
          row: i + 2,
          code: "duplicate",
          message: IMPORT_MESSAGES.duplicateInDb,
        })),
      );
      expect(await unitCount(projectId)).toBe(1500);
      const audits = await importAudits(projectId);
      expect(audits.filter((a) => (a.newState as { insertedCount: number }).insertedCount === 1500)).toHaveLength(1);
    });

    it("answers /api/health and /api/health/ready while the import's transaction is open", async () => {
      const projectId = await newProject();
      const written = deferred();
      const release = deferred();
      // The rows are written and the transaction stays open until the health checks have answered. Without the
      // embedded database's ride-along (db/ping.ts), the checks would wait for this transaction: the ping times out.
      // 500 rows keep the transaction's age under RIDE_ALONG_MAX_MS on a loaded machine (5,000 rows took over 2 s).
      const restore = aroundTransaction({
        inside: async () => {
          written.resolve();
          await release.promise;
        },
      });
      let finished = false;
      try {
        const importing = upload(
          `/api/projects/${projectId}/units/upload`,
          "h.xlsx",
          xlsxOf([HEADERS_AR, ...validRows(500, "H")]),
        ).finally(() => {
          finished = true;
        });
        await written.promise;
        const health = await t.app.inject({ method: "GET", url: "/api/health" });
        const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
        expect(health.statusCode).toBe(200);
        expect(ready.json()).toEqual({ ok: true });
        expect(finished).toBe(false);
        release.resolve();
        expect((await importing).json()).toMatchObject({ insertedCount: 500, skippedCount: 0, errors: [] });
      } finally {
        release.resolve();
        restore();
      }
      expect(await unitCount(projectId)).toBe(500);
      const audits = await importAudits(projectId);
      expect(audits).toHaveLength(1);
      expect(audits[0].newState).toMatchObject({ insertedCount: 500, skippedCount: 0 });
    });
  });

  describe("rejected files", () => {
    it("rejects a file over 5000 data rows and accepts exactly 5000", async () => {
      const projectId = await newProject();
      const tooMany = await upload(
        `/api/projects/${projectId}/units/upload`,
        "big.csv",
        csvOf([HEADERS_EN, ...validRows(5001)]),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(IMPORT_MESSAGES.tooManyRows(5000));
      expect(await unitCount(projectId)).toBe(0);
      const exact = await upload(
        `/api/projects/${projectId}/units/upload`,
        "ok.csv",
        csvOf([HEADERS_EN, ...validRows(5000)]),
      );
      expect(exact.json()).toMatchObject({ insertedCount: 5000, skippedCount: 0 });
    });

    it("rejects a file over 10 MB with 413", async () => {
      const projectId = await newProject();
      const padding = "x".repeat(200);
      const rows = [HEADERS_EN, ...Array.from({ length: 52_000 }, (_, i) => [`N${i}`, padding])];
      const file = csvOf(rows, false);
      expect(file.length).toBeGreaterThan(10 * 1024 * 1024);
      const res = await upload(`/api/projects/${projectId}/units/upload`, "huge.csv", file);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(IMPORT_MESSAGES.fileTooLarge);
      expect(await unitCount(projectId)).toBe(0);
    });

    it("rejects a non-spreadsheet renamed .xlsx, a wrong extension and a zip that is not a workbook", async () => {
      const projectId = await newProject();
      const url = `/api/projects/${projectId}/units/upload`;
      const text = Buffer.from("unitNumber,building\n1,A\n");
      const renamed = await upload(url, "units.xlsx", text);
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().message).toBe(IMPORT_MESSAGES.invalidFileType);
      const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
      expect((await upload(url, "units.csv", png)).statusCode).toBe(400);
      expect((await upload(url, "units.txt", text)).json().message).toBe(IMPORT_MESSAGES.invalidFileType);
      // An .xlsx sent with the .xls extension does not match its content either.
      expect((await upload(url, "units.xls", xlsxOf([HEADERS_EN, ...validRows(1)]))).statusCode).toBe(400);
      const notWorkbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(64)]);
      const broken = await upload(url, "units.xlsx", notWorkbook);
      expect(broken.statusCode).toBe(400);
      expect(await unitCount(projectId)).toBe(0);
    });

    it("rejects a sheet without a unit-number column and the global upload without a project column", async () => {
      const projectId = await newProject();
      const noUnit = await upload(
        `/api/projects/${projectId}/units/upload`,
        "x.csv",
        csvOf([
          ["foo", "bar"],
          ["1", "2"],
        ]),
      );
      expect(noUnit.statusCode).toBe(400);
      expect(noUnit.json().message).toBe(IMPORT_MESSAGES.noUnitNumberColumn);
      const noProject = await upload("/api/units/upload", "x.csv", csvOf([HEADERS_EN, ...validRows(1)]));
      expect(noProject.statusCode).toBe(400);
      expect(noProject.json().message).toBe(IMPORT_MESSAGES.noProjectColumn);
      const empty = await upload(`/api/projects/${projectId}/units/upload`, "x.csv", csvOf([HEADERS_EN]));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(IMPORT_MESSAGES.emptyFile);
    });
  });
});
