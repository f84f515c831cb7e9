/**
 * Every action and entity type the server writes to the audit log (a literal `action: "…"` / `entityType: "…"` in
 * src/server/modules) has an Arabic name on the audit-log screen: a new one without a name would show in English.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTION_LABELS, ENTITY_LABELS } from "./audit-log-screen.tsx";

const modules = path.resolve(import.meta.dirname, "../../../server/modules");
const sources = readdirSync(modules, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => readFileSync(path.join(modules, file), "utf8"));

/** Every string literal written as `key: "…"` or `key: cond ? "…" : "…"` in the server modules. */
function literalsOf(key: string): string[] {
  const found = new Set<string>();
  const pattern = new RegExp(`\\b${key}: ([^,\\n]+)`, "g");
  for (const source of sources) {
    for (const match of source.matchAll(pattern)) {
      for (const literal of match[1].matchAll(/"([a-z_]+)"/g)) found.add(literal[1]);
    }
  }
  return [...found].sort();
}

describe("audit log names", () => {
  it("names every action the server records", () => {
    const actions = literalsOf("action");
    expect(actions.length).toBeGreaterThan(10);
    expect(actions.filter((a) => !(a in ACTION_LABELS))).toEqual([]);
  });

  it("names every entity type the server records", () => {
    const types = literalsOf("entityType");
    expect(types.length).toBeGreaterThan(10);
    expect(types.filter((t) => !(t in ENTITY_LABELS))).toEqual([]);
  });
});
