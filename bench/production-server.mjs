/**
 * The production server for a bench (bench/inp.mjs): built when stale (scripts/build-if-stale.mjs), run from a private
 * snapshot of build/ and dist/ (a rebuild in the working tree cannot swap the assets under it) with NODE_ENV=production,
 * the demo content (SEED=demo) in a temporary data folder, on 127.0.0.1 and a free port.
 * `startProductionServer(root, { env })` resolves to `{ base, pid, adminPassword, stop }` once GET /api/health answers
 * (at most 120 s; throws otherwise or when the server exits); `env` adds or overrides the server's environment;
 * `adminPassword` signs in the seeded "admin"; `stop()` ends the server and removes the temporary folder. Several
 * servers may run at once (each has its own folder and port); the build runs once per process.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { snapshotApp } from "../scripts/app-snapshot.mjs";

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

let built = false;

export async function startProductionServer(root, { env = {} } = {}) {
  if (!built) {
    const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-if-stale.mjs")], { stdio: "inherit" });
    if (build.status !== 0) throw new Error(`build failed (${build.status})`);
    built = true;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const scratch = mkdtempSync(path.join(tmpdir(), "bench-server-"));
  const adminPassword = randomBytes(12).toString("hex");
  const app = path.join(scratch, "app");
  snapshotApp(root, app);
  const child = spawn(process.execPath, [path.join(app, "dist", "src", "server", "main.js")], {
    cwd: app,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(scratch, "data"),
      SEED: "demo",
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: adminPassword,
      ...env,
    },
  });
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    rmSync(scratch, { recursive: true, force: true });
  };
  process.on("exit", stop);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const ready = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { base, pid: child.pid, adminPassword, stop };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  stop();
  throw new Error("server did not become ready in 120 s");
}
