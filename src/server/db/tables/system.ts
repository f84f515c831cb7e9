import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt } from "../columns.ts";

export const fileHashes = pgTable(
  "file_hashes",
  {
    id: serial("id").primaryKey(),
    /** SHA-256 (hex) of the uploaded bytes. */
    hash: text("hash").notNull(),
    /** Public URL path of the stored file, e.g. /media/ab12….webp. */
    filePath: text("file_path").notNull(),
    mimeType: text("mime_type").notNull(),
    /** Bytes of the stored file. */
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Widths (px) of the responsive variants stored beside it. */
    variants: jsonb("variants").$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: at("last_used_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("file_hashes_hash_key").on(t.hash), index("file_hashes_file_path_idx").on(t.filePath)],
);

/**
 * Timed jobs shared by every instance (jobs/timed.ts): a job runs when `nextRunAt` (the app clock's time) has passed, in the
 * transaction that holds its row (FOR UPDATE SKIP LOCKED), so one run per period happens across all instances.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: at("next_run_at").notNull(),
  lastRunAt: at("last_run_at"),
  runs: integer("runs").notNull().default(0),
});
