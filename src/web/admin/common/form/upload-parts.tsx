/**
 * What the kit's upload fields share (docs/product.md §5.3, §7.2, §8.2): their words, the picker (an Arabic button
 * over the visually hidden file input, which labels, keyboard focus and test tools reach by its aria-label "<field>:
 * <button>"), the progress bar while sending and the error beneath, and the toasts — "خطأ في رفع الملف" on failure,
 * "تم رفع الملف بنجاح" on success, with the "existing copy used" note for a duplicate (SPEC §5.3).
 */
import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { useId, useRef, useState } from "react";
import { countNoun, formatNumber, NOUNS } from "#domain/format.ts";
import { PROJECT_TEXTS } from "~/admin/common/project-texts.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Label } from "~/shared/ui/label.tsx";
import { Progress } from "~/shared/ui/progress.tsx";
import { toast } from "~/shared/ui/use-toast.ts";

export const UPLOAD_TEXTS = {
  imageHint: `صور بصيغة PNG أو JPEG أو WebP أو AVIF، حتى ${formatNumber(10)} ميجابايت للصورة`,
  chooseImages: "اختيار صور",
  chooseImage: "اختيار صورة",
  chooseFile: "اختيار ملف",
  uploading: "جاري الرفع...",
  remove: "إزالة",
  removeImage: (n: number) => `إزالة الصورة ${formatNumber(n)}`,
  // The file name sits between FSI and PDI (the text form of <bdi>) so a Latin name does not reorder the sentence.
  fileFailed: (name: string, reason: string) => `تعذر رفع الملف «\u2068${name}\u2069»: ${reason}`,
  skipped: (n: number) => `ولم يُرفع ما بعده: ${countNoun(n, NOUNS.file)}`,
  uploadFailedDefault: "تعذر رفع الملف",
  pdfHint: `ملف PDF حتى ${formatNumber(20)} ميجابايت`,
  videoHint: `فيديو بصيغة MP4 أو WebM حتى ${formatNumber(200)} ميجابايت`,
} as const;

/** The image types the server accepts (SPEC §7.2). */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/avif";

/** `list` followed by the `added` URLs it does not hold yet (a duplicate upload returns the same URL). */
export function appendUnique(list: readonly string[], added: readonly string[]): string[] {
  const next = [...list];
  for (const url of added) if (!next.includes(url)) next.push(url);
  return next;
}

export function successToast(duplicateMessage: string | undefined) {
  toast({
    title: PROJECT_TEXTS.successTitle,
    description: duplicateMessage
      ? `${PROJECT_TEXTS.uploadSuccess} — ${duplicateMessage}`
      : PROJECT_TEXTS.uploadSuccess,
    variant: "success",
  });
}

/**
 * An upload's progress (0–1, null when idle) and error. `run(send, failure)` clears the error, sends with progress,
 * and on a throw shows `failure(error)` under the field and in a destructive toast titled `failureTitle` (SPEC §8.2
 * "خطأ في رفع الملف" by default; the landing page's "فشل رفع الصورة", docs/decisions/006-landing-texts.md).
 */
export function useUpload(failureTitle: string = PROJECT_TEXTS.uploadErrorTitle) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function run(send: (onProgress: (f: number) => void) => Promise<void>, failure: (err: unknown) => string) {
    setError(null);
    setProgress(0);
    try {
      await send(setProgress);
    } catch (err) {
      const message = failure(err);
      setError(message);
      toast({ title: failureTitle, description: message, variant: "destructive" });
    } finally {
      setProgress(null);
    }
  }
  return { progress, error, busy: progress !== null, run };
}

/** The failure message of one file: its name and the server's reason. */
export function fileFailure(fileName: string, err: unknown): string {
  return UPLOAD_TEXTS.fileFailed(fileName, apiErrorMessage(err, UPLOAD_TEXTS.uploadFailedDefault));
}

interface UploadPickerProps {
  id: string;
  fieldLabel: string;
  buttonLabel: string;
  icon: LucideIcon;
  accept: string;
  multiple?: boolean;
  hint: string;
  disabled: boolean;
  invalid?: boolean;
  onFiles: (files: File[]) => void;
}

/** The Arabic picker button with the hidden file input and the hint of what may be chosen. */
function UploadPicker({
  id,
  fieldLabel,
  buttonLabel,
  icon: Icon,
  accept,
  multiple = false,
  hint,
  disabled,
  invalid,
  onFiles,
}: UploadPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-brand-300 px-3 py-2 text-sm hover:bg-brand-50"
      >
        <Icon aria-hidden="true" className="size-4" />
        {buttonLabel}
      </Label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        className="sr-only"
        aria-label={`${fieldLabel}: ${buttonLabel}`}
        aria-invalid={invalid ? true : undefined}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          if (inputRef.current) inputRef.current.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <span className="text-xs text-muted">{hint}</span>
    </div>
  );
}

/** The progress bar while sending, then the error (if any). */
function UploadStatus({ progress, error }: { progress: number | null; error: string | null | undefined }) {
  return (
    <>
      {progress !== null ? (
        <div className="flex items-center gap-2" role="status">
          <Progress value={Math.round(progress * 100)} aria-label={UPLOAD_TEXTS.uploading} className="flex-1" />
          <span className="text-xs text-muted">{UPLOAD_TEXTS.uploading}</span>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

export interface UploadFieldsetProps extends Omit<UploadPickerProps, "id" | "fieldLabel" | "disabled" | "invalid"> {
  label: string;
  /** A star after the label. */
  required?: boolean;
  upload: ReturnType<typeof useUpload>;
  disabled?: boolean;
  /** The form's message for the field (shown when the upload itself has none). */
  error?: string;
  /** What the field holds now (thumbnails, a link). */
  children: React.ReactNode;
}

/** An upload field's frame: legend, what it holds, the picker, then the progress and the error. */
export function UploadFieldset({ label, required, upload, disabled, error, children, ...picker }: UploadFieldsetProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-busy={upload.busy}>
      <legend className="mb-1 text-sm font-bold text-ink">
        {label} {required ? <span className="text-danger">*</span> : null}
      </legend>
      {children}
      <UploadPicker
        {...picker}
        id={id}
        fieldLabel={label}
        disabled={Boolean(disabled) || upload.busy}
        invalid={Boolean(error)}
      />
      <UploadStatus progress={upload.progress} error={upload.error ?? error} />
    </fieldset>
  );
}
