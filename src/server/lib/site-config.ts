/**
 * Loads the site configuration: SITE_CONFIG (a JSON file path) or config/site.json, validated by the domain schema.
 * Errors: throws with the invalid keys listed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type SiteConfig, siteConfigSchema } from "#domain/site-config.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_SITE_CONFIG = path.resolve(
  here,
  here.includes(`${path.sep}dist${path.sep}`) ? "../../../../config/site.json" : "../../../config/site.json",
);

export function loadSiteConfig(file = DEFAULT_SITE_CONFIG): SiteConfig {
  const raw = JSON.parse(readFileSync(file, "utf8"));
  const parsed = siteConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid site configuration in ${file}:\n${lines}`);
  }
  return parsed.data;
}
