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
 *   no other path from the repository's root;
 * - in src/server, a module (`modules/<name>/`) imports another module only through its `service.ts` or a public
 *   file named in MODULE_FACES, and only along an edge of MODULE_GRAPH; that graph has no circle (so no two modules
 *   depend on each other both ways), save the edges listed in EDGES_TO_GO;
 * - `src/server/lib` imports no module, plugin, page-delivery or app file: only lib/, db/, config.ts and src/domain;
 * - no import circle among the files of src/ (tests aside), type-only imports included;
 * - src/server imports src/domain as `#domain/…` too, and no import under src/ climbs three folders (`../../../`).
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

const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.startsWith("src/web/test-utils/") || file.startsWith("src/server/test-utils/");

/** Repository-relative target of an import specifier, or null for a package (or a generated `./+types` module). */
function resolveSpecifier(from: string, specifier: string): string | null {
  const spec = specifier.split("?")[0];
  if (spec.includes("/+types/")) return null;
  if (spec.startsWith("~/")) return path.posix.join("src/web", spec.slice(2));
  if (spec.startsWith("#domain/")) return path.posix.join("src/domain", spec.slice("#domain/".length));
  if (spec.startsWith("#server/")) return path.posix.join("src/server", spec.slice("#server/".length));
  if (spec.startsWith(".")) return path.posix.join(path.posix.dirname(from), spec);
  return null;
}

/**
 * The modules of src/server/modules and the modules each may import (ARCHITECTURE.md "Layout": a module reaches
 * another only through its service.ts; no two modules depend on each other). An import along an edge that is not
 * listed fails, so a new dependency between modules is a visible change of this table.
 */
const MODULE_GRAPH: Record<string, string[]> = {
  affordability: [],
  audit: [],
  auth: ["audit", "permissions"],
  // Licence alerts go through the lead desk's notification outbox (docs/compliance.md).
  compliance: ["audit", "leads", "permissions"],
  conversions: ["audit", "leads"],
  landing: ["audit", "conversions", "leads", "publishing"],
  // Platform lead forms enter through intake and read Meta's Graph version from conversions (docs/lead-forms.md).
  "lead-forms": ["audit", "conversions", "leads"],
  // Conversions hear of leads through leads/events.ts (docs/decisions/062-lead-modules-and-events.md), never the reverse.
  leads: ["audit", "inventory", "maintenance", "permissions"],
  // The live unit inventory (docs/decisions/076-unit-inventory-states-and-holds.md): units and the desk call it.
  inventory: ["audit"],
  maintenance: ["auth"],
  media: [],
  // Online deposits (docs/payments.md): the reservation enters through leads' intake, the hold through inventory.
  payments: ["audit", "conversions", "inventory", "leads"],
  permissions: ["audit"],
  projects: ["audit", "leads", "publishing", "updates"],
  publishing: ["audit"],
  site: [],
  units: ["audit", "inventory", "projects", "publishing"],
  updates: ["audit", "publishing"],
  uploads: ["audit", "media"],
  users: ["audit", "auth", "permissions"],
  visits: ["audit", "leads", "whatsapp"],
  whatsapp: ["audit", "leads", "uploads"],
};

/** Edges of MODULE_GRAPH that close a circle today and are to go (none left). */
const EDGES_TO_GO: [string, string][] = [];

/** Files of a module that other modules may import besides its service.ts (its public face). */
const MODULE_FACES: Record<string, string[]> = {
  auth: ["throttle.ts"],
  conversions: ["checkout-events.ts", "funnel.ts", "outbox.ts", "platforms.ts"],
  // The lead's three parts each have their service (docs/decisions/062-lead-modules-and-events.md).
  leads: [
    "desk/service.ts",
    "events.ts",
    "intake/service.ts",
    "mail.ts",
    "outbox.ts",
    "privacy/service.ts",
    "rate-limit.ts",
    "webhook-address.ts",
    "worker.ts",
  ],
  maintenance: ["jobs.ts"],
};

/** Import circles among files that exist today and are to go (none left). */
const CIRCLES_TO_GO: string[][] = [];

