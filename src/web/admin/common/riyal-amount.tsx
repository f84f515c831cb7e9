/** A price in SAR shown as digits with the Saudi riyal sign (SPEC §2.14 "price with a riyal icon"). */
import { SaudiRiyalIcon } from "lucide-react";
import { formatNumber } from "#domain/format.ts";

/** `amount` in SAR (integer); "—" when null. The icon is labelled for screen readers. */
export function RiyalAmount({ amount }: { amount: number | null }) {
  if (amount === null) return <span className="text-muted">—</span>;
  return (
    <span className="inline-flex items-center gap-1 font-bold whitespace-nowrap">
      {formatNumber(amount)}
      <SaudiRiyalIcon role="img" aria-label="ريال سعودي" className="size-4 text-muted" />
    </span>
  );
}
