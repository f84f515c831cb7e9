import { DayField } from "~/admin/common/form/day-field.tsx";
import { Field } from "~/admin/common/form/field.tsx";

export const UNIT_LICENCE_TEXTS = {
  title: "ترخيص إعلان الوحدة",
  note: "اتركهما فارغين ليُعلن عن الوحدة بترخيص المشروع.",
  advertisingLicenseNumber: "رقم ترخيص إعلان الوحدة",
  advertisingLicenseExpiresOn: "تاريخ انتهاء ترخيص إعلان الوحدة",
} as const;

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
      <DayField name="advertisingLicenseExpiresOn" label={UNIT_LICENCE_TEXTS.advertisingLicenseExpiresOn} />
    </fieldset>
  );
}
