/**
 * Counted nouns agree everywhere (ARCHITECTURE resolution 11, docs/architecture.md "Numerals"): no count text in
 * src/web or src/domain puts a number before a counted noun by hand (`${n} عملاء`, `{count} يوم`); each goes through
 * `countNoun(n, NOUNS.x)` of src/domain/format.ts, which picks the form `Intl.PluralRules("ar")` asks for.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { countNoun, NOUNS } from "./format.ts";

const src = fileURLToPath(new URL("../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every word form of every counted noun (the number placeholder and "واحد/ة" taken away), plus nouns counted in texts. */
const nounWords = new Set(
  Object.values(NOUNS)
    .flatMap((noun) => Object.values(noun))
    .flatMap((form) => form.replace("{n}", "").split(/\s+/))
    .filter((word) => word && word !== "واحد" && word !== "واحدة"),
);
for (const word of ["طلب", "طلبات", "طلبًا", "زيارة", "زيارات", "مرة", "مرات", "جلسة", "جلسات"]) nounWords.add(word);

/** A `${…}` or JSX `{…}` placeholder (not itself a countNoun call) followed by a counted noun. */
function handCounts(line: string): string[] {
  const found: string[] = [];
  for (const m of line.matchAll(/\$?\{([^{}]*)\}\s*([\u0600-\u06FF]+)/g)) {
    const [whole, inner = "", word = ""] = m;
    if (inner.includes("countNoun")) continue;
    if (nounWords.has(word)) found.push(whole);
  }
  return found;
}

describe("count texts", () => {
  it("every count in src/web and src/domain goes through countNoun", () => {
    const offenders = [path.join(src, "web"), path.join(src, "domain")].flatMap((dir) =>
      sourceFiles(dir).flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) => handCounts(line).map((hit) => `${path.relative(src, file)}:${i + 1} ${hit}`)),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("the scan sees a count built by hand and lets a countNoun call pass", () => {
    expect(handCounts("`\u0024{n} عملاء`")).toEqual(["\u0024{n} عملاء"]);
    expect(handCounts("<span>{formatNumber(days)} يوم</span>")).toEqual(["{formatNumber(days)} يوم"]);
    expect(handCounts("`تم حفظ \u0024{countNoun(days, NOUNS.day)}`")).toEqual([]);
  });

  it("each counted noun agrees with 0, 1, 2, 3, 11 and 100", () => {
    expect(countNoun(3, NOUNS.request)).toBe("٣ طلبات");
    expect(countNoun(11, NOUNS.request)).toBe("١١ طلبًا");
    expect(countNoun(1, NOUNS.request)).toBe("طلب واحد");
    expect(countNoun(2, NOUNS.day, { oblique: true })).toBe("يومين");
    expect(countNoun(100, NOUNS.day)).toBe("١٠٠ يوم");
  });
});
