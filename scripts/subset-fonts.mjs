/**
 * Build-time font subsetting (docs/decisions/023-hydrate-after-paint-and-cacheable-pages.md, docs/performance/web.md):
 * writes IBM Plex Sans Arabic 400 and 700 (Arabic) and 400 (Latin) as WOFF2 holding only the characters the site uses,
 * to src/web/fonts/generated/ (git-ignored), with subset-font (HarfBuzz hb-subset, which keeps the
 * Arabic shaping tables: joining forms and ligatures of the kept letters stay).
 * The characters: {@link BASE_RANGES} (every Arabic letter, mark, digit and punctuation of the basic Arabic block, ASCII,
 * the NBSP, a few typographic marks — database content such as project names is written with these) plus every
 * character of the source texts (src/domain, src/web). Anything else falls back to the next font of the stack.
 * Exports `subsetFonts({ root })` (used by the Vite plugin in vite.config.ts); skips the work when the outputs are
 * newer than the inputs. Also runs as `node scripts/subset-fonts.mjs`.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

/**
 * Unicode ranges always kept (inclusive): the Arabic letters, marks, digits and punctuation Arabic text is written with
 * (، ؛ ؟ ء–ي, tanwin/harakat/shadda/sukun, ٠–٩ ٪ ٫ ٬, superscript alef), ASCII, NBSP, ×, dashes, quotes, bullet,
 * ellipsis and the bidi marks; not the Persian/Urdu letters or the presentation-form blocks.
 */
export const BASE_RANGES = [
  [0x0020, 0x007e],
  [0x00a0, 0x00a0],
  [0x00d7, 0x00d7],
  [0x060c, 0x060c],
  [0x061b, 0x061b],
  [0x061f, 0x061f],
  [0x0621, 0x0652],
  [0x0660, 0x066d],
  [0x0670, 0x0670],
  [0x200c, 0x200f],
  [0x2010, 0x2014],
  [0x2018, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
];

const WEIGHTS = [400, 700];
const SOURCE_DIRS = ["src/domain", "src/web"];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated") yield* sourceFiles(file);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

/** The characters to keep: the base ranges plus every non-ASCII character written in the sources. */
export function siteCharacters(root) {
  const chars = new Set();
  for (const [from, to] of BASE_RANGES) for (let c = from; c <= to; c++) chars.add(String.fromCodePoint(c));
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(root, dir))) {
      for (const ch of readFileSync(file, "utf8")) {
        const code = ch.codePointAt(0) ?? 0;
        // Only letters of scripts the font has (Arabic blocks, Latin-1, general punctuation): no emoji or symbols.
        if (
          (code >= 0x00a0 && code <= 0x00ff) ||
          (code >= 0x0600 && code <= 0x08ff) ||
          (code >= 0x2000 && code <= 0x206f)
        )
          chars.add(ch);
      }
    }
  }
  return [...chars].sort().join("");
}

/** Writes the subset fonts when the characters or the package changed; returns the output folder. */
export async function subsetFonts({ root }) {
  const out = path.join(root, "src", "web", "fonts", "generated");
  const text = siteCharacters(root);
  const source = (weight) =>
    path.join(
      root,
      "node_modules",
      "@fontsource",
      "ibm-plex-sans-arabic",
      "files",
      `ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`,
    );
  const latin = (weight) =>
    path.join(
      root,
      "node_modules",
      "@fontsource",
      "ibm-plex-sans-arabic",
      "files",
      `ibm-plex-sans-arabic-latin-${weight}-normal.woff2`,
    );
  const stamp = createHash("sha256")
    .update(text)
    .update(WEIGHTS.map((w) => `${w}:${statSync(source(w)).size}`).join())
    .digest("hex");
  const stampFile = path.join(out, "stamp.txt");
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return out;
  mkdirSync(out, { recursive: true });
  for (const weight of WEIGHTS) {
    const arabic = await subsetFont(readFileSync(source(weight)), text, { targetFormat: "woff2" });
    writeFileSync(path.join(out, `plex-arabic-${weight}.woff2`), arabic);
    // Latin (digits and names written in Latin letters) in the regular weight only, as before: bold Latin is synthesised.
    if (weight === 400) {
      const latinSubset = await subsetFont(readFileSync(latin(weight)), text, { targetFormat: "woff2" });
      writeFileSync(path.join(out, `plex-latin-${weight}.woff2`), latinSubset);
    }
  }
  writeFileSync(stampFile, stamp);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const out = await subsetFonts({ root });
  for (const file of readdirSync(out)) process.stdout.write(`${file}: ${statSync(path.join(out, file)).size} bytes\n`);
}
