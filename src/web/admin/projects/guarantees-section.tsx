/**
 * The project's guarantees (docs/product.md §5.3, ARCHITECTURE resolution 12): the four standard types picked from
 * a list (each once), and custom ones by name — trimmed, unique ignoring case (`addCustomGuarantee`) — each added
 * with 1 year; every guarantee has its years (≥ 1) and a remove button.
 */
import { PlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { GUARANTEE_LABELS, GUARANTEE_TYPES } from "#domain/project-rules.ts";
import { addCustomGuarantee, PROJECT_MESSAGES, sameGuaranteeType } from "#domain/schemas/project.ts";
import { FieldFrame, SELECT_CLASS, useFieldError } from "~/admin/common/form/field.tsx";
import { NumberField } from "~/admin/common/form/number-field.tsx";
import { RepeatableListField } from "~/admin/common/form/repeatable-list-field.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { FORM_TEXTS } from "./project-form-texts.ts";

type Guarantee = { type: string; years: number | string };

const labelOf = (type: string) => (GUARANTEE_LABELS as Record<string, string>)[type] ?? type;

/** One guarantee: its name, its years, and an error on its type (from the server). */
function GuaranteeItem({ item, index }: { item: Guarantee; index: number }) {
  const typeError = useFieldError(`guarantees.${index}.type`);
  return (
    <div className="flex flex-wrap items-start gap-3">
      <span className="min-w-32 flex-1 self-center font-bold">{labelOf(item.type)}</span>
      <NumberField
        name={`guarantees.${index}.years`}
        label={FORM_TEXTS.yearsOf(labelOf(item.type))}
        min={1}
        input={{ className: "w-28" }}
      />
      {typeError ? (
        <p role="alert" className="basis-full text-sm text-danger">
          {typeError}
        </p>
      ) : null}
    </div>
  );
}

/** The standard-type picker and the custom name with its add button. */
function AddGuarantee({ append, items }: { append: (item: Guarantee) => void; items: readonly Guarantee[] }) {
  const [customName, setCustomName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function addStandard(type: string) {
    if (!type) return;
    if (items.some((g) => sameGuaranteeType(g.type, type))) {
      setError(PROJECT_MESSAGES.guaranteeDuplicate);
      return;
    }
    setError(null);
    append({ type, years: 1 });
  }

  function addCustom() {
    const result = addCustomGuarantee(
      items.map((g) => ({ type: g.type, years: Number(g.years) })),
      customName,
    );
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setCustomName("");
    append(result.list[result.list.length - 1]);
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      <FieldFrame id={`${id}-standard`} label={FORM_TEXTS.addStandard}>
        <select id={`${id}-standard`} className={SELECT_CLASS} value="" onChange={(e) => addStandard(e.target.value)}>
          <option value="">—</option>
          {GUARANTEE_TYPES.filter((t) => !items.some((g) => sameGuaranteeType(g.type, t))).map((t) => (
            <option key={t} value={t}>
              {GUARANTEE_LABELS[t]}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame id={`${id}-custom`} label={FORM_TEXTS.customGuarantee} error={error ?? undefined}>
        <Input
          id={`${id}-custom`}
          value={customName}
          placeholder={FORM_TEXTS.customPlaceholder}
          onChange={(e) => setCustomName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              addCustom();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-custom-error` : undefined}
        />
      </FieldFrame>
      <Button type="button" variant="outline" onClick={addCustom}>
        <PlusIcon aria-hidden="true" />
        {FORM_TEXTS.addCustom}
      </Button>
    </div>
  );
}

export function GuaranteesSection() {
  return (
    <RepeatableListField<Guarantee>
      name="guarantees"
      legend={FORM_TEXTS.guarantees}
      renderItem={(item, index) => <GuaranteeItem item={item} index={index} />}
      removeLabel={(item) => FORM_TEXTS.removeGuarantee(labelOf(item.type))}
      renderAdd={(append, items) => <AddGuarantee append={append} items={items} />}
    />
  );
}
