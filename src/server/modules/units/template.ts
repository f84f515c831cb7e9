/**
 * The import templates (SPEC §2.14, §7.2): GET /api/units/template.csv and /api/units/template.xlsx.
 * Both hold the header row (Arabic names; the English names in a note row of the .xlsx instructions sheet are
 * accepted too) and one example row.
 *
 * The .xlsx is written with SheetJS (already our spreadsheet reader) and then finished at the XML level, because
 * SheetJS's community build writes neither cell styles nor data validation: right-to-left sheet, frozen header
 * row, bold white-on-blue header cells, unit number and building formatted as text, and drop-down lists for the
 * status and direction columns (the direction list warns but allows several values, e.g. "شمال، شرق").
 * docs/decisions/005-units-template.md records why exceljs was not added.
 */
import * as XLSX from "@e965/xlsx";
import { SPREADSHEET_MAX_ROWS } from "#domain/constants.ts";
import { UNIT_STATUSES } from "#domain/project-rules.ts";
import { UNIT_DIRECTION_LABELS } from "#domain/schemas/unit.ts";
import { TEMPLATE_COLUMNS, TEMPLATE_EXAMPLE_ROW } from "#domain/unit-import.ts";

export const TEMPLATE_FILE_NAME = "units-template";

/** The CSV template: UTF-8 with a BOM (so Excel shows the Arabic headers), CRLF line ends. */
export function csvTemplate(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([TEMPLATE_COLUMNS.map((c) => c.arabic), [...TEMPLATE_EXAMPLE_ROW]]);
  const csv = XLSX.utils.sheet_to_csv(sheet, { RS: "\r\n" });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${csv}\r\n`, "utf8")]);
}

/** Column letter of a 0-based column index. */
const col = (index: number) => XLSX.utils.encode_col(index);

function columnIndex(field: (typeof TEMPLATE_COLUMNS)[number]["field"]): number {
  return TEMPLATE_COLUMNS.findIndex((c) => c.field === field);
}

/** XML text escaping for attribute values. */
function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function listValidation(sqref: string, values: readonly string[], options: { strict: boolean; prompt: string }) {
  const attrs = options.strict
    ? 'errorStyle="stop" showErrorMessage="1"'
    : 'errorStyle="information" showErrorMessage="0"';
  return (
    `<dataValidation type="list" allowBlank="1" showInputMessage="1" ${attrs} ` +
    `promptTitle="${xmlEscape("اختر من القائمة")}" prompt="${xmlEscape(options.prompt)}" sqref="${sqref}">` +
    `<formula1>"${xmlEscape(values.join(","))}"</formula1></dataValidation>`
  );
}

/** Style ids added to SheetJS's styles.xml: 1 = header (bold, white on blue), 2 = text format ("@"). */
const HEADER_STYLE = 1;
const TEXT_STYLE = 2;

function patchStyles(xml: string): string {
  return xml
    .replace(
      /<fonts count="1">(.*?)<\/fonts>/,
      '<fonts count="2">$1<font><b/><sz val="12"/><color rgb="FFFFFFFF"/><name val="Calibri"/><family val="2"/></font></fonts>',
    )
    .replace(
      /<fills count="2">(.*?)<\/fills>/,
      '<fills count="3">$1<fill><patternFill patternType="solid"><fgColor rgb="FF1E4E79"/><bgColor indexed="64"/></patternFill></fill></fills>',
    )
    .replace(
      /<cellXfs count="1">(.*?)<\/cellXfs>/,
      '<cellXfs count="3">$1<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/>' +
        '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>',
    );
}

function patchSheet(xml: string): string {
  const last = SPREADSHEET_MAX_ROWS + 1;
  const statusCol = col(columnIndex("status"));
  const directionCol = col(columnIndex("direction"));
  const validations =
    `<dataValidations count="2">` +
    listValidation(`${statusCol}2:${statusCol}${last}`, UNIT_STATUSES, {
      strict: true,
      prompt: UNIT_STATUSES.join("، "),
    }) +
    listValidation(`${directionCol}2:${directionCol}${last}`, UNIT_DIRECTION_LABELS, {
      strict: false,
      prompt: "يمكن كتابة أكثر من اتجاه مفصولة بفاصلة، مثل: شمال، شرق",
    }) +
    "</dataValidations>";
  const textCols = [columnIndex("unitNumber"), columnIndex("building")].map((i) => i + 1);
  return (
    xml
      // Frozen header row in a right-to-left view.
      .replace(
        /<sheetView ([^>]*?)\/>/,
        '<sheetView $1><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
          '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView>',
      )
      // Header cells styled.
      .replace(
        /<row r="1">(.*?)<\/row>/,
        (_m, cells: string) =>
          `<row r="1">${cells.replace(/<c r="([A-Z]+1)"/g, `<c r="$1" s="${HEADER_STYLE}"`)}</row>`,
      )
      // Unit number and building columns formatted as text (so "0101" keeps its zero).
      .replace(/<col min="(\d+)" max="(\d+)" ([^>]*?)\/>/g, (match, min: string, max: string, rest: string) =>
        min === max && textCols.includes(Number(min))
          ? `<col min="${min}" max="${max}" ${rest} style="${TEXT_STYLE}"/>`
          : match,
      )
      .replace("</sheetData>", `</sheetData>${validations}`)
  );
}

/**
 * The .xlsx template: sheet "الوحدات" (headers + example row, drop-downs) and sheet "تعليمات" listing every
 * column with its English name, whether it is required and its allowed values.
 */
export function xlsxTemplate(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([TEMPLATE_COLUMNS.map((c) => c.arabic), [...TEMPLATE_EXAMPLE_ROW]]);
  sheet["!cols"] = TEMPLATE_COLUMNS.map((c) => ({ wch: Math.max(14, c.arabic.length + 6) }));
  const help = XLSX.utils.aoa_to_sheet([
    ["العمود", "الاسم بالإنجليزية (مقبول أيضًا)", "مطلوب", "القيم المسموحة"],
    ["رقم المشروع", "projectId", "نعم عند الرفع العام، ويُتجاهل عند الرفع من صفحة المشروع", "رقم المشروع أو اسمه"],
    ["رقم الوحدة", "unitNumber", "نعم", "نص حتى 50 حرفًا، فريد داخل نفس المشروع والمبنى"],
    ["المبنى", "building", "لا", "نص حتى 100 حرف"],
    ["السعر", "price", "لا", "رقم صحيح بالريال"],
    ["الحالة", "status", "لا (الافتراضي متاحة)", UNIT_STATUSES.join("، ")],
    ["عدد الغرف", "rooms", "لا", "من 1 إلى 10"],
    ["الدور", "floor", "لا", "من -5 إلى 50"],
    ["الاتجاه", "direction", "لا", UNIT_DIRECTION_LABELS.join("، ")],
    ["المساحة الخاصة", "privateArea", "لا", "م²، بخطوة 0.01"],
    ["المساحة الإجمالية", "totalArea", "لا", "م²، بخطوة 0.01"],
    ["النموذج", "type", "لا", "اسم نموذج من نماذج المشروع، وتأخذ الوحدة قيمه ما لم تُحدَّد لها"],
    ["", "", "", `الحد الأقصى ${SPREADSHEET_MAX_ROWS} صف و10 ميجابايت`],
  ]);
  help["!cols"] = [{ wch: 18 }, { wch: 28 }, { wch: 40 }, { wch: 50 }];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, "الوحدات");
  XLSX.utils.book_append_sheet(workbook, help, "تعليمات");
  workbook.Workbook = { Views: [{ RTL: true }] };
  const written: Buffer = XLSX.write(workbook, { type: "buffer", bookType: "xlsx", compression: true });

  const zip = XLSX.CFB.read(written, { type: "buffer" });
  const patch = (suffix: string, transform: (xml: string) => string) => {
    const index = zip.FullPaths.findIndex((p: string) => p.endsWith(suffix));
    if (index < 0) throw new Error(`template: ${suffix} missing from the SheetJS output`);
    const entry = zip.FileIndex[index];
    entry.content = Buffer.from(transform(Buffer.from(entry.content as Uint8Array).toString("utf8")), "utf8");
    entry.size = entry.content.length;
  };
  patch("xl/styles.xml", patchStyles);
  patch("xl/worksheets/sheet1.xml", patchSheet);
  patch("xl/worksheets/sheet2.xml", (xml) =>
    xml.replace(
      /<row r="1">(.*?)<\/row>/,
      (_m, cells: string) => `<row r="1">${cells.replace(/<c r="([A-Z]+1)"/g, `<c r="$1" s="${HEADER_STYLE}"`)}</row>`,
    ),
  );
  // SheetJS writes a marker stream into CFB containers; a zip must not carry it.
  const marker = zip.FullPaths.findIndex((p: string) => p.endsWith("\u0001Sh33tJ5"));
  if (marker >= 0) XLSX.CFB.utils.cfb_del(zip, zip.FullPaths[marker]);
  return Buffer.from(XLSX.CFB.write(zip, { fileType: "zip", type: "buffer", compression: true }) as Uint8Array);
}
