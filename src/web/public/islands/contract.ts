/**
 * What every public widget's contract is made of (docs/public-pages.md §4, docs/decisions/067-public-widgets-one-implementation.md):
 * the island name its markup writes in `data-island` and the islands registry (entry.ts) looks up, and the data
 * attributes its markup writes and its island reads. A widget's `contract.ts` declares them once as typed constants;
 * the markup (`<name>.tsx`) writes them with `dataProps` and the island (`<name>.island.ts`) finds them with
 * `islandSelector` / `attrSelector`, so no attribute name is a string literal repeated on both sides. Imports nothing.
 */

/** The attribute naming a widget's island on its root element (`data-island="<name>"`). */
export const ISLAND_ATTR = "data-island";
/** Set by an island on the element it has enhanced, so a second run leaves it alone. */
export const ENHANCED_ATTR = "data-enhanced";

/** On <html>: "ready" once the islands entry has run every enhancer (entry.ts). */
export const ISLANDS_READY_ATTR = "data-islands";
/** On the button tapped before the islands ran (src/web/boot/early-tap.boot.ts); the entry taps it again. */
export const EARLY_TAP_ATTR = "data-early-tap";

/** A data attribute's full name. */
export type DataAttribute = `data-${string}`;

/** A widget's contract: its island name and its data attributes by the name both sides use for them. */
export interface WidgetContract {
  readonly island: string;
  readonly attrs: Readonly<Record<string, DataAttribute>>;
}

/** `[data-island="name"]`, the selector of a widget's root elements. */
export function islandSelector(island: string): string {
  return `[${ISLAND_ATTR}="${island}"]`;
}

/** `[data-x]`, or `[data-x="value"]` when a value is given. */
export function attrSelector(attr: DataAttribute, value?: string): string {
  return value === undefined ? `[${attr}]` : `[${attr}="${value}"]`;
}

/** A value written into a data attribute by the markup (undefined: the attribute is left out, as React does). */
type DataValue = string | number | boolean | undefined;

/**
 * The markup's side: `{ "data-x": value, … }` for the contract attributes named by the keys of `values`, in their
 * order, to spread on a JSX element (`<div {...dataProps(HERO.attrs, { words })}>`). React writes `true` as "true"
 * and leaves out `undefined`, as for a literal attribute.
 */
export function dataProps<A extends Readonly<Record<string, DataAttribute>>>(
  attrs: A,
  values: { readonly [K in keyof A]?: DataValue },
): Record<DataAttribute, DataValue> {
  const props: Record<DataAttribute, DataValue> = {};
  for (const key of Object.keys(values) as (keyof A & string)[]) props[attrs[key]] = values[key];
  return props;
}

/** Marks `element` as enhanced; false when it already was (the island then leaves it alone). */
export function claim(element: Element): boolean {
  if (element.hasAttribute(ENHANCED_ATTR)) return false;
  element.setAttribute(ENHANCED_ATTR, "");
  return true;
}
