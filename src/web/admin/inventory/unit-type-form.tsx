/**
 * The form of a unit type («نموذج أ»; docs/decisions/098-unit-type-admin.md), in a dialog: name, rooms, areas (m²),
 * price (SAR), view, floor plan image and directions, validated by src/domain/unit-types.ts (the API's schema, its
 * Arabic messages). The server's 400/409 field messages land on their fields; the whole-form message is a toast.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { AREA_STEP, ROOMS_MAX, ROOMS_MIN } from "#domain/constants.ts";
import { type UnitType, type UnitTypeInput, type UnitTypeValues, unitTypeCreateSchema } from "#domain/unit-types.ts";
import { AdminForm, serverFieldErrors, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { DirectionsField } from "~/admin/common/form/directions-field.tsx";
import { Field } from "~/admin/common/form/field.tsx";
import { FormDialog } from "~/admin/common/form/form-dialog.tsx";
import { MoneyField } from "~/admin/common/form/money-field.tsx";
import { NumberField } from "~/admin/common/form/number-field.tsx";
import { SingleFileField } from "~/admin/common/form/single-file-field.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { UNIT_TYPE_UI } from "./inventory-texts.ts";

export interface UnitTypeFormProps {
  /** The type edited, or null for a new one. */
  type: UnitType | null;
  onSave: (values: UnitTypeValues) => Promise<unknown>;
  onClose: () => void;
}

const defaultsOf = (type: UnitType | null): UnitTypeInput => ({
  name: type?.name ?? "",
  rooms: type?.rooms ?? "",
  privateArea: type?.privateArea ?? "",
  totalArea: type?.totalArea ?? "",
  price: type?.price ?? null,
  view: type?.view ?? "",
  floorPlanUrl: type?.floorPlanUrl ?? null,
  direction: (type?.direction ?? []) as UnitTypeInput["direction"],
});

export function UnitTypeForm({ type, onSave, onClose }: UnitTypeFormProps) {
  const form = useForm<UnitTypeInput, unknown, UnitTypeValues>({
    resolver: zodResolver(unitTypeCreateSchema),
    defaultValues: defaultsOf(type),
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      toast({ variant: "success", title: UNIT_TYPE_UI.saved });
      onClose();
    } catch (error) {
      if (!showServerErrors(form.setError, serverFieldErrors(error))) {
        toast({ variant: "destructive", title: apiErrorMessage(error, UNIT_TYPE_UI.failed) });
      }
    }
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={type ? UNIT_TYPE_UI.editTitle : UNIT_TYPE_UI.addTitle}
      description={UNIT_TYPE_UI.hint}
      className="max-w-2xl"
    >
      <AdminForm form={form} onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field name="name" label={UNIT_TYPE_UI.name} input={{ autoComplete: "off" }} />
          <MoneyField name="price" label={UNIT_TYPE_UI.price} />
          <NumberField name="rooms" label={UNIT_TYPE_UI.rooms} min={ROOMS_MIN} max={ROOMS_MAX} />
          <Field name="view" label={UNIT_TYPE_UI.view} input={{ autoComplete: "off" }} />
          <NumberField name="privateArea" label={UNIT_TYPE_UI.privateArea} min={1} step={AREA_STEP} />
          <NumberField name="totalArea" label={UNIT_TYPE_UI.totalArea} min={1} step={AREA_STEP} />
        </div>
        <DirectionsField legend={UNIT_TYPE_UI.direction} />
        <SingleFileField name="floorPlanUrl" kind="image" label={UNIT_TYPE_UI.floorPlan} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {UNIT_TYPE_UI.save}
          </Button>
          <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
            {UNIT_TYPE_UI.cancel}
          </Button>
        </div>
      </AdminForm>
    </FormDialog>
  );
}
