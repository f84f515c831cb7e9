import { defineConfig } from "drizzle-kit";

// The core tables of SPEC §3 live in src/server/db/schema.ts, every other area in src/server/db/tables/<area>.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./src/server/db/schema.ts", "./src/server/db/tables/*.ts"],
  out: "./drizzle",
  casing: "snake_case",
});
