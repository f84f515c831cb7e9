/**
 * Post-build step (`npm run build`): writes a brotli (quality 11) `.br` and a gzip (level 9) `.gz` copy beside every
 * compressible file of build/client (JavaScript, CSS, SVG, JSON, HTML, text, XML; at least 1024 bytes), so the server
 * sends them as they are (@fastify/static `preCompressed`, src/server/pages/plugin.ts) instead of compressing each
 * request on the fly at a low level (docs/product.md §10.3). A copy is written only when it is
 * smaller than the file. Fonts (woff2) and images are already compressed and are skipped.
 * Usage: node scripts/compress-assets.mjs [dir]   (default build/client; prints the totals in bytes)
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(root, process.argv[2] ?? path.join("build", "client"));
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".html", ".txt", ".xml", ".webmanifest", ".map"]);
const MIN_BYTES = 1024;

/** Every file under `folder`, recursively (absolute paths). */
function walk(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

let files = 0;
let original = 0;
let brotli = 0;
for (const file of walk(dir)) {
  if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  for (const [ext, data] of [
    [".br", br],
    [".gz", gz],
  ]) {
    if (data.length < body.length) writeFileSync(file + ext, data);
    else rmSync(file + ext, { force: true });
  }
  files += 1;
  original += body.length;
  brotli += Math.min(br.length, body.length);
}
process.stdout.write(`compress-assets: ${files} files, ${original} bytes → ${brotli} bytes brotli (${dir})\n`);
