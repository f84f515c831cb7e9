/**
 * Arabic words for zod's own messages (docs/architecture.md resolution 11, "No English"): a schema that names its
 * message keeps it; a check that names none (a body that is not an object, a query number that is NaN, a key the
 * schema does not know) is answered with one of these instead of zod's English "Invalid input: expected object…".
 * Installed for the whole process with `installArabicZodErrors()` (the server's error plugin and the admin's
 * providers call it; calling it again changes nothing). Sizes are said with `countNoun` (src/domain/format.ts).
 */
import { type core, z } from "zod";
import { countNoun, formatNumber, NOUNS } from "./format.ts";

/** The Arabic message of one zod issue that its schema gave no message for. */
export function arabicZodMessage(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? "هذا الحقل مطلوب" : "القيمة غير صالحة";
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return `يجب ألا يقل النص عن ${countNoun(min, NOUNS.character)}`;
      if (issue.origin === "array" || issue.origin === "set") return "عدد العناصر أقل من المسموح";
      return `يجب ألا تقل القيمة عن ${formatNumber(min)}`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `يجب ألا يزيد النص عن ${countNoun(max, NOUNS.character)}`;
      if (issue.origin === "array" || issue.origin === "set") return "عدد العناصر أكثر من المسموح";
      return `يجب ألا تزيد القيمة عن ${formatNumber(max)}`;
    }
    case "invalid_format":
      return "الصيغة غير صحيحة";
    case "unrecognized_keys":
      return "حقل غير معروف";
    case "invalid_value":
      return "القيمة غير مسموحة";
    default:
      return "القيمة غير صالحة";
  }
}

/** Makes `arabicZodMessage` zod's message for every issue without its own (process-wide zod configuration). */
export function installArabicZodErrors(): void {
  z.config({ customError: arabicZodMessage });
}
