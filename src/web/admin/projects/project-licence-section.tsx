/**
 * The project form's licences and disclosures (docs/compliance.md): sale mode (off-plan or ready), the advertising
 * licence's issue and expiry days and verification URL, the off-plan licence's expiry and escrow account, the broker's
 * FAL licence, the plot number and the rights/restrictions/disputes disclosure («لا يوجد» when none). Days are chosen
 * on the Gregorian calendar with the Hijri (Umm al-Qura) date shown beside them (ARCHITECTURE resolution 17).
 */
import { useFormContext } from "react-hook-form";
import { formatHijri } from "#domain/format.ts";
import { riyadhDayStart } from "#domain/licence.ts";
import type { ProjectInput } from "#domain/schemas/project.ts";
import { Field, SelectField, TEXTAREA_CLASS } from "~/admin/common/form/field.tsx";
import { Textarea } from "~/shared/ui/textarea.tsx";
import { FormSection } from "./project-form-sections.tsx";

export const LICENCE_FORM_TEXTS = {
  title: "التراخيص والإفصاحات",
  saleMode: "حالة البيع",
  offplan: "على الخارطة (ترخيص البيع على الخارطة)",
  ready: "جاهز (ترخيص الإعلان)",
  advertisingLicenseIssuedOn: "تاريخ إصدار ترخيص الإعلان",
  advertisingLicenseExpiresOn: "تاريخ انتهاء ترخيص الإعلان",
  advertisingLicenseUrl: "رابط التحقق من ترخيص الإعلان",
  offPlanLicenseExpiresOn: "تاريخ انتهاء ترخيص البيع على الخارطة",
  escrowBank: "بنك حساب الضمان",
  escrowAccountName: "اسم حساب الضمان",
  escrowIban: "آيبان حساب الضمان",
  falLicenseNumber: "رقم رخصة فال للوسيط",
  plotNumber: "رقم القطعة",
  rightsAndRestrictions: "الحقوق والالتزامات والنزاعات",
} as const;

/** «الموافق ١٥ رجب ١٤٤٨ هـ» under a chosen day. */
function HijriHint({ name }: { name: keyof ProjectInput }) {
  const { watch } = useFormContext<ProjectInput>();
  const value = watch(name);
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return <span>{`الموافق ${formatHijri(riyadhDayStart(value))}`}</span>;
}

function DayField({
  name,
}: {
  name: "advertisingLicenseIssuedOn" | "advertisingLicenseExpiresOn" | "offPlanLicenseExpiresOn";
}) {
  return (
    <Field
      name={name}
      label={LICENCE_FORM_TEXTS[name]}
      hint={<HijriHint name={name} />}
      input={{ type: "date", dir: "ltr" }}
    />
  );
}

export function LicenceSection() {
  return (
    <FormSection title={LICENCE_FORM_TEXTS.title} columns={3}>
      <SelectField
        name="saleMode"
        label={LICENCE_FORM_TEXTS.saleMode}
        options={[
          { value: "ready", label: LICENCE_FORM_TEXTS.ready },
          { value: "offplan", label: LICENCE_FORM_TEXTS.offplan },
        ]}
      />
      <DayField name="advertisingLicenseIssuedOn" />
      <DayField name="advertisingLicenseExpiresOn" />
      <Field
        name="advertisingLicenseUrl"
        label={LICENCE_FORM_TEXTS.advertisingLicenseUrl}
        input={{ dir: "ltr", type: "url" }}
      />
      <DayField name="offPlanLicenseExpiresOn" />
      <Field name="falLicenseNumber" label={LICENCE_FORM_TEXTS.falLicenseNumber} input={{ dir: "ltr" }} />
      <Field name="escrowBank" label={LICENCE_FORM_TEXTS.escrowBank} />
      <Field name="escrowAccountName" label={LICENCE_FORM_TEXTS.escrowAccountName} />
      <Field name="escrowIban" label={LICENCE_FORM_TEXTS.escrowIban} input={{ dir: "ltr" }} />
      <Field name="plotNumber" label={LICENCE_FORM_TEXTS.plotNumber} input={{ dir: "ltr" }} />
      <Field name="rightsAndRestrictions" label={LICENCE_FORM_TEXTS.rightsAndRestrictions} className="md:col-span-2">
        {(control) => <Textarea rows={2} className={TEXTAREA_CLASS} {...control} />}
      </Field>
    </FormSection>
  );
}
