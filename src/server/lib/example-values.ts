/**
 * Example values left in the site configuration (config/site.json): the demo ships with placeholders (example.com
 * addresses and links, +9665000000… numbers, all-zero registration numbers) that must not reach buyers unnoticed.
 * `exampleValues` lists them; `warnExampleValues` logs one warning at start and prints it on the console, so
 * `npm start` shows what the operator still has to set. Pure detection, no network.
 */
import type { SiteConfig } from "#domain/site-config.ts";

/** One placeholder found: its key path in site.json (e.g. "social.x") and its value. */
export interface ExampleValue {
  path: string;
  value: string;
}

/** An example domain (RFC 2606: example.com/.net/.org, any example.* host) or an "example" account path in a URL. */
const EXAMPLE_HOST = /(^|[@./])example\.[a-z.]+(\/|$|\?|#)|^https?:\/\/[^/]+\/([^?#]*\/)?@?example(\/|$|\?|#)/i;
/** Six zeros in a row: a placeholder phone (9665000000…) or registration number (4030000000). */
const ZERO_RUN = /0{6,}/;

function placeholder(key: string, value: string): boolean {
  const text = value.trim();
  if (!text) return false;
  if (EXAMPLE_HOST.test(text)) return true;
  const numeric = /(phone|whatsapp|registration|license|licence)/i.test(key);
  return numeric && ZERO_RUN.test(text.replace(/\D/g, ""));
}

/** Every string in the configuration that is still an example value, depth-first, with its key path. */
export function exampleValues(site: SiteConfig | Record<string, unknown>): ExampleValue[] {
  const found: ExampleValue[] = [];
  const walk = (value: unknown, path: string, key: string) => {
    if (typeof value === "string") {
      if (placeholder(key, value)) found.push({ path, value });
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${path}[${index}]`, key);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, k);
    }
  };
  walk(site, "", "");
  return found;
}

/**
 * Logs (warn level, `exampleValues` field) and prints to `out` one warning listing the example values, when there
 * are any; returns them. Call once at start.
 */
export function warnExampleValues(
  site: SiteConfig,
  log: { warn: (obj: object, msg: string) => void },
  out: (text: string) => void = (text) => process.stdout.write(text),
): ExampleValue[] {
  const found = exampleValues(site);
  if (found.length === 0) return found;
  const message = "The site configuration still holds example values; set them in config/site.json (or SITE_CONFIG)";
  log.warn({ exampleValues: found.map((f) => f.path) }, message);
  out(`\n  Warning: ${message}:\n${found.map((f) => `    ${f.path}: ${f.value}`).join("\n")}\n\n`);
  return found;
}
