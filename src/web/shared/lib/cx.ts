/**
 * Joins class names (clsx: strings, conditionals, arrays) WITHOUT Tailwind conflict resolution: the public pages'
 * helper. `cn` (cn.ts) runs tailwind-merge, whose first call builds its class map during hydration (≈ 20 ms of the
 * main thread on a 2-core machine, ≈ 90 ms under Lighthouse's 4× slowdown) and weighs 20 KB minified
 * (docs/performance/web.md). Use `cx` only where no later class replaces an earlier one of the same property (a
 * caller's className adds to the base, never overrides it); where it may, use `cn`.
 */
export { clsx as cx } from "clsx";
