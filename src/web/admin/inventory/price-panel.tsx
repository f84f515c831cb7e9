/**
 * The bulk price change and the price list on the stacking plan screen (inventory.manage for the change,
 * inventory.view for the list; docs/decisions/078-stacking-plan-and-bulk-generation.md, docs/product.md):
 * - which units: a building, a floor range, a type (at least one, src/domain/inventory-admin.ts priceChangeSchema);
 *   the change: a percentage or a fixed amount in SAR. «معاينة» asks POST /api/projects/{id}/prices for the table
 *   of every unit it changes (old → new, rounded to 1,000 SAR) and the held/reserved/sold units it leaves out;
 *   «تطبيق التغيير» sends the same request with `apply: true` (one transaction on the server). Editing any field
 *   drops the preview, so what is applied is what was previewed.
 * - «تنزيل قائمة الأسعار»: GET /api/projects/{id}/price-list.xlsx (the available units, SAR, right to left).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { z } from "zod";
import { countNoun, formatSAR, NOUNS } from "#domain/format.ts";
import { INVENTORY_STATE_LABELS } from "#domain/inventory.ts";
import type { PriceChangeRequest, priceChangeResultSchema } from "#domain/inventory-admin.ts";
import { type Choice, ChoiceSelect } from "~/admin/common/choice-select.tsx";
import { apiClient, apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { withLatinDigits } from "~/shared/lib/latin-digits.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useStackingPlan } from "./api.ts";
import { PRICE_UI } from "./inventory-texts.ts";

type PriceResult = z.infer<typeof priceChangeResultSchema>;

const EMPTY = { building: "", floorFrom: "", floorTo: "", typeId: "", kind: "percent", amount: "" };
const cell = "px-2 py-1 text-start";
const KIND_CHOICES: Choice[] = [
  { value: "percent", label: PRICE_UI.percent },
  { value: "fixed", label: PRICE_UI.fixed },
];
const NUMBER_INPUT = "h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink";
const price = (value: number | null) => (value === null ? "—" : formatSAR(value));

/** The request body of the form's values (empty fields left out; the server validates the rest). */
function requestOf(form: typeof EMPTY, apply: boolean): Partial<PriceChangeRequest> {
  const number = (text: string) => (text.trim() === "" ? undefined : Number(text));
  return {
    ...(form.building ? { building: form.building } : {}),
    ...(number(form.floorFrom) !== undefined ? { floorFrom: number(form.floorFrom) } : {}),
    ...(number(form.floorTo) !== undefined ? { floorTo: number(form.floorTo) } : {}),
    ...(form.typeId ? { typeId: Number(form.typeId) } : {}),
    kind: form.kind as PriceChangeRequest["kind"],
    amount: number(form.amount) ?? Number.NaN,
    apply,
  };
}

