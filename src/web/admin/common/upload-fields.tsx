/**
 * Upload fields of the admin forms (SPEC §2.12, §5.3, §7.2, §8.2): a multi-image field and a single-file field
 * (pdf or video). Each shows a progress bar while sending; a failed file stops the files after it and the message
 * names it (SPEC §5.3). Toasts: "خطأ في رفع الملف" on failure, "تم رفع الملف بنجاح" on success, with the
 * "existing copy used" note for a duplicate.
 */
import { FileIcon, ImagePlusIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { countNoun, formatNumber, NOUNS } from "#domain/format.ts";
import { imageVariant } from "#domain/media.ts";
import { UploadBatchError, type UploadKind, uploadFile, uploadImages } from "~/admin/uploads/api.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Progress } from "~/shared/ui/progress.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { PROJECT_TEXTS } from "./project-texts.ts";

export const UPLOAD_TEXTS = {
  imageHint: `صور بصيغة PNG أو JPEG أو WebP أو AVIF، حتى ${formatNumber(10)} ميجابايت للصورة`,
  chooseImages: "اختيار صور",
  chooseFile: "اختيار ملف",
  uploading: "جاري الرفع...",
  remove: "إزالة",
  removeImage: (n: number) => `إزالة الصورة ${formatNumber(n)}`,
  // The file name sits between FSI and PDI (the text form of <bdi>) so a Latin name does not reorder the sentence.
  fileFailed: (name: string, reason: string) => `تعذر رفع الملف «\u2068${name}\u2069»: ${reason}`,
  skipped: (n: number) => `ولم يُرفع ما بعده: ${countNoun(n, NOUNS.file)}`,
  uploadFailedDefault: "تعذر رفع الملف",
  current: "الملف الحالي",
  pdfHint: `ملف PDF حتى ${formatNumber(20)} ميجابايت`,
  videoHint: `فيديو بصيغة MP4 أو WebM حتى ${formatNumber(200)} ميجابايت`,
} as const;

/** `list` followed by the `added` URLs it does not hold yet (a duplicate upload returns the same URL). */
function appendUnique(list: readonly string[], added: readonly string[]): string[] {
  const next = [...list];
  for (const url of added) if (!next.includes(url)) next.push(url);
  return next;
}

function successToast(duplicateMessage: string | undefined) {
  toast({
    title: PROJECT_TEXTS.successTitle,
    description: duplicateMessage
      ? `${PROJECT_TEXTS.uploadSuccess} — ${duplicateMessage}`
      : PROJECT_TEXTS.uploadSuccess,
    variant: "success",
  });
}

/** A list of image URLs with thumbnails, removal and a multiple-file upload with progress. */
export function ImageListField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = "";
    if (files.length === 0) return;
    setError(null);
    setProgress(0);
    try {
      const results = await uploadImages(files, setProgress);
      onChange(
        appendUnique(
          value,
          results.map((r) => r.url),
        ),
      );
      successToast(results.find((r) => r.isDuplicate)?.message);
    } catch (err) {
      if (err instanceof UploadBatchError) {
        if (err.uploaded.length)
          onChange(
            appendUnique(
              value,
              err.uploaded.map((r) => r.url),
            ),
          );
        const reason = apiErrorMessage(err.cause, UPLOAD_TEXTS.uploadFailedDefault);
        const message = [
          UPLOAD_TEXTS.fileFailed(err.fileName, reason),
          err.skipped ? UPLOAD_TEXTS.skipped(err.skipped) : "",
        ]
          .filter(Boolean)
          .join(" — ");
        setError(message);
        toast({ title: PROJECT_TEXTS.uploadErrorTitle, description: message, variant: "destructive" });
      } else {
        setError(UPLOAD_TEXTS.uploadFailedDefault);
        toast({
          title: PROJECT_TEXTS.uploadErrorTitle,
          description: UPLOAD_TEXTS.uploadFailedDefault,
          variant: "destructive",
        });
      }
    } finally {
      setProgress(null);
    }
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-busy={progress !== null}>
      <legend className="mb-1 text-sm font-bold text-ink">{label}</legend>
      {value.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {value.map((url, index) => (
            <li key={url} className="relative overflow-hidden rounded-lg border border-brand-100">
              <img src={imageVariant(url, 320)} alt="" className="aspect-square w-full object-cover" />
              <Button
                type="button"
                variant="destructive"
                size="icon"
                className="absolute end-1 top-1 size-7"
                aria-label={UPLOAD_TEXTS.removeImage(index + 1)}
                disabled={disabled}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-brand-300 px-3 py-2 text-sm hover:bg-brand-50"
        >
          <ImagePlusIcon aria-hidden="true" className="size-4" />
          {UPLOAD_TEXTS.chooseImages}
        </Label>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/avif"
          multiple
          className="sr-only"
          aria-label={`${label}: ${UPLOAD_TEXTS.chooseImages}`}
          disabled={disabled || progress !== null}
          onChange={(e) => void onFiles(e.target.files)}
        />
        <span className="text-xs text-muted">{UPLOAD_TEXTS.imageHint}</span>
      </div>
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
    </fieldset>
  );
}

/** One uploaded file (pdf or video) with its link, removal and an upload with progress. */
export function SingleFileField({
  kind,
  label,
  value,
  onChange,
  disabled,
}: {
  kind: Exclude<UploadKind, "image">;
  label: string;
  value: string | null | undefined;
  onChange: (next: string | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onFile(list: FileList | null) {
    const file = list?.[0];
    if (inputRef.current) inputRef.current.value = "";
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const result = await uploadFile(kind, file, setProgress);
      onChange(result.url);
      successToast(result.isDuplicate ? result.message : undefined);
    } catch (err) {
      const message = UPLOAD_TEXTS.fileFailed(file.name, apiErrorMessage(err, UPLOAD_TEXTS.uploadFailedDefault));
      setError(message);
      toast({ title: PROJECT_TEXTS.uploadErrorTitle, description: message, variant: "destructive" });
    } finally {
      setProgress(null);
    }
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-busy={progress !== null}>
      <legend className="mb-1 text-sm font-bold text-ink">{label}</legend>
      {value ? (
        <div className="flex items-center gap-2 text-sm">
          <FileIcon aria-hidden="true" className="size-4 text-muted" />
          <a href={value} target="_blank" rel="noreferrer" className="truncate text-brand-700 underline">
            <bdi>{value}</bdi>
          </a>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => onChange(null)}
            aria-label={`${UPLOAD_TEXTS.remove}: ${label}`}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-brand-300 px-3 py-2 text-sm hover:bg-brand-50"
        >
          <UploadIcon aria-hidden="true" className="size-4" />
          {UPLOAD_TEXTS.chooseFile}
        </Label>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={kind === "pdf" ? "application/pdf" : "video/mp4,video/webm"}
          className="sr-only"
          aria-label={`${label}: ${UPLOAD_TEXTS.chooseFile}`}
          disabled={disabled || progress !== null}
          onChange={(e) => void onFile(e.target.files)}
        />
        <span className="text-xs text-muted">{kind === "pdf" ? UPLOAD_TEXTS.pdfHint : UPLOAD_TEXTS.videoHint}</span>
      </div>
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
    </fieldset>
  );
}
