/**
 * One uploaded file (docs/product.md §2.12, §2.15, §5.3, §7.2): an image (a poster, a list item's picture: shown as
 * a thumbnail), a PDF or a video (shown as a link), with its removal (unless required) and an upload with progress.
 * A failure names the file and gives the server's reason, under the field and in a toast.
 *
 * `SingleFile` is the control (value and onChange, null when none); `SingleFileField` is the react-hook-form field
 * `name` (a URL or null) with its error.
 */
import { FileIcon, ImagePlusIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useController } from "react-hook-form";
import { imageVariant } from "#domain/media.ts";
import { type UploadKind, uploadFile } from "~/admin/uploads/api.ts";
import { Button } from "~/shared/ui/button.tsx";
import { useFieldError } from "./field.tsx";
import { fileFailure, IMAGE_ACCEPT, successToast, UPLOAD_TEXTS, UploadFieldset, useUpload } from "./upload-parts.tsx";

const KINDS = {
  image: { accept: IMAGE_ACCEPT, hint: UPLOAD_TEXTS.imageHint, button: UPLOAD_TEXTS.chooseImage, icon: ImagePlusIcon },
  pdf: { accept: "application/pdf", hint: UPLOAD_TEXTS.pdfHint, button: UPLOAD_TEXTS.chooseFile, icon: UploadIcon },
  video: {
    accept: "video/mp4,video/webm",
    hint: UPLOAD_TEXTS.videoHint,
    button: UPLOAD_TEXTS.chooseFile,
    icon: UploadIcon,
  },
} as const satisfies Record<UploadKind, unknown>;

export interface SingleFileProps {
  kind: UploadKind;
  label: string;
  value: string | null | undefined;
  onChange: (next: string | null) => void;
  /** A required file has no remove button and a star after its label. */
  required?: boolean;
  disabled?: boolean;
  /** The failure toast's title (default: SPEC §8.2 "خطأ في رفع الملف"). */
  failureTitle?: string;
  /** A message of the form (e.g. "صورة البوستر مطلوبة"), shown under the field. */
  error?: string;
}

/** The chosen file with its removal and an upload (see the module docstring). */
export function SingleFile({
  kind,
  label,
  value,
  onChange,
  required = false,
  disabled,
  error,
  failureTitle,
}: SingleFileProps) {
  const upload = useUpload(failureTitle);
  const options = KINDS[kind];

  const onFiles = ([file]: File[]) =>
    upload.run(
      async (onProgress) => {
        const result = await uploadFile(kind, file, onProgress);
        onChange(result.url);
        successToast(result.isDuplicate ? result.message : undefined);
      },
      (err) => fileFailure(file.name, err),
    );

  const remove = required ? null : (
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
  );

  return (
    <UploadFieldset
      label={label}
      required={required}
      upload={upload}
      disabled={disabled}
      error={error}
      buttonLabel={options.button}
      icon={options.icon}
      accept={options.accept}
      hint={options.hint}
      onFiles={(files) => void onFiles(files)}
    >
      {value && kind === "image" ? (
        <div className="flex items-center gap-2">
          <img src={imageVariant(value, 320)} alt={label} className="size-20 rounded-lg object-cover" />
          {remove}
        </div>
      ) : value ? (
        <div className="flex items-center gap-2 text-sm">
          <FileIcon aria-hidden="true" className="size-4 text-muted" />
          <a href={value} target="_blank" rel="noreferrer" className="truncate text-brand-700 underline">
            <bdi>{value}</bdi>
          </a>
          {remove}
        </div>
      ) : null}
    </UploadFieldset>
  );
}

/** The react-hook-form field `name` holding one file's URL (or null). */
export function SingleFileField({
  name,
  ...props
}: { name: string } & Omit<SingleFileProps, "value" | "onChange" | "error">) {
  const { field } = useController({ name });
  const error = useFieldError(name);
  return (
    <SingleFile {...props} value={field.value as string | null | undefined} onChange={field.onChange} error={error} />
  );
}
