import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  minifySync,
  type Plugin,
  parseAst,
} from "vite";
import { subsetFonts } from "./scripts/subset-fonts.mjs";

/** Writes the subset web fonts that src/web/app.css loads before any CSS is transformed (build and dev). */
const subsetFontsPlugin: Plugin = {
  name: "subset-fonts",
  async buildStart() {
    await subsetFonts({ root: fileURLToPath(new URL(".", import.meta.url)) });
  },
};

/** The module that keeps the boot functions' minified texts (src/web/boot/inline-script.ts). */
const INLINE_SCRIPT = fileURLToPath(new URL("src/web/boot/inline-script.ts", import.meta.url));

/**
 * The boot scripts' minified texts in the build (src/web/boot/inline-script.ts): each exported function of a
 * `*.boot.ts` module is minified (whitespace and local names; not compressed, so it runs as written and tested) and
 * registered with `registerBootText` by code appended to its module. Minifying the module itself would not do: the
 * bundler prints its functions with whitespace again. Development and tests use the functions' own text.
 */
const bootScriptsPlugin: Plugin = {
  name: "boot-scripts",
  apply: "build",
  enforce: "post",
  transform(code, id) {
    if (!/\.boot\.ts$/.test(id.split("?")[0])) return null;
    const minified = minifySync(id, code, { module: true, compress: false, mangle: { toplevel: false } }).code;
    const registrations: string[] = [];
    for (const node of parseAst(minified).body) {
      if (node.type !== "ExportNamedDeclaration" || node.declaration?.type !== "FunctionDeclaration") continue;
      const { id: name, start, end } = node.declaration as typeof node.declaration & { start: number; end: number };
      if (name) registrations.push(`registerBootText(${name.name}, ${JSON.stringify(minified.slice(start, end))});`);
    }
    const register = `import { registerBootText } from ${JSON.stringify(INLINE_SCRIPT)};`;
    return { code: `${register}\n${code}\n${registrations.join("\n")}\n`, map: null };
  },
};

/** The islands entry of public pages (docs/decisions/046-public-pages-as-islands.md); the page bridge names the same
 * source module for Vite's development server (src/server/pages/plugin.ts). */
const ISLANDS_ENTRY = fileURLToPath(new URL("src/web/public/islands/entry.ts", import.meta.url));
/** Where the client build records the hashed URL of the islands entry for the server: `{ "entry": "/assets/…js" }`. */
const ISLANDS_MANIFEST = fileURLToPath(new URL("build/islands-manifest.json", import.meta.url));

/**
 * Builds the islands entry as its own entry chunk of the client build (hashed, immutable, with its own dynamic
 * imports) and writes its URL to ISLANDS_MANIFEST, which the page bridge (src/server/pages/plugin.ts) reads at start.
 * React Router's client build knows only route modules; the islands entry is no route module and imports none.
 */
function islandsEntryPlugin(): Plugin {
  let reference = "";
  return {
    name: "islands-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      reference = this.emitFile({ type: "chunk", id: ISLANDS_ENTRY, name: "islands" });
    },
    generateBundle() {
      mkdirSync(path.dirname(ISLANDS_MANIFEST), { recursive: true });
      writeFileSync(ISLANDS_MANIFEST, `${JSON.stringify({ entry: `/${this.getFileName(reference)}` })}\n`);
    },
  };
}

/**
 * Client chunk group (docs/performance/web.md): the framework (React, React DOM, React Router) travels as one chunk
 * instead of many for the back office and any page React hydrates. Public pages are islands (ISLANDS_ENTRY) and load
 * none of it: nothing the islands entry imports statically may be in the framework group (rolldown also puts a grouped
 * module's dependencies in its group), or the group, and React with it, would come with the islands' few kilobytes.
 * The widgets' contracts are a group of their own, which imports nothing.
 */
export default defineConfig({
  plugins: [subsetFontsPlugin, tailwindcss(), reactRouter(), islandsEntryPlugin(), bootScriptsPlugin],
  // `#domain/…` names src/domain under the "source" condition (package.json "imports"; docs/decisions/064-domain-imports-in-the-compiled-server.md).
  resolve: { tsconfigPaths: true, conditions: [...defaultClientConditions, "source"] },
  ssr: { resolve: { conditions: [...defaultServerConditions, "source"] } },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
                // The widgets' contracts (island names and data attributes, tens to hundreds of bytes each, no runtime
                // imports): one chunk the islands entry imports, not one request each
                // (docs/decisions/127-islands-load-only-the-enhancers-a-page-has.md).
                {
                  name: "island-contracts",
                  test: /[\\/]src[\\/]web[\\/]public[\\/](widgets[\\/][^\\/]+|islands)[\\/]contract\.ts$/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
