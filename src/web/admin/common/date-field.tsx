/**
 * An Arabic date field (docs/product.md, back-office forms): a button showing the chosen day in the long Arabic
 * format ("٢٣ نوفمبر ٢٠٢٦") that opens a right-to-left Arabic calendar (react-day-picker, Saudi Arabic locale,
 * Arabic-Indic digits), instead of the browser's date input whose words follow the browser's language. The Hijri
 * (Umm al-Qura) date of the chosen day is shown beside the Gregorian one (ARCHITECTURE resolution 9).
 * Value: a calendar day "YYYY-MM-DD", or "" for none; `onChange` receives the same shape. A clear button empties it.
 */
import { CalendarIcon, XIcon } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { useState } from "react";
import { DayPicker } from "react-day-picker";
import { arSA } from "react-day-picker/locale";
import "react-day-picker/style.css";
import { formatDateLong, formatHijri } from "#domain/format.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";

export const DATE_FIELD_TEXTS = {
  choose: "اختر التاريخ",
  clear: "مسح التاريخ",
} as const;

/** "YYYY-MM-DD" (or an ISO date-time) → the local calendar day, else undefined. */
export function parseDay(value: string | null | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? "");
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** A local calendar day → "YYYY-MM-DD". */
export function formatDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DateFieldProps {
  id: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

export function DateField({ id, value, onChange, onBlur, disabled, className, ...aria }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const day = parseDay(value);
  const noon = day ? `${formatDay(day)}T12:00:00+03:00` : null;
  const shown = noon ? formatDateLong(noon) : DATE_FIELD_TEXTS.choose;
  const hijri = noon ? formatHijri(noon) : null;
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <PopoverPrimitive.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) onBlur?.();
        }}
      >
        <PopoverPrimitive.Trigger asChild>
          <Button
            id={id}
            type="button"
            variant="outline"
            disabled={disabled}
            className={cn("h-auto min-h-10 flex-1 flex-wrap justify-start font-normal", !day && "text-muted")}
            {...aria}
          >
            <CalendarIcon aria-hidden="true" />
            <span>{shown}</span>
            {hijri ? (
              <span className="text-xs text-muted" data-testid="date-field-hijri">
                {`(${hijri})`}
              </span>
            ) : null}
          </Button>
        </PopoverPrimitive.Trigger>
        <PopoverPrimitive.Portal>
          <PopoverPrimitive.Content
            align="start"
            sideOffset={4}
            dir="rtl"
            className="z-[60] rounded-xl border border-brand-100 bg-surface p-2 text-ink shadow-lg [--rdp-accent-background-color:var(--color-brand-50)] [--rdp-accent-color:var(--color-brand-600)]"
          >
            <DayPicker
              mode="single"
              locale={arSA}
              dir="rtl"
              numerals="arab"
              selected={day}
              defaultMonth={day}
              onSelect={(picked) => {
                onChange(picked ? formatDay(picked) : "");
                setOpen(false);
                onBlur?.();
              }}
            />
          </PopoverPrimitive.Content>
        </PopoverPrimitive.Portal>
      </PopoverPrimitive.Root>
      {day && !disabled ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={DATE_FIELD_TEXTS.clear}
          onClick={() => onChange("")}
        >
          <XIcon aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
