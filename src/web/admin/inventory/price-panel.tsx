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
import { useState } from "react";
import type { z } from "zod";
import { countNoun, formatSAR, NOUNS } from "#domain/format.ts";
import { INVENTORY_STATE_LABELS } from "#domain/inventory.ts";
import type { PriceChangeRequest, priceChangeResultSchema } from "#domain/inventory-admin.ts";
import { SELECT_CLASS } from "~/admin/common/form/field.tsx";
import { apiClient, apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { withLatinDigits } from "~/shared/lib/latin-digits.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useStackingPlan } from "./api.ts";
import { PRICE_UI } from "./inventory-texts.ts";

type PriceResult = z.infer<typeof priceChangeResultSchema>;

const EMPTY = { building: "", floorFrom: "", floorTo: "", typeId: "", kind: "percent", amount: "" };
const cell = "px-2 py-1 text-start";
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
        <label className="grid gap-1 text-sm">
          {PRICE_UI.building}
          <select className={SELECT_CLASS} value={form.building} onChange={set("building")}>
            <option value="">{PRICE_UI.anyBuilding}</option>
            {(plan.data?.buildings ?? []).map((b) => (
              <option key={b.name} value={b.name}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid w-24 gap-1 text-sm">
          {PRICE_UI.floorFrom}
          <input
            className={NUMBER_INPUT}
            type="number"
            dir="ltr"
            inputMode="numeric"
            value={form.floorFrom}
            onChange={withLatinDigits(set("floorFrom"))}
          />
        </label>
        <label className="grid w-24 gap-1 text-sm">
          {PRICE_UI.floorTo}
          <input
            className={NUMBER_INPUT}
            type="number"
            dir="ltr"
            inputMode="numeric"
            value={form.floorTo}
            onChange={withLatinDigits(set("floorTo"))}
          />
        </label>
        <label className="grid gap-1 text-sm">
          {PRICE_UI.type}
          <select className={SELECT_CLASS} value={form.typeId} onChange={set("typeId")}>
            <option value="">{PRICE_UI.anyType}</option>
            {(plan.data?.types ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          {PRICE_UI.kind}
          <select className={SELECT_CLASS} value={form.kind} onChange={set("kind")}>
            <option value="percent">{PRICE_UI.percent}</option>
            <option value="fixed">{PRICE_UI.fixed}</option>
          </select>
        </label>
        <label className="grid w-32 gap-1 text-sm">
          {PRICE_UI.amount}
          <input
            className={NUMBER_INPUT}
            type="number"
            dir="ltr"
            inputMode="decimal"
            value={form.amount}
            onChange={withLatinDigits(set("amount"))}
          />
        </label>
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
