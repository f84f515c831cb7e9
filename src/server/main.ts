/**
 * The process: reads config, starts one instance (start.ts: database, start-up work under an advisory lock, app,
 * listen), and shuts down through close-with-grace on SIGINT/SIGTERM and on an uncaught error or unhandled
 * rejection: readiness turns 503, in-flight requests finish, kept-alive sockets close, the database closes; the
 * process exits within SHUTDOWN_DELAY_MS whatever happens (docs/operations.md "Shutdown").
 * `--dev` serves pages through Vite with hot reload. A failed start prints one line (the database's own reason).
 */
// Must stay the first import: it sets NODE_ENV before React is loaded (see production-env.ts).
import "./lib/production-env.ts";
import path from "node:path";
import { fileURLToPath } from "node:url";
import closeWithGrace from "close-with-grace";
import { loadConfig } from "./config.ts";
import { loadAffordabilityRules } from "./lib/affordability-rules.ts";
import { loadComplianceRules } from "./lib/compliance-rules.ts";
import { warnExampleValues } from "./lib/example-values.ts";
import { loadSiteConfig } from "./lib/site-config.ts";
import { type RunningInstance, startInstance } from "./start.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? "../../.." : "../..");

/** The longest a shutdown may take before the process exits anyway, ms. */
export const SHUTDOWN_DELAY_MS = 10_000;

async function main() {
  const dev = process.argv.includes("--dev");
  const config = loadConfig();
  if (dev) config.env = "development";
  const site = loadSiteConfig(config.siteConfigPath);
  // A bad rules file stops the start here, before the database opens (docs/affordability.md).
  const affordability = loadAffordabilityRules();
  // Likewise the advertising-compliance rules (docs/compliance.md).
  const compliance = loadComplianceRules(config.complianceConfigPath);

  let instance: RunningInstance | undefined;
  closeWithGrace({ delay: SHUTDOWN_DELAY_MS, logger: false }, async ({ signal, err }) => {
    if (err) {
      if (instance) instance.app.log.fatal({ err }, "uncaught error: shutting down");
      else process.stderr.write(`${err.stack ?? err.message}\n`);
    } else if (instance) instance.app.log.info({ signal }, "shutting down");
    await instance?.close();
  });

  instance = await startInstance({
    config,
    site,
    affordability,
    compliance,
    pgliteDir: path.join(config.dataDir, "pglite"),
    pages: { mode: dev ? "development" : "production", root },
    logger: { level: config.logLevel },
  });
  if (instance.sweptUploads) {
    process.stdout.write(`  Removed ${instance.sweptUploads} unfinished upload(s) from the media folder\n`);
  }
  if (instance.report.generatedAdminPassword) {
    // Printed once, on the first start only; never logged again and never stored in clear.
    process.stdout.write(
      `\n  Staff sign-in created at ${config.publicUrl}/admin/login\n  username: ${config.adminUsername}\n  password: ${instance.report.generatedAdminPassword}\n  (set ADMIN_PASSWORD to choose it; this password is not shown again)\n\n`,
    );
  }
  warnExampleValues(site, instance.app.log);
  process.stdout.write(
    `  Site ready at ${config.publicUrl} (${instance.database.kind}${instance.database.kind === "pglite" ? `, ${config.dataDir}` : ""})\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
