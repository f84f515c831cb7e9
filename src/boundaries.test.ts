/**
 * The lines between the source folders (ARCHITECTURE.md "Layout"), checked on every import of every file under src/:
 *
 * - `src/domain` imports nothing of ours outside itself; `src/server` never imports `src/web`, nor `src/web` the server;
 * - `src/web/public` ↛ `src/web/admin`, `src/web/admin` ↛ `src/web/public`, `src/web/shared` ↛ public | admin;
 * - inside admin, a feature folder (`admin/<feature>/`) imports only its own files, `shared/`, `admin/shell`,
 *   `admin/common` and another feature's `api.ts` (its TanStack Query hooks);
 * - `src/web/test-utils` is imported by tests only;
 * - one import style in src/web: `~/…` for src/web, `#domain/…` for src/domain, a relative path only within one
 *   folder (`./x.ts`), and `/public/…?raw` for the text of a static file the site also serves (read at build time);
 *   no other path from the repository's root.
 *
 * Imports are read with TypeScript's own scanner (`ts.preProcessFile`: static, type-only, dynamic imports and
 * re-exports), not with regular expressions. A failure names the file, the import and the line it crosses.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The folder a repository-relative path belongs to for these rules, or null when no rule reads it. */
function zoneOf(file: string): string | null {
  if (file.startsWith("src/domain/")) return "domain";
  if (file.startsWith("src/server/")) return "server";
  const web = /^src\/web\/([^/]+)\//.exec(file);
  if (web) return ["public", "admin", "shared", "test-utils"].includes(web[1]) ? web[1] : "web";
  if (/^src\/web\/[^/]+$/.test(file)) return "web";
  return null;
}

/** The admin folder (feature, `shell` or `common`) of a path under src/web/admin, else null. */
function adminFolder(file: string): string | null {
  return /^src\/web\/admin\/([^/]+)\//.exec(file)?.[1] ?? null;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("src/web/test-utils/");

/** Repository-relative target of an import specifier, or null for a package (or a generated `./+types` module). */
function resolveSpecifier(from: string, specifier: string): string | null {
  const spec = specifier.split("?")[0];
  if (spec.includes("/+types/")) return null;
  if (spec.startsWith("~/")) return path.posix.join("src/web", spec.slice(2));
  if (spec.startsWith("#domain/")) return path.posix.join("src/domain", spec.slice("#domain/".length));
  if (spec.startsWith(".")) return path.posix.join(path.posix.dirname(from), spec);
  return null;
}

/** One crossed line: where, which import, which rule. */
interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

/**
 * The violations of one file's imports. `file` is repository-relative (posix separators), `text` its source.
 * Pure, so a test can plant a bad file without writing it to disk.
 */
function checkImports(file: string, text: string): Violation[] {
  const from = zoneOf(file);
  if (from === null) return [];
  const out: Violation[] = [];
  const { importedFiles } = ts.preProcessFile(text, true, true);
  for (const { fileName: specifier, pos } of importedFiles) {
    const line = text.slice(0, pos).split("\n").length;
    const fail = (rule: string) => out.push({ file, line, specifier, rule });
    const inWeb = file.startsWith("src/web/");
    if (inWeb && specifier.startsWith(".") && !/^\.\/(\+types\/)?[^/]+$/.test(specifier)) {
      fail("src/web: a relative import stays within its folder (./x); elsewhere use ~/… or #domain/…");
    }
    if (inWeb && specifier.startsWith("/") && !/^\/public\/[^?]+\?raw$/.test(specifier)) {
      fail("src/web: a path from the repository's root only as /public/…?raw");
    }
    if (inWeb && /(^|\/)domain\//.test(specifier) && !specifier.startsWith("#domain/")) {
      fail("src/web imports src/domain as #domain/…");
    }
    const target = resolveSpecifier(file, specifier);
    if (target === null) continue;
    const to = zoneOf(target);
    if (from === "domain" && to !== "domain") fail("domain ↛ anything of ours outside src/domain");
    if (from === "server" && target.startsWith("src/web/")) fail("server ↛ web");
    if (inWeb && to === "server") fail("web ↛ server");
    if (from === "public" && to === "admin") fail("public ↛ admin");
    if (from === "admin" && to === "public") fail("admin ↛ public");
    if (from === "shared" && (to === "public" || to === "admin")) fail("shared ↛ public | admin");
    if (to === "test-utils" && !isTest(file)) fail("test-utils are imported by tests only");
    const own = adminFolder(file);
    const other = adminFolder(target);
    if (own && other && own !== other && own !== "shell" && other !== "shell" && other !== "common") {
      if (path.posix.basename(target) !== "api.ts") {
        fail("an admin feature imports only shared/, admin/shell, admin/common and another feature's api.ts");
      }
    }
  }
  return out;
}

/** Every .ts/.tsx file under src/, repository-relative. */
function sourceFiles(dir = "src"): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe("folder boundaries", () => {
  it("no import under src/ crosses a line of the layout", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const violations = files.flatMap((file) => checkImports(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(violations.map((v) => `${v.file}:${v.line} "${v.specifier}" — ${v.rule}`)).toEqual([]);
  });

  it("fails on planted bad imports", () => {
    const planted = (file: string, specifier: string) =>
      checkImports(file, `import { x } from "${specifier}";\nexport const y = x;\n`).map((v) => v.rule);
    expect(planted("src/web/public/components/bad.tsx", "~/admin/projects/api.ts")).toEqual(["public ↛ admin"]);
    expect(planted("src/web/admin/projects/bad.tsx", "~/public/lib/page-meta.ts")).toEqual(["admin ↛ public"]);
    expect(planted("src/web/shared/ui/bad.tsx", "~/admin/shell/session-provider.tsx")).toEqual([
      "shared ↛ public | admin",
    ]);
    expect(planted("src/domain/bad.ts", "../web/shared/lib/cn.ts")).toEqual([
      "domain ↛ anything of ours outside src/domain",
    ]);
    expect(planted("src/server/bad.ts", "../web/routes.ts")).toEqual(["server ↛ web"]);
    expect(planted("src/web/shared/lib/bad.ts", "~/../server/app.ts")).toEqual(["web ↛ server"]);
    expect(planted("src/web/admin/updates/bad.tsx", "~/admin/projects/project-form.tsx")).toEqual([
      "an admin feature imports only shared/, admin/shell, admin/common and another feature's api.ts",
    ]);
    expect(planted("src/web/admin/updates/bad.tsx", "~/admin/projects/api.ts")).toEqual([]);
    expect(planted("src/web/public/components/bad.tsx", "/src/server/app.ts")).toEqual([
      "src/web: a path from the repository's root only as /public/…?raw",
    ]);
    expect(planted("src/web/bad.tsx", "/public/favicon.svg?raw")).toEqual([]);
    expect(planted("src/web/public/lib/bad.ts", "../../../domain/format.ts")).toEqual([
      "src/web: a relative import stays within its folder (./x); elsewhere use ~/… or #domain/…",
      "src/web imports src/domain as #domain/…",
    ]);
    expect(planted("src/web/public/lib/bad.ts", "~/test-utils/public-fixtures.ts")).toEqual([
      "test-utils are imported by tests only",
    ]);
    // Type-only imports, re-exports and dynamic imports are read too.
    expect(
      checkImports("src/web/public/bad.ts", 'export type { A } from "~/admin/shell/auth-permissions.ts";').length,
    ).toBe(1);
    expect(checkImports("src/web/public/bad.ts", 'const m = () => import("~/admin/leads/api.ts");').length).toBe(1);
  });
});
