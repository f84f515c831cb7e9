/**
 * The unit form's own advertising licence (docs/compliance.md; ARCHITECTURE resolutions 11 and 17): the licence number
 * (Latin digits; Arabic-Indic digits typed are converted by domain/schemas/licence.ts) and its last day, chosen on the
 * Gregorian calendar with the Hijri (Umm al-Qura) date beside it, as the project form shows. Both empty: the unit is
 * advertised under its project's licence.
 */
import { useFormContext } from "react-hook-form";
import { formatHijri } from "#domain/format.ts";
import { riyadhDayStart } from "#domain/licence.ts";
import type { UnitInput } from "#domain/schemas/unit.ts";
import { Field } from "~/admin/common/form/field.tsx";

export const UNIT_LICENCE_TEXTS = {
  title: "ترخيص إعلان الوحدة",
  note: "اتركهما فارغين ليُعلن عن الوحدة بترخيص المشروع.",
  advertisingLicenseNumber: "رقم ترخيص إعلان الوحدة",
  advertisingLicenseExpiresOn: "تاريخ انتهاء ترخيص إعلان الوحدة",
} as const;

/** «الموافق ١٥ رجب ١٤٤٨ هـ» under the chosen day. */
function HijriHint() {
  const { watch } = useFormContext<UnitInput>();
  const value = watch("advertisingLicenseExpiresOn");
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return <span>{`الموافق ${formatHijri(riyadhDayStart(value))}`}</span>;
}

export function UnitLicenceFields() {
  return (
    <fieldset className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <legend className="mb-1 text-sm font-bold text-ink">{UNIT_LICENCE_TEXTS.title}</legend>
      <p className="text-sm text-muted md:col-span-2">{UNIT_LICENCE_TEXTS.note}</p>
      <Field
        name="advertisingLicenseNumber"
        label={UNIT_LICENCE_TEXTS.advertisingLicenseNumber}
        input={{ dir: "ltr", autoComplete: "off" }}
      />
      <Field
        name="advertisingLicenseExpiresOn"
        label={UNIT_LICENCE_TEXTS.advertisingLicenseExpiresOn}
        hint={<HijriHint />}
        input={{ type: "date", dir: "ltr" }}
      />
    </fieldset>
  );
}
