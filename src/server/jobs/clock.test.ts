/**
 * One clock (clock.ts; ARCHITECTURE resolution 24): no SQL of the server reads the database's clock, and no time a
 * queue is due at has a database default, so every due time is written from the app's clock. The one exception is
 * the rate-limit window (lib/rate-limit-store.ts), a security counter that instances with skewed clocks must agree on.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { conversionEvents } from "../db/tables/conversions.ts";
import { leadJobs, notifications, webhookDeliveries } from "../db/tables/lead-desk.ts";
import { scheduledJobs } from "../db/tables/system.ts";

const SERVER = path.resolve(import.meta.dirname, "..");
const DATABASE_CLOCK =
  /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp)\s*\(\s*\)|\bcurrent_(timestamp|date)\b/i;
/** Files allowed to read the database's clock, with the reason in their own docstring. */
const ALLOWED = new Set(["lib/rate-limit-store.ts"]);

async function serverSources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !file.includes(`${path.sep}test-utils${path.sep}`));
}

/** The text of every sql`…` template in a source file. */
function sqlTemplates(source: string): string[] {
  return [...source.matchAll(/\bsql(?:<[^>`]*>)?`([^`]*)`/g)].map((m) => m[1]);
}

describe("one clock", () => {
  it("no SQL of the server reads the database's clock", async () => {
    const offenders: string[] = [];
    for (const file of await serverSources(SERVER)) {
      const relative = path.relative(SERVER, file).split(path.sep).join("/");
      if (ALLOWED.has(relative)) continue;
      const source = await readFile(file, "utf8");
      if (sqlTemplates(source).some((text) => DATABASE_CLOCK.test(text))) {
        offenders.push(relative);
      }
    }
    expect(offenders).toEqual([]);
    // The check itself finds a database clock in a template.
    expect(
      sqlTemplates("const x = sql`update t set at = now() + interval '1 day'`;").some((s) => DATABASE_CLOCK.test(s)),
    ).toBe(true);
  });

  it("no due time of a queue has a database default", () => {
    const due = [
      webhookDeliveries.nextAttemptAt,
      conversionEvents.nextAttemptAt,
      notifications.emailNextAt,
      leadJobs.runAt,
      scheduledJobs.nextRunAt,
    ];
    expect(due.filter((column) => column.hasDefault).map((column) => column.name)).toEqual([]);
  });
});
