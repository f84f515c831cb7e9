/**
 * No English in any message the back office shows when something fails (docs/architecture.md resolution 11, "No
 * English"): every fallback text of `apiErrorMessage`, every toast title and description written in place, and the
 * message of every error built in src/web is Arabic. Words inside `${…}` are code, not text; brand and format names
 * (Excel, CSV…) may appear. The server's own error messages are held to the same rule by src/server/fuzz.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const web = path.resolve(import.meta.dirname);
const ALLOWED = new Set(["excel", "csv", "xlsx", "xls", "pdf", "whatsapp", "qr", "google", "microsoft"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The literal texts a failure shows: apiErrorMessage fallbacks, toast titles/descriptions, errors' messages. */
function messageLiterals(source: string): string[] {
  const shown =
    /(?:apiErrorMessage\([^,()]+,\s*|\b(?:title|description):\s*|new \w*Error\(\s*)("(?:[^"\\]|\\.)*"|`[^`]*`)/g;
  return [...source.matchAll(shown)].map((m) => m[1] ?? "");
}

/** English words of a literal (outside `${…}` and the allow-list). */
function englishWords(literal: string): string[] {
  return [...literal.replace(/\$\{[^}]*\}/g, " ").matchAll(/[A-Za-z][A-Za-z'-]+/g)]
    .map((m) => m[0])
    .filter((word) => !ALLOWED.has(word.toLowerCase()));
}

describe("error messages in the back office", () => {
  it("every error toast and error message written in src/web is Arabic", () => {
    // Errors that never reach a screen (programming faults thrown to the console) are named here.
    // The fetch-like TypeError of a failed upload is answered by the caller's Arabic fallback, as fetch's own is.
    const internal =
      /^["`](?:refresh answer without token or user|Empty response from |Invalid JSON response from |Network error"|use\w+\(\) (?:outside|without) )/;
    const offenders = sourceFiles(web)
      .filter((file) => !file.includes(`${path.sep}test-utils${path.sep}`))
      .flatMap((file) =>
        messageLiterals(readFileSync(file, "utf8"))
          .filter((text) => !internal.test(text) && englishWords(text).length > 0)
          .map((text) => `${path.relative(web, file)}: ${text}`),
      );
    expect(offenders).toEqual([]);
  });

  it("the scan finds an English fallback, toast and error, and lets Arabic and code pass", () => {
    const found = messageLiterals(
      'apiErrorMessage(error, "Upload failed"); toast({ title: `تم \u0024{count.toString()}` }); new UploadError(`Server error: \u0024{s}`, s)',
    );
    expect(found.map(englishWords)).toEqual([["Upload", "failed"], [], ["Server", "error"]]);
  });
});
