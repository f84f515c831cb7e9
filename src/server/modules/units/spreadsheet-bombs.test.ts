/**
 * Spreadsheet bombs (ARCHITECTURE security model, uploads): an .xlsx that inflates far past its size, one whose
 * central directory lies about the sizes, and row bombs (many rows, or one row numbered 800,000) are refused 400
 * before any parser sees them, with less than 100 MB of extra memory; parsing runs in a worker thread, so the event
 * loop keeps turning while an import is parsed. The corpus is generated here, streamed, so building it is cheap too.
 * Timings (400 within 1 s, /api/health under 100 ms) are measured by bench/spreadsheet-bombs.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "#domain/unit-import.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";
import { entry, workbook, zip, zipBomb } from "../../test-utils/spreadsheet-bombs.ts";
import { guardSpreadsheet } from "./sheet.ts";

/** The same bomb with its sizes declared as 1 KiB (declared sizes lie; the real ones are counted). */
function lyingZipBomb(mebibytes: number): Buffer {
  return zipBomb(mebibytes, 1024);
}

/** A small .xlsx with `rows` rows of one cell each. */
function rowBomb(rows: number): Buffer {
  const parts: string[] = ['<?xml version="1.0"?><worksheet><sheetData>'];
  for (let r = 1; r <= rows; r++) parts.push(`<row r="${r}"><c r="A${r}"><v>1</v></c></row>`);
  parts.push("</sheetData></worksheet>");
  return zip([...workbook(), entry("xl/worksheets/sheet1.xml", Buffer.from(parts.join("")))]);
}

/** A tiny .xlsx with one row numbered far down, and one cell in the last column. */
function sparseBomb(): Buffer {
  const sheet =
    '<?xml version="1.0"?><worksheet><sheetData><row r="800000"><c r="XFD800000"><v>1</v></c></row></sheetData></worksheet>';
  return zip([...workbook(), entry("xl/worksheets/sheet1.xml", Buffer.from(sheet))]);
}

describe("spreadsheet guard", () => {
  it("refuses a zip bomb, a lying zip bomb, a row bomb and a sparse row bomb", () => {
    const cases: [string, Buffer, string][] = [
      ["zip bomb (1 GiB)", zipBomb(1024), IMPORT_MESSAGES.unreadable],
      ["lying zip bomb", lyingZipBomb(1024), IMPORT_MESSAGES.unreadable],
      ["800k rows", rowBomb(800_000), IMPORT_MESSAGES.tooManyRows(5000)],
      ["row 800000", sparseBomb(), IMPORT_MESSAGES.tooManyRows(5000)],
    ];
    for (const [name, bytes, message] of cases) {
      expect(() => guardSpreadsheet("xlsx", bytes), name).toThrow(message);
    }
    expect(() => guardSpreadsheet("csv", Buffer.from("a\n".repeat(30_000)))).toThrow(IMPORT_MESSAGES.tooManyRows(5000));
    expect(() => guardSpreadsheet("xlsx", rowBomb(5000))).not.toThrow();
  });

  it("refuses an entry that inflates past its declared size even far below the total limit, and a repeated name", () => {
    const sheet = entry(
      "xl/worksheets/sheet1.xml",
      Buffer.from('<?xml version="1.0"?><worksheet><sheetData/></worksheet>'),
    );
    expect(() => guardSpreadsheet("xlsx", zip([...workbook(), sheet]))).not.toThrow();
    const lying = { ...sheet, declaredSize: sheet.size - 10 };
    expect(() => guardSpreadsheet("xlsx", zip([...workbook(), lying]))).toThrow(IMPORT_MESSAGES.unreadable);
    expect(() => guardSpreadsheet("xlsx", zip([...workbook(), sheet, sheet]))).toThrow(IMPORT_MESSAGES.unreadable);
  });
});

describe("spreadsheet bombs through the import endpoint", () => {
  const t = setUpTestApp();
  const employee = signedIn(t, "employee");
  let bombs: Record<string, Buffer>;
  beforeAll(async () => {
    bombs = { zip: zipBomb(1024), lying: lyingZipBomb(1024), rows: rowBomb(800_000), sparse: sparseBomb() };
  });

  function upload(bytes: Buffer) {
    const boundary = "bombboundary";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="units.xlsx"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: "POST",
      url: "/api/units/upload",
      payload,
      headers: { ...t.bearer(employee.token), "content-type": `multipart/form-data; boundary=${boundary}` },
    });
  }

  it("answers 400 in Arabic with less than 100 MB of extra memory", async () => {
    for (const [name, bytes] of Object.entries(bombs)) {
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const res = await upload(bytes);
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields.file).toMatch(/[\u0600-\u06ff]/);
      expect(peak - before, name).toBeLessThan(100 * 1024 * 1024);
    }
  });

  it("keeps the event loop turning while a large import is parsed", async () => {
    // Each turn of the loop schedules the next; a parse on the main thread would hold them all until it ends.
    let turns = 0;
    let importing = true;
    const spin = () => {
      turns += 1;
      if (importing) setImmediate(spin);
    };
    const done = upload(rowBomb(5000)).finally(() => {
      importing = false;
    });
    setImmediate(spin);
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(importing).toBe(true); // the health answer came while the import was still being parsed
    const res = await done;
    expect(res.statusCode).toBe(400); // no unit-number header: parsed, then refused by the plan
    expect(turns).toBeGreaterThan(100);
  });
});
