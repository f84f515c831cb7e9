/**
 * Every pointer opens (docs/decisions/060-docs-as-a-map.md): what a comment in the code cites is a repository path
 * that exists, and the decision records are indexed and carry their status.
 *
 * - In src/, e2e/, bench/, scripts/ and the root config files: no tracker pointer (`issue 6`, `issues #6`,
 *   `issue "the lead desk"`, `issue text "…"`), no record cited by its title or by a bare number
 *   (`docs/decisions "script nonce"`, `docs/decisions/022`, `decision 049`: a record is cited as
 *   `docs/decisions/NNN-title.md`), no STACK-NOTES (a file outside the repository), and every cited `docs/…` path
 *   exists.
 * - In README.md and the docs (not the decision records, which are not rewritten after acceptance): every cited
 *   `docs/…` path exists and every relative Markdown link to a file opens.
 * - docs/decisions/README.md links every record file; every record has a `Status:` line near its top, and the records
 *   it names (superseded / amended by NNN) exist.
 *
 * The checks are pure functions over a file's text, so the tests below plant bad text without writing it to disk;
 * then the repository itself is scanned. A failure names the file, the line and the pointer.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const THIS_FILE = "src/docs-pointers.test.ts";

/** One pointer that does not open: where, what, why. */
interface Problem {
  file: string;
  line: number;
  text: string;
  rule: string;
}

