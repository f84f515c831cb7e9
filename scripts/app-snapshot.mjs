/**
 * Copies the built app (build/ and dist/) into `target`, with links to what it reads at run time (node_modules,
 * config, drizzle, public, package.json), so a server started from the copy keeps serving the same assets while
 * the working tree is rebuilt (used by the e2e runner and bench/web.mjs). Returns the path of the server entry.
 */
import { cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";

export function snapshotApp(root, target) {
  mkdirSync(target, { recursive: true });
  for (const dir of ["build", "dist"]) cpSync(path.join(root, dir), path.join(target, dir), { recursive: true });
  for (const entry of ["node_modules", "config", "drizzle", "package.json", "public"]) {
    if (existsSync(path.join(root, entry))) symlinkSync(path.join(root, entry), path.join(target, entry));
  }
  return path.join(target, "dist", "src", "server", "main.js");
}
