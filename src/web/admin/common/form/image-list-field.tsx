/**
 * A list of images (docs/product.md §2.12, §2.13, §2.15, §5.3): thumbnails, each with its remove button («إزالة
 * الصورة ١»), and a multiple-file upload with progress. Files are sent one after another; a failed file stops the
 * files after it and the message names it (SPEC §5.3); the files sent before it are kept. A duplicate upload returns
 * the URL already held, which is not added twice.
 *
 * `ImageList` is the control (value and onChange); `ImageListField` is the react-hook-form field `name` (an array of
 * URLs) with its error.
 */
import { ImagePlusIcon, Trash2Icon } from "lucide-react";
import { useController } from "react-hook-form";
import { imageVariant } from "#domain/media.ts";
import { UploadBatchError, uploadImages } from "~/admin/uploads/api.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { useFieldError } from "./field.tsx";
import { appendUnique, IMAGE_ACCEPT, successToast, UPLOAD_TEXTS, UploadFieldset, useUpload } from "./upload-parts.tsx";

export interface ImageListProps {
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  /** The failure toast's title (default: SPEC §8.2 "خطأ في رفع الملف"). */
  failureTitle?: string;
  /** A message of the form (e.g. a schema rule), shown under the field. */
  error?: string;
}

/** The message of a failed batch: the failed file, its reason, and how many files after it were skipped. */
function batchFailure(err: unknown): string {
  if (!(err instanceof UploadBatchError)) return UPLOAD_TEXTS.uploadFailedDefault;
  const reason = apiErrorMessage(err.cause, UPLOAD_TEXTS.uploadFailedDefault);
  return [UPLOAD_TEXTS.fileFailed(err.fileName, reason), err.skipped ? UPLOAD_TEXTS.skipped(err.skipped) : ""]
    .filter(Boolean)
    .join(" — ");
}

/** Thumbnails with removal and a multiple-file upload (see the module docstring). */
export function ImageList({ label, value, onChange, disabled, error, failureTitle }: ImageListProps) {
  const upload = useUpload(failureTitle);

  const onFiles = (files: File[]) =>
    upload.run(async (onProgress) => {
      try {
        const results = await uploadImages(files, onProgress);
        onChange(
          appendUnique(
            value,
            results.map((r) => r.url),
          ),
        );
        successToast(results.find((r) => r.isDuplicate)?.message);
      } catch (err) {
        if (err instanceof UploadBatchError && err.uploaded.length) {
          onChange(
            appendUnique(
              value,
              err.uploaded.map((r) => r.url),
            ),
          );
        }
        throw err;
      }
    }, batchFailure);

  return (
    <UploadFieldset
      label={label}
      upload={upload}
      disabled={disabled}
      error={error}
      buttonLabel={UPLOAD_TEXTS.chooseImages}
      icon={ImagePlusIcon}
      accept={IMAGE_ACCEPT}
      multiple
      hint={UPLOAD_TEXTS.imageHint}
      onFiles={(files) => void onFiles(files)}
    >
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
    </UploadFieldset>
  );
}

/** The react-hook-form field `name` holding a list of image URLs. */
export function ImageListField({
  name,
  ...props
}: { name: string } & Omit<ImageListProps, "value" | "onChange" | "error">) {
  const { field } = useController({ name });
  const error = useFieldError(name);
  return (
    <ImageList {...props} value={(field.value as string[] | undefined) ?? []} onChange={field.onChange} error={error} />
  );
}