/** Forbidden pointer forms in code comments (and strings), each with the rule it breaks. */
const CODE_RULES: [RegExp, string][] = [
  [/\bissues? #?\d+/gi, "a tracker issue number; cite docs/product.md §x or a docs/decisions record"],
  [/\bissue (text )?"/gi, "a tracker issue by its title; cite docs/product.md §x or a docs/decisions record"],
  [
    /docs\/decisions(?!\/(?:\d{3}-[a-z0-9-]+|README)\.md)/g,
    "a decision record without its file name; cite docs/decisions/NNN-title.md",
  ],
  [/\b[Dd]ecisions? \d{3}\b/g, "a decision by number only; cite docs/decisions/NNN-title.md"],
  [/STACK-NOTES/g, "STACK-NOTES is not in the repository; cite the docs/decisions record or doc that holds the fact"],
];

/** A `docs/…` path cited in text (not part of a longer path or URL), without trailing punctuation. */
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*[\w/]/g;

/** The cited `docs/…` paths of `text` that `exists` denies, as problems of `file`. */
function missingDocsPaths(file: string, text: string, exists: (repoPath: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  text.split("\n").forEach((line, index) => {
    for (const match of line.matchAll(DOCS_PATH)) {
      const cited = match[0].replace(/\/$/, "");
      if (!exists(cited)) problems.push({ file, line: index + 1, text: cited, rule: "the cited path does not exist" });
    }
  });
  return problems;
}

/**
 * The pointers of a source file (`file` repository-relative, `text` its content) that do not open: forbidden forms
 * (CODE_RULES) and cited `docs/…` paths that `exists` denies.
 */
function codePointerProblems(file: string, text: string, exists: (repoPath: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  text.split("\n").forEach((line, index) => {
    for (const [pattern, rule] of CODE_RULES) {
      for (const match of line.matchAll(pattern)) problems.push({ file, line: index + 1, text: match[0], rule });
    }
  });
  return [...problems, ...missingDocsPaths(file, text, exists)];
}

/**
 * The pointers of a Markdown document that do not open: cited `docs/…` paths (from the repository's root) and relative
 * links `](target)` (from the document's folder; web addresses, anchors and mail links are not files).
 */
function docPointerProblems(file: string, text: string, exists: (repoPath: string) => boolean): Problem[] {
  const problems = missingDocsPaths(file, text, exists);
  text.split("\n").forEach((line, index) => {
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (match[1] ?? "").split("#")[0] ?? "";
      if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const repoPath = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      if (!exists(repoPath))
        problems.push({ file, line: index + 1, text: target, rule: "the linked file does not exist" });
    }
  });
  return problems;
}

/**
 * What is wrong with the decision records: `index` is docs/decisions/README.md's text, `records` maps each record's
 * file name (NNN-title.md) to its text. Each record must be linked from the index and carry a `Status:` line in its
 * first lines; a record number its status names must be a record.
 */
function recordProblems(index: string, records: Map<string, string>): string[] {
  const problems: string[] = [];
  const numbers = new Set([...records.keys()].map((name) => name.slice(0, 3)));
  for (const [name, text] of records) {
    if (!index.includes(`](${name})`)) problems.push(`${name}: not listed in docs/decisions/README.md`);
    const head = text.split("\n").slice(0, 8).join("\n");
    const status = /Status: [^\n]*(?:\n[^\n#][^\n]*)*/.exec(head)?.[0];
    if (!status || !/Status: (accepted|superseded by \d{3})/.test(status)) {
      problems.push(`${name}: no "Status: accepted" or "Status: superseded by NNN" line near the top`);
      continue;
    }
    for (const named of status.matchAll(/\b\d{3}\b/g)) {
      if (!numbers.has(named[0])) problems.push(`${name}: its status names ${named[0]}, which is not a record`);
    }
  }
  return problems;
}

const SKIPPED_FOLDERS = new Set(["node_modules", "build", "dist", "generated", ".react-router", "e2e-output"]);
const CODE_FILE = /\.(ts|tsx|mts|js|mjs|cjs|css)$/;

/** Repository-relative paths of the files under `folder` whose name `accept` takes, skipping generated folders. */
function filesUnder(folder: string, accept: (name: string) => boolean): string[] {
  const absolute = path.join(ROOT, folder);
  if (!fs.existsSync(absolute)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    const child = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...filesUnder(child, accept));
    } else if (accept(entry.name)) found.push(child);
  }
  return found;
}

const existsInRepo = (repoPath: string) => fs.existsSync(path.join(ROOT, repoPath));
const read = (repoPath: string) => fs.readFileSync(path.join(ROOT, repoPath), "utf8");
const format = (problems: Problem[]) => problems.map((p) => `${p.file}:${p.line} ${p.text} — ${p.rule}`);

describe("pointers in the code open", () => {
  const exists = (repoPath: string) => repoPath === "docs/product.md";

  it("fails on a tracker issue, by number or by title", () => {
    const text = [
      "/** Attribution (issue 6). */",
      "// see Issues #12",
      '// (issue "the lead desk")',
      '// (issue text "agent on a phone")',
      "// the issue's table, a connection issue",
    ].join("\n");
    expect(codePointerProblems("src/x.ts", text, exists).map((p) => p.line)).toEqual([1, 2, 3, 4]);
  });

  it("fails on a decision cited by its title or number instead of its file", () => {
    const text = [
      '// (docs/decisions "script nonce")',
      "// (docs/decisions/022)",
      "// (decision 049)",
      "// docs/decisions/019-script-nonce.md and docs/decisions/README.md",
    ].join("\n");
    const problems = codePointerProblems(
      "src/x.ts",
      text,
      (p) => p === "docs/decisions/019-script-nonce.md" || p === "docs/decisions/README.md",
    );
    expect(problems.filter((p) => p.rule.startsWith("a decision")).map((p) => p.line)).toEqual([1, 2, 3]);
    expect(problems.some((p) => p.line === 4)).toBe(false);
  });

  it("fails on STACK-NOTES and on a docs path that does not exist, not on one that does", () => {
    const text = ['// (STACK-NOTES "Browser tests")', "// docs/product.md §2.1, docs/produkt.md §2.1"].join("\n");
    expect(format(codePointerProblems("src/x.ts", text, exists))).toEqual([
      expect.stringContaining("src/x.ts:1 STACK-NOTES"),
      expect.stringContaining("src/x.ts:2 docs/produkt.md — the cited path does not exist"),
    ]);
  });

  it("holds for every file of src/, e2e/, bench/, scripts/ and the root config files", () => {
    const files = [
      ...["src", "e2e", "bench", "scripts"].flatMap((folder) => filesUnder(folder, (name) => CODE_FILE.test(name))),
      ...fs.readdirSync(ROOT).filter((name) => CODE_FILE.test(name)),
    ].filter((file) => file !== THIS_FILE);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) => codePointerProblems(file, read(file), existsInRepo));
    expect(format(problems)).toEqual([]);
  });
});

describe("pointers in the docs open", () => {
  it("fails on a relative link or a docs path to a missing file", () => {
    const text = "[002](decisions/002-x.md), [web](performance/web.md), see docs/nothing.md, [site](https://x.sa/a.md)";
    const problems = docPointerProblems("docs/product.md", text, (p) => p === "docs/performance/web.md");
    expect(problems.map((p) => p.text)).toEqual(["docs/nothing.md", "decisions/002-x.md"]);
  });

  it("holds for README.md and every document under docs/ except the decision records", () => {
    const files = [
      "README.md",
      ...filesUnder("docs", (name) => name.endsWith(".md")).filter((file) => !/^docs\/decisions\/\d{3}-/.test(file)),
    ];
    expect(files).toContain("docs/decisions/README.md");
    const problems = files.flatMap((file) => docPointerProblems(file, read(file), existsInRepo));
    expect(format(problems)).toEqual([]);
  });
});

describe("the decision records are indexed and carry their status", () => {
  it("fails on a record missing from the index, without a Status line, or naming a record that does not exist", () => {
    const records = new Map([
      ["001-a.md", "# 001 — A\n\nDate: 2026-11-22 · Status: accepted\n"],
      ["002-b.md", "# 002 — B\n\nDate: 2026-11-22\n"],
      ["003-c.md", "# 003 — C\n\nDate: 2026-11-22 · Status: superseded by 009\n"],
    ]);
    expect(recordProblems("| [001](001-a.md) |\n| [003](003-c.md) |", records)).toEqual([
      "002-b.md: not listed in docs/decisions/README.md",
      '002-b.md: no "Status: accepted" or "Status: superseded by NNN" line near the top',
      "003-c.md: its status names 009, which is not a record",
    ]);
  });

  it("holds for docs/decisions", () => {
    const names = fs.readdirSync(path.join(ROOT, "docs/decisions")).filter((name) => /^\d{3}-.+\.md$/.test(name));
    expect(names.length).toBeGreaterThan(40);
    const records = new Map(names.map((name) => [name, read(`docs/decisions/${name}`)]));
    expect(recordProblems(read("docs/decisions/README.md"), records)).toEqual([]);
  });
});
