/**
 * The payments screen's filters (docs/payments.md "Payments screen"): the state and the days the checkout was started
 * (from, to: Asia/Riyadh, both included), kept in the URL (?state=&from=&to=) so a filtered list can be reloaded and
 * shared, and «تصدير (جدول إكسل)» saving the same filtered list as a workbook.
 */
import { DownloadIcon } from "lucide-react";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { CHECKOUT_STATE_LABELS, CHECKOUT_STATES, type CheckoutState } from "#domain/checkout.ts";
import { ChoiceField, choicesOf } from "~/admin/common/choice-select.tsx";
import { DateField } from "~/admin/common/date-field.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { downloadPayments, type PaymentFilterValues } from "./api.ts";

export const PAYMENT_FILTER_TEXTS = {
  state: "الحالة",
  allStates: "كل الحالات",
  from: "من تاريخ",
  to: "إلى تاريخ",
  export: "تصدير (جدول إكسل)",
  exportFailed: "تعذّر تصدير المدفوعات",
} as const;

const isState = (value: string | null): value is CheckoutState =>
  value !== null && (CHECKOUT_STATES as readonly string[]).includes(value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters in the URL (unknown values ignored) and a setter writing one back. */
export function usePaymentFilters(): [PaymentFilterValues, (key: keyof PaymentFilterValues, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const state = params.get("state");
  const from = params.get("from");
  const to = params.get("to");
  const filters: PaymentFilterValues = {
    ...(isState(state) ? { state } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
  const set = (key: keyof PaymentFilterValues, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

const selectClass =
  "h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink focus-visible:ring-3 focus-visible:ring-accent-400/50";

export function PaymentFilters({
  filters,
  onChange,
}: {
  filters: PaymentFilterValues;
  onChange: (key: keyof PaymentFilterValues, value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid items-end gap-3 rounded-xl bg-surface p-3 ring-1 ring-black/5 sm:grid-cols-2 xl:grid-cols-4">
      <ChoiceField
        label={PAYMENT_FILTER_TEXTS.state}
        frameClassName="grid gap-1.5"
        id={`${id}-state`}
        className={selectClass}
        value={filters.state ?? ""}
        onChange={(value) => onChange("state", value)}
        empty={PAYMENT_FILTER_TEXTS.allStates}
        options={choicesOf(CHECKOUT_STATES, CHECKOUT_STATE_LABELS)}
      />
      {(["from", "to"] as const).map((key) => (
        <div key={key} className="grid gap-1.5">
          <Label htmlFor={`${id}-${key}`}>{PAYMENT_FILTER_TEXTS[key]}</Label>
          <DateField id={`${id}-${key}`} value={filters[key] ?? ""} onChange={(v) => onChange(key, v)} />
        </div>
      ))}
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={() =>
          downloadPayments(filters).catch((error: unknown) =>
            toast({ variant: "destructive", title: apiErrorMessage(error, PAYMENT_FILTER_TEXTS.exportFailed) }),
          )
        }
      >
        <DownloadIcon aria-hidden="true" className="size-4" />
        {PAYMENT_FILTER_TEXTS.export}
      </Button>
    </div>
  );
}
