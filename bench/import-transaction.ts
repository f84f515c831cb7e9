/**
 * `npx tsx bench/import-transaction.ts` — how long the units import's transaction holds the database for a 5000-row
 * .xlsx (docs/performance/upload-guards.md): on the embedded database every other query waits that long.
 *
 * Opens a fresh in-memory PGlite (or the empty PostgreSQL database in DATABASE_URL; the bench migrates it and leaves
 * its rows), then runs importUnits five times on a new project each, timing `db.transaction` from its call to its
 * end (ms; BEGIN to COMMIT plus the driver's queueing) and the whole import (ms). Prints the load average.
 */
import { loadavg } from "node:os";
import * as XLSX from "@e965/xlsx";
import { openDatabase } from "../src/server/db/connection.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { projects } from "../src/server/db/schema.ts";
import { warmInspector } from "../src/server/lib/inspector.ts";
import { importUnits } from "../src/server/modules/units/import.ts";

function legitimate(rows: number, prefix: string): Buffer {
  const data: unknown[][] = [
    ["رقم الوحدة", "المبنى", "السعر", "الحالة", "عدد الغرف", "الدور", "الاتجاه", "المساحة الخاصة"],
  ];
  for (let i = 0; i < rows; i++)
    data.push([
      `${prefix}${100 + i}`,
      `B${1 + (i % 10)}`,
      600_000 + i,
      "متاحة",
      1 + (i % 5),
      i % 20,
      i % 2 ? "شمال، شرق" : "غرب",
      100.25,
    ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), "units");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true });
}
await warmInspector();
const database = await openDatabase({
  dataDir: process.env.DATABASE_URL ? undefined : "memory://",
  databaseUrl: process.env.DATABASE_URL,
});
await runMigrations(database);
const db = database.db;
const holds: number[] = [];
const original = db.transaction.bind(db);
(db as { transaction: unknown }).transaction = async (fn: never, config?: never) => {
  const started = performance.now();
  try {
    return await original(fn, config);
  } finally {
    holds.push(performance.now() - started);
  }
};
for (let run = 0; run < 5; run++) {
  const [p] = await db
    .insert(projects)
    .values({ name: `p${run}-${Date.now()}`, city: "جدة", price: 1 })
    .returning({ id: projects.id });
  const total = performance.now();
  const r = await importUnits(
    db,
    { fileName: "u.xlsx", bytes: legitimate(5000, `R${run}-`) },
    { projectId: p.id },
    { userId: null, ip: null },
  );
  console.log(
    `run ${run}: inserted ${r.insertedCount}, transaction ${holds.at(-1)?.toFixed(0)} ms, whole import ${(performance.now() - total).toFixed(0)} ms`,
  );
}
console.log(
  `${database.kind}; load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")}`,
);
await database.close();
process.exit(0);
