/**
 * The command-line options of the browser and server benches (bench/web.mjs, bench/ssr.mjs, bench/inp.mjs), read
 * from process.argv as `--name value`.
 */

/** The value after `--name`, or `fallback` when the option is absent or has no value. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Every value after `--name` up to the next option (`--compare URL URL …`); [] when absent. */
export function argList(name) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return [];
  const values = [];
  for (const value of process.argv.slice(i + 1)) {
    if (value.startsWith("--")) break;
    values.push(value);
  }
  return values;
}
