/**
 * The eight directions of a unit (SPEC §5.6; src/domain/schemas/unit.ts UNIT_DIRECTIONS) as checkboxes with their
 * Arabic labels: the react-hook-form field `name` (default "direction") holds the ticked labels in the catalogue's
 * order; its error is shown under the group. Used by the unit form and the unit type form.
 */
import { useController } from "react-hook-form";
import { UNIT_DIRECTIONS } from "#domain/schemas/unit.ts";
import { cn } from "~/shared/lib/cn.ts";
import { useFieldControl } from "./field.tsx";

const DIRECTION_LABELS = UNIT_DIRECTIONS.map((d) => d.label);

export function DirectionsField({ name = "direction", legend }: { name?: string; legend: string }) {
  const { id, error } = useFieldControl(name);
  const { field } = useController({ name });
  const selected = new Set<string>((field.value as string[] | undefined) ?? []);
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-2 text-sm font-bold text-ink">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {DIRECTION_LABELS.map((label) => (
          <label
            key={label}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm",
              selected.has(label) ? "border-brand-500 bg-brand-50" : "border-brand-100 bg-surface",
            )}
          >
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={selected.has(label)}
              onChange={(event) => {
                const next = new Set(selected);
                if (event.target.checked) next.add(label);
                else next.delete(label);
                field.onChange(DIRECTION_LABELS.filter((l) => next.has(l)));
              }}
              onBlur={field.onBlur}
            />
            {label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
