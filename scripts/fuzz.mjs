/**
 * `npm run fuzz`: the property-based requests of src/server/fuzz.test.ts against a fresh instance (its own database
 * and media folder), FUZZ_RUNS cases per route (default 1000 here, 200 in the normal test run), printing the count
 * and the statuses per route. FUZZ_SEED picks another seed; DATABASE_URL runs it on PostgreSQL. Then the page property
 * test src/server/pages/page-fuzz.test.ts, PAGE_FUZZ_RUNS cases per page route (default 300 here, 30 in the normal run).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const result = spawnSync(
  process.execPath,
  [
    path.join(root, "node_modules", "vitest", "vitest.mjs"),
    "run",
    "--project",
    "api",
    "src/server/fuzz.test.ts",
    "src/server/pages/page-fuzz.test.ts",
  ],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      FUZZ_RUNS: process.env.FUZZ_RUNS ?? "1000",
      PAGE_FUZZ_RUNS: process.env.PAGE_FUZZ_RUNS ?? "300",
      FUZZ_REPORT: "1",
    },
  },
);
process.exit(result.status ?? 1);
