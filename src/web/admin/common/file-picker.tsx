/**
 * An Arabic file picker (docs/product.md, back-office forms): the browser's own control ("Choose File / No file
 * chosen", in the browser's language) is replaced by a styled button and the chosen file's name. The real
 * `<input type="file">` stays in the page, visually hidden, so labels, keyboard focus (the button shows the focus
 * ring), screen readers and test tools reach it as before. Callers keep their own field label (`htmlFor` = `id`).
 */

import { UploadIcon } from "lucide-react";
import type * as React from "react";
import { countNoun, NOUNS } from "#domain/format.ts";
import { cn } from "~/shared/lib/cn.ts";
import { buttonVariants } from "~/shared/ui/button.tsx";

/** Words of the picker. */
export const FILE_PICKER_TEXTS = {
  chooseFile: "اختيار ملف",
  chooseImage: "اختيار صورة",
  chooseImages: "اختيار صور",
  noFile: "لم يُختر أي ملف",
  files: (n: number) => countNoun(n, NOUNS.file),
} as const;

export interface FilePickerProps
  extends Omit<React.ComponentProps<"input">, "type" | "className" | "children" | "onChange"> {
  id: string;
  /** The button's words (FILE_PICKER_TEXTS.chooseFile by default). */
  buttonLabel?: string;
  /** What to show beside the button: the chosen file's name; null shows "لم يُختر أي ملف"; undefined shows nothing. */
  fileName?: string | null;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  icon?: React.ReactNode;
  className?: string;
}

/** The chosen files' display name: one file's name, or the count of several. */
export function chosenFilesName(files: FileList | readonly File[] | null | undefined): string | null {
  const list = files ? Array.from(files) : [];
  if (list.length === 0) return null;
  return list.length === 1 ? list[0].name : FILE_PICKER_TEXTS.files(list.length);
}

export function FilePicker({
  id,
  buttonLabel = FILE_PICKER_TEXTS.chooseFile,
  fileName,
  icon,
  className,
  disabled,
  ...input
}: FilePickerProps) {
  return (
    <div className={cn("flex min-w-0 flex-wrap items-center gap-3", className)}>
      <input {...input} id={id} type="file" disabled={disabled} className="peer sr-only" />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "cursor-pointer peer-focus-visible:ring-3 peer-focus-visible:ring-accent-400/50",
          disabled && "pointer-events-none opacity-50",
        )}
      >
        {icon ?? <UploadIcon aria-hidden="true" />}
        {buttonLabel}
      </label>
      {fileName === undefined ? null : (
        <span className="min-w-0 max-w-full truncate text-sm text-muted">
          {fileName ? <bdi>{fileName}</bdi> : FILE_PICKER_TEXTS.noFile}
        </span>
      )}
    </div>
  );
}
