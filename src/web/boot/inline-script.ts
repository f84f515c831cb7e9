/**
 * A boot script's inline text (docs/public-pages.md §2, docs/decisions/068-boot-scripts-as-typed-modules.md): the
 * scripts that must run before the first paint or right after load (the font loader, the early-tap recorder, the
 * islands loader, the entrance's start) are TypeScript functions in `*.boot.ts` modules, tested as functions, and
 * written into the page as `(function text)(arguments)` with the response's nonce. Such a function uses nothing from
 * outside itself (no import, no module constant): what it needs comes as an argument, a JSON value or another boot
 * function (passed as its text). The production build minifies `*.boot.ts` modules (vite.config.ts, bootScriptsPlugin),
 * so the text is as short as a hand-written string.
 */

/** An argument of a boot function: a JSON value, or another self-contained function (written as its text). */
export type BootArgument =
  | string
  | number
  | boolean
  | null
  | readonly BootArgument[]
  | { readonly [key: string]: BootArgument }
  | ((...args: never[]) => unknown);

/** `(fn)(arg1,arg2,…)`: the text of a script that calls `fn` with `args`. */
export function inlineScript(fn: (...args: never[]) => unknown, ...args: BootArgument[]): string {
  const text = args.map((arg) => (typeof arg === "function" ? `(${arg.toString()})` : JSON.stringify(arg)));
  return `(${fn.toString()})(${text.join(",")})`;
}