export function PricePanel({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const client = useQueryClient();
  const plan = useStackingPlan(projectId);
  const [form, setForm] = useState(EMPTY);
  const [preview, setPreview] = useState<PriceResult | null>(null);
  const run = useMutation({
    mutationFn: (apply: boolean) =>
      apiClient.request<PriceResult>(`/api/projects/${projectId}/prices`, {
        method: "POST",
        body: requestOf(form, apply),
      }),
    onSuccess: async (result) => {
      if (!result.applied) {
        setPreview(result);
        return;
      }
      setPreview(null);
      toast({ variant: "success", title: `${PRICE_UI.applied}: ${countNoun(result.changes.length, NOUNS.unit)}` });
      await Promise.all([
        client.invalidateQueries({ queryKey: ["inventory"] }),
        client.invalidateQueries({ queryKey: ["units"] }),
      ]);
    },
    onError: (error) => {
      const fields = isApiError(error) ? Object.values(error.body?.fields ?? {}) : [];
      toast({ variant: "destructive", title: fields[0] ?? apiErrorMessage(error, PRICE_UI.failed) });
    },
  });
  const download = useMutation({
    mutationFn: () => apiClient.download(`/api/projects/${projectId}/price-list.xlsx`, `price-list-${projectId}.xlsx`),
    onError: (error) => toast({ variant: "destructive", title: apiErrorMessage(error, PRICE_UI.downloadFailed) }),
  });
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setPreview(null);
    setForm({ ...form, [key]: event.target.value });
  };
  const uid = useId();
  /** A labelled select of the form's `key`. */
  const choose = (key: keyof typeof EMPTY, label: string, options: readonly Choice[], empty?: string) => (
    <label htmlFor={`${uid}-${key}`} className="grid gap-1 text-sm">
      {label}
      <ChoiceSelect
        id={`${uid}-${key}`}
        value={form[key]}
        onChange={(value) => set(key)({ target: { value } })}
        empty={empty}
        options={options}
      />
    </label>
  );
  /** A labelled number of the form's `key`, typed in Latin digits, `width` wide. */
  const number = (
    key: keyof typeof EMPTY,
    label: string,
    width: string,
    inputMode: "numeric" | "decimal" = "numeric",
  ) => (
    <label className={`grid ${width} gap-1 text-sm`}>
      {label}
      <input
        className={NUMBER_INPUT}
        type="number"
        dir="ltr"
        inputMode={inputMode}
        value={form[key]}
        onChange={withLatinDigits(set(key))}
      />
    </label>
  );
  const buildings = (plan.data?.buildings ?? []).map((b) => ({ value: b.name, label: b.name }));
  const types = (plan.data?.types ?? []).map((t) => ({ value: t.id, label: t.name }));
  const downloadButton = (
    <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
      {PRICE_UI.download}
    </Button>
  );
  if (!canManage) return <div>{downloadButton}</div>;
  return (
    <details className="rounded-xl bg-surface p-3 ring-1 ring-black/5">
      <summary className="cursor-pointer font-bold">{PRICE_UI.section}</summary>
      <p className="mt-2 text-sm text-muted">{PRICE_UI.hint}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {choose("building", PRICE_UI.building, buildings, PRICE_UI.anyBuilding)}
        {number("floorFrom", PRICE_UI.floorFrom, "w-24")}
        {number("floorTo", PRICE_UI.floorTo, "w-24")}
        {choose("typeId", PRICE_UI.type, types, PRICE_UI.anyType)}
        {choose("kind", PRICE_UI.kind, KIND_CHOICES)}
        {number("amount", PRICE_UI.amount, "w-32", "decimal")}
        <Button variant="outline" disabled={run.isPending} onClick={() => run.mutate(false)}>
          {PRICE_UI.preview}
        </Button>
        {downloadButton}
      </div>
      {preview && <PricePreview preview={preview} busy={run.isPending} onApply={() => run.mutate(true)} />}
    </details>
  );
}

function PricePreview({ preview, busy, onApply }: { preview: PriceResult; busy: boolean; onApply: () => void }) {
  return (
    <div className="mt-3 grid gap-3 text-sm">
      <section aria-label={PRICE_UI.changes} className="max-h-80 overflow-auto">
        <h3 className="font-bold">{`${PRICE_UI.changes}: ${countNoun(preview.changes.length, NOUNS.unit)}`}</h3>
        {preview.changes.length === 0 ? (
          <p>{PRICE_UI.noChanges}</p>
        ) : (
          <table className="w-full">
            <thead>
              <tr className="text-muted">
                <th className={cell}>{PRICE_UI.building}</th>
                <th className={cell}>{PRICE_UI.unit}</th>
                <th className={cell}>{PRICE_UI.oldPrice}</th>
                <th className={cell}>{PRICE_UI.newPrice}</th>
              </tr>
            </thead>
            <tbody>
              {preview.changes.map((c) => (
                <tr key={c.id} className="border-t border-black/5">
                  <td className={cell}>{c.building}</td>
                  <td className={cell}>
                    <bdi data-latin-digits="unit">{c.unitNumber}</bdi>
                  </td>
                  <td className={cell}>{price(c.oldPrice)}</td>
                  <td className={cell}>{price(c.newPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {preview.leftOut.length > 0 && (
        <section aria-label={PRICE_UI.leftOut}>
          <h3 className="font-bold">{`${PRICE_UI.leftOut}: ${countNoun(preview.leftOut.length, NOUNS.unit)}`}</h3>
          <ul className="flex flex-wrap gap-1">
            {preview.leftOut.map((u) => (
              <li key={u.id} className="rounded bg-canvas px-2 py-0.5">
                <bdi data-latin-digits="unit">{`${u.building} ${u.unitNumber}`}</bdi>
                {` · ${INVENTORY_STATE_LABELS[u.state]} · ${price(u.oldPrice)}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div>
        <Button disabled={busy || preview.changes.length === 0} onClick={onApply}>
          {PRICE_UI.apply}
        </Button>
      </div>
    </div>
  );
}
