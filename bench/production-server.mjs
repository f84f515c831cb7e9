/**
 * The production server for a bench (bench/inp.mjs): built when stale (scripts/build-if-stale.mjs), run from a private
 * snapshot of build/ and dist/ (a rebuild in the working tree cannot swap the assets under it) with NODE_ENV=production,
 * the demo content (SEED=demo) in a temporary data folder, on 127.0.0.1 and a free port.
 * `startProductionServer(root, { env })` resolves to `{ base, pid, adminPassword, stop }` once GET /api/health answers
 * (at most 120 s; throws otherwise or when the server exits); `env` adds or overrides the server's environment;
 * `adminPassword` signs in the seeded "admin"; `stop()` ends the server and removes the temporary folder. Several
 * servers may run at once (each has its own folder and port); the build runs once per process.
 * `publishCampaignPage(base, adminPassword, slug)` gives the demo content a published campaign landing page (SPEC §2.9):
 * resolves to `{ projectId, slugPath, platformPath }` (`/campaign/{slug}-sms`, a custom campaign of SPEC §5.4, and
 * `/campaign/snapchat/{slug}` or the first platform's address); throws when a call answers an error or every project already has a landing page.
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

/** See the module comment: signs in as the seeded "admin", creates and publishes a landing page for a project. */
export async function publishCampaignPage(base, adminPassword, slug) {
  let auth = {};
  const call = async (url, init = {}) => {
    const res = await fetch(`${base}${url}`, {
      ...init,
      headers: { "content-type": "application/json", ...auth, ...init.headers },
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url} answered ${res.status}`);
    return body;
  };
  const login = await call("/api/auth/login", {
    method: "POST",
    body: JSON.stringify({ username: "admin", password: adminPassword }),
  });
  auth = { authorization: `Bearer ${login.token}` };
  // A project without a landing page gets one (one page per project), with the platforms' campaigns.
  const overview = await call("/api/landing-pages");
  const free = overview.find((p) => p.landingPageId === null);
  if (!free) throw new Error("every project already has a landing page");
  const project = await call(`/api/projects/${free.projectId}`);
  const poster = project.images[0] ?? (await call("/api/projects")).find((p) => p.images.length > 0)?.images[0];
  const page = await call(`/api/landing-pages/${free.projectId}`, {
    method: "POST",
    body: JSON.stringify({ slug, poster }),
  });
  // A custom campaign (SPEC §5.4) is the /campaign/{slug} address.
  const custom = await call(`/api/landing-pages/${page.id}/custom-campaign`, {
    method: "POST",
    body: JSON.stringify({ platformName: "رسائل نصية", displayName: "حملة الرسائل", urlSlug: `${slug}-sms` }),
  });
  await call(`/api/landing-pages/${page.id}/publish`, { method: "POST", body: "{}" });
  const campaign = page.campaigns.find((c) => c.urlSlug.startsWith("snapchat/")) ?? page.campaigns[0];
  return {
    projectId: free.projectId,
    slugPath: `/campaign/${custom.urlSlug}`,
    platformPath: `/campaign/${campaign.urlSlug}`,
  };
}
