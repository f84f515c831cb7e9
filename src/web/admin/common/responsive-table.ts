/**
 * Class names that turn an admin table into a stack of cards below the md breakpoint (768 px), so a phone never
 * scrolls sideways (docs/product.md, the back office on phones): the header row is hidden visually (kept for screen
 * readers), each row becomes a card, and each cell shows its column name from its `data-label` attribute before the
 * value. One markup serves both layouts, so every button exists once. Usage:
 * `<table className={RT.table}>`, `<thead className={RT.thead}>`, `<tbody className={RT.tbody}>`, `<tr className={RT.tr}>`,
 * row header `<th scope="row" className={RT.rowHeader}>`, cells `<td data-label="السعر" className={RT.td}>`,
 * the actions cell `<td className={RT.actions}>`.
 */
export const RT = {
  /** Wrapper: scrolls only from md up (a wide table on a tablet); on a phone the cards fit. */
  wrapper: "md:overflow-x-auto",
  table: "w-full text-sm max-md:block md:min-w-[40rem]",
  thead: "bg-brand-50 text-start text-muted max-md:sr-only",
  tbody: "divide-y divide-brand-100 max-md:block",
  tr: "max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-2 max-md:p-4",
  rowHeader: "px-4 py-3 text-start font-bold text-ink max-md:col-span-2 max-md:p-0 max-md:text-base",
  td: "px-4 py-3 max-md:min-w-0 max-md:p-0 max-md:before:block max-md:before:text-xs max-md:before:font-normal max-md:before:text-muted max-md:before:content-[attr(data-label)]",
  actions: "px-4 py-3 max-md:col-span-2 max-md:p-0 max-md:pt-1",
} as const;
