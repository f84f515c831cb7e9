/**
 * `npm run test:e2e [-- playwright args]`: builds when needed, then runs Playwright against the production server
 * on a free port and a fresh data folder (demo content), removed afterwards. Needs Debian's chromium
 * (CHROME_PATH, default /usr/bin/chromium); Playwright never downloads a browser here.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { snapshotApp } from "./app-snapshot.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chrome)) {
  process.stderr.write(`Chromium not found at ${chrome}: apt-get install -y chromium fonts-noto-core (see README)\n`);
  process.exit(1);
}

const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-if-stale.mjs")], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const port = await freePort();
// The local Snapchat Conversions API receiver of e2e/conversions.spec.ts listens here.
const snapPort = await freePort();
// The local Graph API stand-in of e2e/lead-forms.spec.ts listens here (LEAD_FORMS_META_GRAPH_URL).
const metaGraphPort = await freePort();
// The mail server of e2e/visits.spec.ts (the buyer's confirmation and reminders) listens here.
const smtpPort = await freePort();
// The local WhatsApp Cloud API stand-in of e2e/whatsapp.spec.ts listens here.
const whatsappPort = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-data-"));
// The server runs from a private copy of the build, so a rebuild in the working tree cannot swap its assets.
const appDir = path.join(dataDir, "app");
snapshotApp(root, appDir);
const result = spawnSync(path.join(root, "node_modules", ".bin", "playwright"), ["test", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_SNAP_PORT: String(snapPort),
    E2E_META_GRAPH_PORT: String(metaGraphPort),
    E2E_SMTP_PORT: String(smtpPort),
    E2E_WHATSAPP_PORT: String(whatsappPort),
    E2E_DATA_DIR: dataDir,
    CHROME_PATH: chrome,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
  },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
