/**
 * Measures a graceful shutdown of the compiled server (docs/operations.md "Shutdown"): starts it on a fresh PGlite
 * folder, keeps 10 kept-alive idle sockets open, sends 10 page requests and, 100 ms after they are written, SIGTERM, then reports how long
 * the process took to exit and what the in-flight requests got.
 * Usage: node scripts/measure-shutdown.mjs   (builds when stale; port MEASURE_PORT, default 3199)
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { waitFor } from "./cluster.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.MEASURE_PORT ?? 3199);
execFileSync(process.execPath, [path.join(root, "scripts", "build-if-stale.mjs")], { stdio: "inherit" });
const dataDir = mkdtempSync(path.join(tmpdir(), "measure-shutdown-"));
const server = spawn(process.execPath, [path.join(root, "dist", "src", "server", "main.js")], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: "none", LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
try {
  await waitFor("the server", async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok, 120_000);
  const idleAgent = new http.Agent({ keepAlive: true });
  const pageAgent = new http.Agent({ keepAlive: true });
  const sent = [];
  const get = (p, agent) =>
    new Promise((resolve) => {
      const req = http.get({ host: "127.0.0.1", port, path: p, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      });
      sent.push(new Promise((done) => req.once("finish", done)));
      req.on("error", (error) => resolve(error.code));
    });
  // Ten kept-alive sockets, idle.
  await Promise.all(Array.from({ length: 10 }, () => get("/api/health/live", idleAgent)));
  // Ten page renders in flight, and SIGTERM.
  const inFlight = Promise.all(Array.from({ length: 10 }, () => get("/", pageAgent)));
  // Once they are written, 100 ms for the server to read them: they are in flight when SIGTERM arrives.
  await Promise.all(sent);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const began = performance.now();
  server.kill("SIGTERM");
  const code = await exited;
  const elapsed = Math.round(performance.now() - began);
  const statuses = await inFlight;
  idleAgent.destroy();
  pageAgent.destroy();
  process.stdout.write(`exit code ${code} after ${elapsed} ms; in-flight answers: ${statuses.join(" ")}\n`);
} finally {
  if (server.exitCode === null) server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
}
