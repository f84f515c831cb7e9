/**
 * The not-found page's «العودة إلى الصفحة السابقة» button (SPEC §2.10): back in the browser's history
 * (history-back.island.ts). Without JavaScript it does nothing; the home link beside it still works.
 */
import { Undo2 } from "lucide-react";
import { HISTORY_BACK } from "./contract.ts";

export function HistoryBackButton() {
  return (
    <button
      type="button"
      data-island={HISTORY_BACK.island}
      className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-surface px-5 py-2 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
    >
      <Undo2 aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      العودة إلى الصفحة السابقة
    </button>
  );
}
