/**
 * Bulk generation from the stacking plan (inventory.manage; docs/decisions/078-stacking-plan-and-bulk-generation.md):
 * building names, floors, units per floor, the first floor's price and a step per floor (SAR or percent). «معاينة»
 * asks the server for the exact units it would write (and the numbers that already exist); «توليد الوحدات» writes
 * that preview in one transaction.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { countNoun, formatSAR, NOUNS } from "#domain/format.ts";
import type { GeneratedUnit } from "#domain/inventory-admin.ts";
import { apiClient, apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { withLatinDigits } from "~/shared/lib/latin-digits.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";

interface Result {
  units: GeneratedUnit[];
  clashes: string[];
  created: number;
}

const field = "rounded-md border border-black/15 bg-surface px-2 py-1.5 text-sm";

/** The generator's typed fields in order: the form's key, the label, the input's width and keyboard. */
const GENERATE_FIELDS = [
  { key: "buildings", label: "أسماء المباني (مفصولة بفاصلة)", width: "", inputMode: undefined },
  { key: "floors", label: "عدد الأدوار", width: "w-20", inputMode: "numeric" },
  { key: "unitsPerFloor", label: "الوحدات في كل دور", width: "w-20", inputMode: "numeric" },
  { key: "basePrice", label: "سعر الدور الأول (ريال)", width: "w-32", inputMode: "numeric" },
  { key: "step", label: "زيادة كل دور", width: "w-24", inputMode: "decimal" },
] as const;

export function GeneratePanel({ projectId }: { projectId: number }) {
  const client = useQueryClient();
  const [form, setForm] = useState({
    buildings: "",
    floors: "12",
    unitsPerFloor: "6",
    basePrice: "",
    step: "0",
    kind: "flat",
  });
  const [preview, setPreview] = useState<Result | null>(null);
  const body = (apply: boolean) => ({
    buildings: form.buildings
      .split(/[،,]/)
      .map((b) => b.trim())
      .filter(Boolean),
    floors: Number(form.floors),
    unitsPerFloor: Number(form.unitsPerFloor),
    basePrice: form.basePrice ? Number(form.basePrice) : null,
    ...(form.basePrice ? { priceStep: { kind: form.kind, value: Number(form.step) } } : {}),
    apply,
  });
  const run = useMutation({
    mutationFn: (apply: boolean) =>
      apiClient.request<Result>(`/api/projects/${projectId}/units/generate`, { method: "POST", body: body(apply) }),
    onSuccess: async (result, apply) => {
      if (!apply) {
        setPreview(result);
        return;
      }
      setPreview(null);
      toast({ variant: "success", title: `تم توليد ${countNoun(result.created, NOUNS.unit)}` });
      await client.invalidateQueries({ queryKey: ["inventory"] });
    },
    onError: (error) => {
      const fields = isApiError(error) ? Object.values(error.body?.fields ?? {}) : [];
      toast({ variant: "destructive", title: fields[0] ?? apiErrorMessage(error, "تعذّر توليد الوحدات") });
    },
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => {
    setPreview(null);
    setForm({ ...form, [key]: event.target.value });
  };
  return (
    <details className="rounded-xl bg-surface p-3 ring-1 ring-black/5">
      <summary className="cursor-pointer font-bold">توليد وحدات</summary>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {GENERATE_FIELDS.map(({ key, label, width, inputMode }) => (
          <label key={key} className="grid gap-1 text-sm">
            {label}
            <input
              className={width ? `${field} ${width}` : field}
              inputMode={inputMode}
              value={form[key]}
              onChange={withLatinDigits(set(key))}
            />
          </label>
        ))}
        <select aria-label="نوع الزيادة" className={field} value={form.kind} onChange={set("kind")}>
          <option value="flat">ريال</option>
          <option value="percent">نسبة مئوية</option>
        </select>
        <Button variant="outline" disabled={run.isPending} onClick={() => run.mutate(false)}>
          معاينة
        </Button>
      </div>
      {preview && (
        <div className="mt-3 grid gap-2 text-sm" data-testid="generation-preview">
          <p>{`ستُنشأ ${countNoun(preview.units.length, NOUNS.unit)}`}</p>
          {preview.clashes.length > 0 && (
            <p role="alert">{`أرقام موجودة بالفعل: ${preview.clashes.slice(0, 20).join("، ")}`}</p>
          )}
          <ul className="flex max-h-40 flex-wrap gap-1 overflow-y-auto">
            {preview.units.slice(0, 200).map((u) => (
              <li key={`${u.building}-${u.unitNumber}`} className="rounded bg-canvas px-2 py-0.5">
                <bdi data-latin-digits="unit">{`${u.building} ${u.unitNumber}`}</bdi>
                {u.price !== null ? ` · ${formatSAR(u.price)}` : ""}
              </li>
            ))}
          </ul>
          <Button disabled={run.isPending || preview.clashes.length > 0} onClick={() => run.mutate(true)}>
            توليد الوحدات
          </Button>
        </div>
      )}
    </details>
  );
}
