import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirLockedError, openDatabase } from "./connection.ts";

// docs/decisions/001-embedded-postgres-and-build-on-start.md: PGlite has no lock between processes of its own.
describe("PGlite data folder lock (two processes on one folder silently lose writes)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pglite-lock-"));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it("refuses a folder another process holds, with a clear message, and opens it once released", async () => {
    const dataDir = path.join(dir, "pglite");
    // Another process takes the folder: the same openDatabase, run by a child node process.
    const script = `
      import { openDatabase } from ${JSON.stringify(path.resolve("src/server/db/connection.ts"))};
      const db = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      process.stdout.write("open\\n");
      process.stdin.once("data", async () => { await db.close(); process.exit(0); });
    `;
    const child = spawn(
      process.execPath,
      ["--conditions=source", "--import", "tsx", "--input-type=module", "-e", script],
      {
        stdio: ["pipe", "pipe", "inherit"],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => d.toString().includes("open") && resolve());
      child.once("exit", (code) => reject(new Error(`child exited ${code}`)));
    });

    const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toMatch(/in use by another running process/);

    child.stdin.write("close\n");
    await new Promise((resolve) => child.once("exit", resolve));
    const database = await openDatabase({ dataDir });
    const result = await database.db.execute("select 1 as one");
    expect(result).toBeTruthy();
    await database.close();
  }, 60_000);
});
