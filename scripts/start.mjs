/**
 * `npm start`: builds when needed (scripts/build-if-stale.mjs), then runs the compiled server in this process's
 * place, forwarding signals so Ctrl+C shuts it down gracefully.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-if-stale.mjs")], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ["--enable-source-maps", path.join(root, "dist", "src", "server", "main.js")], {
  stdio: "inherit",
  // Production rendering whatever the caller's environment says (main.js sets it too, for a direct `node dist/…`).
  env: { ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
