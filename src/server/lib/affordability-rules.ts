/**
 * Loads the affordability calculator's rules (config/affordability.json, docs/affordability.md), validated by the
 * domain schema (domain/affordability-rules.ts). Read once at start: main.ts calls it before the database opens, so
 * a bad file stops the start. Changing a figure means editing the file and restarting; no code changes.
 * Errors: throws one readable message naming the file and each invalid key (or the JSON syntax error).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type AffordabilityRules, affordabilityRulesSchema } from "#domain/affordability-rules.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_AFFORDABILITY_RULES = path.resolve(
  here,
  here.includes(`${path.sep}dist${path.sep}`)
    ? "../../../../config/affordability.json"
    : "../../../config/affordability.json",
);

export function loadAffordabilityRules(file = DEFAULT_AFFORDABILITY_RULES): AffordabilityRules {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(
      `Invalid affordability rules in ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = affordabilityRulesSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(file)"}: ${i.message}`).join("\n");
    throw new Error(`Invalid affordability rules in ${file}:\n${lines}`);
  }
  return parsed.data;
}
