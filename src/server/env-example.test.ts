/**
 * `.env.example` lists every variable config.ts reads (docs/operations.md), and its values load as a valid config.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const root = path.resolve(import.meta.dirname, "../..");

it("lists every configuration variable, and its values are a valid configuration", () => {
  const source = readFileSync(path.join(root, "src/server/config.ts"), "utf8");
  const schema = source.slice(source.indexOf("const envSchema"), source.indexOf("export interface AppConfig"));
  const read = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
  expect(read.length).toBeGreaterThan(20);
  const example = readFileSync(path.join(root, ".env.example"), "utf8");
  const listed = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
  expect(read.filter((name) => !listed.includes(name))).toEqual([]);

  const env = Object.fromEntries([...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
  expect(() => loadConfig(env)).not.toThrow();
});
