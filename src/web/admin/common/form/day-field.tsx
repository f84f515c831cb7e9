/**
 * A form's calendar day ("YYYY-MM-DD", or "" for none) through the kit's Arabic date field (../date-field.tsx): the
 * label, the chosen day in Arabic with its Hijri (Umm al-Qura) date beside it, and the field's error. The admin's
 * forms use it instead of the browser's date input, whose placeholder and picker follow the browser's language
 * (DEVELOPERS ground rule 9: no English in the UI; ARCHITECTURE resolution 9: Hijri beside Gregorian).
 */
import { useController } from "react-hook-form";
import { DateField } from "~/admin/common/date-field.tsx";
import { FieldFrame, useFieldControl } from "./field.tsx";

/** The day field `name` of the surrounding react-hook-form form, labelled `label`. */
export function DayField({ name, label, className }: { name: string; label: React.ReactNode; className?: string }) {
  const { id, error, control } = useFieldControl(name);
  const { field } = useController({ name });
  return (
    <FieldFrame id={id} label={label} error={error} className={className}>
      <DateField
        {...control}
        value={typeof field.value === "string" ? field.value : ""}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
    </FieldFrame>
  );
}