/** The module (`modules/<name>/`) a repository-relative path of src/server belongs to, else null. */
function moduleOf(file: string): string | null {
  return /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** Folders and files of src/server that src/server/lib may import (besides src/domain). */
const LIB_MAY_IMPORT = /^src\/server\/(lib\/|db\/|config\.ts$)/;

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
    if (from === "server" && /^(\.\.\/)+domain\//.test(specifier)) fail("src/server imports src/domain as #domain/…");
    if (specifier.startsWith("../../../")) fail("no import climbs three folders: use #domain/…, #server/… or ~/…");
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
    if (from === "server" && to === "server" && !isTest(file)) {
      const [a, b] = [moduleOf(file), moduleOf(target)];
      if (a && b && a !== b) {
        const face = path.posix.relative(`src/server/modules/${b}`, target);
        if (face !== "service.ts" && !(MODULE_FACES[b] ?? []).includes(face)) {
          fail("a server module imports another module only through its service.ts or a file of MODULE_FACES");
        }
        if (!(MODULE_GRAPH[a] ?? []).includes(b)) fail(`server module ${a} → ${b} is not an edge of MODULE_GRAPH`);
      }
      if (file.startsWith("src/server/lib/") && !LIB_MAY_IMPORT.test(target)) {
        fail("src/server/lib imports only lib/, db/, config.ts and src/domain (no module, plugin or page delivery)");
      }
    }
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

/**
 * The circles of a directed graph (Tarjan's strongly connected components): each circle is the sorted list of its
 * nodes; a node that imports itself is a circle of one. Output: circles sorted by their first node.
 */
function circlesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || (graph.get(node) ?? []).includes(node)) out.push(members.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return out.sort((x, y) => x[0].localeCompare(y[0]));
}

/** The import graph of `files` (repository-relative path → source text): file → the files of the set it imports. */
function importGraph(files: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const targets = ts
      .preProcessFile(text, true, true)
      .importedFiles.map(({ fileName }) => resolveSpecifier(file, fileName))
      .filter((target): target is string => target !== null && files.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The module graph as a node → successors map, without the edges to go. */
function moduleGraph(): Map<string, string[]> {
  const toGo = new Set(EDGES_TO_GO.map(([a, b]) => `${a}→${b}`));
  return new Map(
    Object.entries(MODULE_GRAPH).map(([a, targets]) => [a, targets.filter((b) => !toGo.has(`${a}→${b}`))]),
  );
}

describe("folder boundaries", () => {
  it("no import under src/ crosses a line of the layout", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const violations = files.flatMap((file) => checkImports(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(violations.map((v) => `${v.file}:${v.line} "${v.specifier}" — ${v.rule}`)).toEqual([]);
  });

  it("lists a module graph without a circle, and every module of src/server/modules in it", () => {
    expect(circlesOf(moduleGraph())).toEqual([]);
    const modules = fs.readdirSync(path.join(ROOT, "src/server/modules")).sort();
    expect(Object.keys(MODULE_GRAPH).sort()).toEqual(modules);
    for (const [a, b] of EDGES_TO_GO) expect(MODULE_GRAPH[a]).toContain(b);
  });

  it("has no import circle among the files of src/ (tests aside)", () => {
    const files = new Map(
      sourceFiles()
        .filter((file) => !isTest(file))
        .map((file) => [file, fs.readFileSync(path.join(ROOT, file), "utf8")]),
    );
    const known = new Set(CIRCLES_TO_GO.map((circle) => circle.join(" ⇄ ")));
    const circles = circlesOf(importGraph(files)).map((circle) => circle.join(" ⇄ "));
    expect(circles.filter((circle) => !known.has(circle))).toEqual([]);
  });

  it("fails on a planted import circle and on a module graph with a two-way pair", () => {
    const planted = new Map([
      ["src/server/lib/a.ts", 'import { b } from "./b.ts";'],
      ["src/server/lib/b.ts", 'import type { C } from "./c.ts";'],
      ["src/server/lib/c.ts", 'export { a } from "./a.ts";'],
      ["src/server/lib/d.ts", 'import { a } from "./a.ts";'],
    ]);
    expect(circlesOf(importGraph(planted))).toEqual([
      ["src/server/lib/a.ts", "src/server/lib/b.ts", "src/server/lib/c.ts"],
    ]);
    const twoWay = new Map([
      ["projects", ["units"]],
      ["units", ["projects"]],
      ["audit", []],
    ]);
    expect(circlesOf(twoWay)).toEqual([["projects", "units"]]);
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
      "no import climbs three folders: use #domain/…, #server/… or ~/…",
    ]);
    expect(planted("src/web/public/lib/bad.ts", "~/test-utils/public-fixtures.ts")).toEqual([
      "test-utils are imported by tests only",
    ]);
    expect(planted("src/server/modules/landing/bad.ts", "../leads/desk-service.ts")).toEqual([
      "a server module imports another module only through its service.ts or a file of MODULE_FACES",
    ]);
    expect(planted("src/server/modules/landing/bad.ts", "../leads/outbox.ts")).toEqual([]);
    expect(planted("src/server/modules/projects/bad.ts", "../units/service.ts")).toEqual([
      "server module projects → units is not an edge of MODULE_GRAPH",
    ]);
    expect(planted("src/server/modules/units/bad.ts", "../projects/service.ts")).toEqual([]);
    expect(planted("src/server/modules/projects/bad.test.ts", "../units/service.ts")).toEqual([]);
    expect(planted("src/server/lib/bad.ts", "../modules/audit/service.ts")).toEqual([
      "src/server/lib imports only lib/, db/, config.ts and src/domain (no module, plugin or page delivery)",
    ]);
    expect(planted("src/server/lib/bad.ts", "../plugins/auth.ts")).toEqual([
      "src/server/lib imports only lib/, db/, config.ts and src/domain (no module, plugin or page delivery)",
    ]);
    expect(planted("src/server/lib/bad.ts", "../db/connection.ts")).toEqual([]);
    expect(planted("src/server/modules/units/bad.ts", "../../../domain/format.ts")).toEqual([
      "src/server imports src/domain as #domain/…",
      "no import climbs three folders: use #domain/…, #server/… or ~/…",
    ]);
    expect(planted("src/server/main-bad.ts", "../domain/format.ts")).toEqual([
      "src/server imports src/domain as #domain/…",
    ]);
    expect(planted("src/server/modules/units/bad.ts", "#domain/format.ts")).toEqual([]);
    // Type-only imports, re-exports and dynamic imports are read too.
    expect(
      checkImports("src/web/public/bad.ts", 'export type { A } from "~/admin/shell/auth-permissions.ts";').length,
    ).toBe(1);
    expect(checkImports("src/web/public/bad.ts", 'const m = () => import("~/admin/leads/api.ts");').length).toBe(1);
  });
});

/**
 * Public widgets (docs/public-pages.md §4, docs/decisions/067-public-widgets-one-implementation.md): a public page is
 * never hydrated, so its behaviour is the islands' alone.
 * - An island (`src/web/public/widgets/<name>/<name>.island.ts`, and the islands runtime `src/web/public/islands/*.ts`)
 *   reaches, through all of its imports, no React, no React Router and no `.tsx` file; the one named exception is
 *   the staff session banners' island, which loads the React banners on demand (REACT_ISLANDS).
 * - A public `.tsx` (src/web/public) is markup: it calls no React state, effect or navigation-state hook
 *   (STATE_HOOKS) and passes no event prop (`on…={…}`); the React banners' own files are the exception.
 */
const REACT_ISLANDS: Record<string, string[]> = {
  "src/web/public/widgets/session-banners/session-banners.island.ts": [
    "src/web/public/widgets/session-banners/session-banners-root.tsx",
  ],
};
const REACT_ISLAND_FILES = new Set(
  Object.values(REACT_ISLANDS).flat().concat("src/web/public/widgets/session-banners/session-check.tsx"),
);
/** Packages an island may not reach. */
const REACT_PACKAGE = /^(react|react-dom|react-router|@react-router\/[^/]+)(\/|$)/;
/** Hooks that hold state, run effects or read client-side navigation: none has a use in markup served as islands. */
const STATE_HOOKS = new Set([
  "useState",
  "useReducer",
  "useEffect",
  "useLayoutEffect",
  "useInsertionEffect",
  "useRef",
  "useImperativeHandle",
  "useCallback",
  "useMemo",
  "useSyncExternalStore",
  "useTransition",
  "useDeferredValue",
  "useOptimistic",
  "useActionState",
  "useNavigation",
  "useNavigate",
  "useFetcher",
  "useSubmit",
  "useRevalidator",
  "useBlocker",
]);

/** Whether `file` is an island: a widget's `*.island.ts` or a module of the islands runtime (tests aside). */
const isIsland = (file: string) =>
  !isTest(file) &&
  (/^src\/web\/public\/widgets\/[^/]+\/[^/]+\.island\.ts$/.test(file) ||
    /^src\/web\/public\/islands\/[^/]+\.ts$/.test(file));

/**
 * The island rule's violations of `island`, following its imports through `files` (path → source): a React or React
 * Router package, or a `.tsx` file, reached from it (the chain of files is named), save REACT_ISLANDS' named edges.
 */
function checkIsland(island: string, files: Map<string, string>): Violation[] {
  const out: Violation[] = [];
  const seen = new Set([island]);
  const queue: [file: string, chain: string[]][] = [[island, [island]]];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [file, chain] = next;
    const text = files.get(file) ?? "";
    for (const { fileName: specifier, pos } of ts.preProcessFile(text, true, true).importedFiles) {
      const line = text.slice(0, pos).split("\n").length;
      const fail = (rule: string) => out.push({ file, line, specifier, rule: `${rule} (${chain.join(" → ")})` });
      if (REACT_PACKAGE.test(specifier)) fail("an island imports no React and no React Router");
      const target = resolveSpecifier(file, specifier);
      if (target === null || seen.has(target)) continue;
      if ((REACT_ISLANDS[file] ?? []).includes(target)) continue;
      if (target.endsWith(".tsx")) fail("an island imports no .tsx");
      else if (files.has(target)) {
        seen.add(target);
        queue.push([target, [...chain, target]]);
      }
    }
  }
  return out;
}

/** The markup rule's violations of a public `.tsx`: state, effect or navigation-state hooks, and event props. */
function checkPublicMarkup(file: string, text: string): Violation[] {
  if (isTest(file) || !file.startsWith("src/web/public/") || !file.endsWith(".tsx") || REACT_ISLAND_FILES.has(file)) {
    return [];
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: Violation[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      if (ts.isIdentifier(callee) && STATE_HOOKS.has(callee.text)) {
        out.push({ file, line: at(node), specifier: callee.text, rule: "a public .tsx uses no React state or effect" });
      }
    }
    if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name) && /^on[A-Z]/.test(node.name.text)) {
      out.push({ file, line: at(node), specifier: node.name.text, rule: "a public .tsx passes no event prop" });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe("public widgets", () => {
  const web = new Map(
    sourceFiles("src/web").map((file) => [file, fs.readFileSync(path.join(ROOT, file), "utf8")] as const),
  );
  const show = (v: Violation) => `${v.file}:${v.line} "${v.specifier}" — ${v.rule}`;

  it("no island reaches React, React Router or a .tsx (the staff banners' island aside)", () => {
    const islands = [...web.keys()].filter(isIsland);
    expect(islands.length).toBeGreaterThan(10);
    expect(islands.flatMap((island) => checkIsland(island, web)).map(show)).toEqual([]);
  });

  it("no public .tsx uses React state, effects or event props", () => {
    const markup = [...web.keys()].filter((file) => file.startsWith("src/web/public/") && file.endsWith(".tsx"));
    expect(markup.length).toBeGreaterThan(20);
    expect(markup.flatMap((file) => checkPublicMarkup(file, web.get(file) ?? "")).map(show)).toEqual([]);
  });

  it("fails on planted islands and markup", () => {
    const island = "src/web/public/widgets/bad/bad.island.ts";
    const planted = (text: string, more: [string, string][] = []) =>
      checkIsland(island, new Map([[island, text], ...more])).map((v) => v.rule.replace(/ \(.*\)$/, ""));
    expect(planted('import { useState } from "react";')).toEqual(["an island imports no React and no React Router"]);
    expect(planted('import { Link } from "react-router";')).toEqual(["an island imports no React and no React Router"]);
    expect(planted('import { Hero } from "~/public/widgets/hero/hero.tsx";')).toEqual(["an island imports no .tsx"]);
    expect(
      planted('import { x } from "./helper.ts";', [["src/web/public/widgets/bad/helper.ts", 'import "react-dom";']]),
    ).toEqual(["an island imports no React and no React Router"]);
    expect(planted('const m = () => import("./bad-root.tsx");')).toEqual(["an island imports no .tsx"]);
    const markup = (text: string) =>
      checkPublicMarkup("src/web/public/widgets/bad/bad.tsx", text).map((v) => `${v.specifier}: ${v.rule}`);
    expect(markup("const [a] = useState(0);\nReact.useEffect(() => {});")).toEqual([
      "useState: a public .tsx uses no React state or effect",
      "useEffect: a public .tsx uses no React state or effect",
    ]);
    expect(markup("export const B = () => <button type='button' onClick={() => {}} />;")).toEqual([
      "onClick: a public .tsx passes no event prop",
    ]);
    expect(markup("export const B = () => <p data-x='1'>{useLoaderData()}</p>;")).toEqual([]);
  });
});
