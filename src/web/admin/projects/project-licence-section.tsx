import { DayField } from "~/admin/common/form/day-field.tsx";
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

/** One of the licence's days, on the Arabic calendar with its Hijri date (the kit's DayField). */
function LicenceDay({
  name,
}: {
  name: "advertisingLicenseIssuedOn" | "advertisingLicenseExpiresOn" | "offPlanLicenseExpiresOn";
}) {
  return <DayField name={name} label={LICENCE_FORM_TEXTS[name]} />;
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
      <LicenceDay name="advertisingLicenseIssuedOn" />
      <LicenceDay name="advertisingLicenseExpiresOn" />
      <Field
        name="advertisingLicenseUrl"
        label={LICENCE_FORM_TEXTS.advertisingLicenseUrl}
        input={{ dir: "ltr", type: "url" }}
      />
      <LicenceDay name="offPlanLicenseExpiresOn" />
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
