/**
 * Builds the app (web bundle + compiled server) when any input changed since the last build, under a lock so two
 * processes never build into build/ at once. A second `npm start` with nothing changed skips the build.
 * Usage: node scripts/build-if-stale.mjs   (exit code of the build, 0 when fresh)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "build", ".inputs-hash");
const lockDir = path.join(root, ".build-lock");
const INPUTS = [
  "src",
  "config",
  "drizzle",
  "public",
  "package-lock.json",
  "package.json",
  "vite.config.ts",
  "scripts/subset-fonts.mjs",
  "react-router.config.ts",
  "tsconfig.json",
  "tsconfig.server.json",
];

/** A hash of every input file's path, size and mtime (git's file list when available, else a walk). */
function inputsHash() {
  let files;
  try {
    files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", ...INPUTS], { cwd: root })
      .toString()
      .split("\n")
      .filter(Boolean);
  } catch {
    files = INPUTS;
  }
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    const info = statSync(full);
    hash.update(`${file}:${info.size}:${info.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

function isFresh(hash) {
  return (
    existsSync(path.join(root, "build", "server", "index.js")) &&
    existsSync(path.join(root, "dist", "src", "server", "main.js")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === hash
  );
}

async function withLock(fn) {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // A lock older than 10 minutes belongs to a build that died.
      if (Date.now() - statSync(lockDir).mtimeMs > 600_000) rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() - started > 900_000) throw new Error("timed out waiting for another build");
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

const code = await withLock(async () => {
  const hash = inputsHash();
  if (isFresh(hash)) return 0;
  process.stdout.write("Building the site (first start or sources changed)…\n");
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(stampFile, hash);
  return 0;
});
process.exit(code);
