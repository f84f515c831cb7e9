/**
 * The header row of an admin table in the responsive layout of responsive-table.ts (hidden visually below 768 px,
 * kept for screen readers): one `<th scope="col">` a column, its text at the start, or at the end for `end` columns
 * (the actions).
 */
import { RT } from "./responsive-table.ts";

/** A column's header: its Arabic name, and whether it stands at the end (the actions column). */
export interface ColumnHead {
  label: string;
  end?: boolean;
}

/** `<thead>` with one row of column headers, in order. */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead className={RT.thead}>
      <tr>
        {columns.map(({ label, end }) => (
          <th key={label} scope="col" className={`px-4 py-3 font-bold ${end ? "text-end" : "text-start"}`}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
