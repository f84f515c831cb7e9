/**
 * A repeatable list of a form (docs/product.md §2.12 guarantees, §2.15 features / guarantees / building specs): a
 * fieldset with its legend, one bordered row per item with the item's own fields and a remove button that names the
 * item, then the add control — by default a button appending `newItem()`, or the caller's own (`renderAdd`: a picker
 * of standard types, a custom name). Items keep their identity when others are removed (react-hook-form's
 * useFieldArray keys); an item's fields are named `${name}.${index}.<key>` so their errors land under them.
 */
import { PlusIcon, Trash2Icon } from "lucide-react";
import type * as React from "react";
import { type FieldValues, useFieldArray } from "react-hook-form";
import { Button } from "~/shared/ui/button.tsx";
import { useFieldError } from "./field.tsx";

export interface RepeatableListFieldProps<TItem extends FieldValues> {
  /** The form value's path of the array. */
  name: string;
  legend: string;
  /** The item's own fields; `index` is its place in the list. */
  renderItem: (item: TItem, index: number) => React.ReactNode;
  /** The remove button's words for this item. */
  removeLabel: (item: TItem, index: number) => string;
  /** The default add button's words and the item it appends. */
  add?: { label: string; newItem: () => TItem };
  /** Another add control than the button: `append` adds an item; `items` are the current ones. */
  renderAdd?: (append: (item: TItem) => void, items: readonly TItem[]) => React.ReactNode;
}

export function RepeatableListField<TItem extends FieldValues>({
  name,
  legend,
  renderItem,
  removeLabel,
  add,
  renderAdd,
}: RepeatableListFieldProps<TItem>) {
  const list = useFieldArray({ name });
  const items = list.fields as unknown as (TItem & { id: string })[];
  const error = useFieldError(name);
  const append = (item: TItem) => list.append(item);
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-brand-100 p-4">
      <legend className="px-1 font-bold text-ink">{legend}</legend>
      {items.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {items.map((item, index) => (
            <li key={item.id} className="flex flex-wrap items-end gap-3 rounded-lg bg-brand-50/50 p-3">
              <div className="flex min-w-0 flex-1 flex-col gap-3">{renderItem(item, index)}</div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-danger"
                onClick={() => list.remove(index)}
              >
                <Trash2Icon aria-hidden="true" />
                {removeLabel(item, index)}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {renderAdd ? renderAdd(append, items) : null}
      {add ? (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => append(add.newItem())}>
          <PlusIcon aria-hidden="true" />
          {add.label}
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
