import { defineConfig } from "drizzle-kit";

// Tables of a new area live in src/server/db/tables/<area>.ts; schema.ts keeps the older ones.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./src/server/db/schema.ts", "./src/server/db/tables/*.ts"],
  out: "./drizzle",
  casing: "snake_case",
});
