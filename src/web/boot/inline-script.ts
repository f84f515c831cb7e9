/**
 * A boot script's inline text (docs/public-pages.md §2, docs/decisions/068-boot-scripts-as-typed-modules.md): the
 * scripts that must run before the first paint or right after load (the font loader, the early-tap recorder, the
 * islands loader, the entrance's start) are TypeScript functions in `*.boot.ts` modules, tested as functions, and
 * written into the page as `(function text)(arguments)` with the response's nonce. Such a function uses nothing from
 * outside itself (no import, no module constant): what it needs comes as an argument, a JSON value or another boot
 * function (passed as its text). The production build registers each exported function of a `*.boot.ts` module with
 * its minified text (vite.config.ts, bootScriptsPlugin: a bundler prints functions with whitespace again), so the text
 * is as short as a hand-written string; elsewhere (development, tests) the function's own text is used.
 */

type BootFunction = (...args: never[]) => unknown;

/** Minified texts of boot functions, registered by the build. */
const BUILT_TEXTS = new WeakMap<BootFunction, string>();

/** Registers `fn`'s minified text (called by the code vite.config.ts's bootScriptsPlugin appends to each boot module). */
export function registerBootText(fn: BootFunction, text: string): void {
  BUILT_TEXTS.set(fn, text);
}

/** The text of a boot function: its minified text in a build, else its own. */
function textOf(fn: BootFunction): string {
  return BUILT_TEXTS.get(fn) ?? fn.toString();
}

/** An argument of a boot function: a JSON value, or another self-contained function (written as its text). */
export type BootArgument =
  | string
  | number
  | boolean
  | null
  | readonly BootArgument[]
  | { readonly [key: string]: BootArgument }
  | BootFunction;

/** `(fn)(arg1,arg2,…)`: the text of a script that calls `fn` with `args`. */
export function inlineScript(fn: BootFunction, ...args: BootArgument[]): string {
  const text = args.map((arg) => (typeof arg === "function" ? `(${textOf(arg)})` : JSON.stringify(arg)));
  return `(${textOf(fn)})(${text.join(",")})`;
}
