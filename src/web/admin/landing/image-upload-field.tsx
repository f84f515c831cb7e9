/**
 * Image pickers of the landing-page form (SPEC §2.15): one image (poster, list item) or several (extra images, each
 * removable), each with the Arabic file picker. Files go to POST /api/upload/image(s) at once; a failure shows the "فشل رفع الصورة" notice (§8.5).
 */
import { ImagePlusIcon, Loader2Icon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { FILE_PICKER_TEXTS, FilePicker } from "~/admin/common/file-picker.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { uploadImage, uploadImages } from "./api.ts";
import { LANDING_UI } from "./landing-texts.ts";

function Thumb({ src, alt }: { src: string; alt: string }) {
  return <img src={src} alt={alt} className="size-full rounded-lg object-cover" loading="lazy" />;
}

/** One image: preview, choose/replace, and (when not required) remove. */
export function SingleImageField({
  label,
  value,
  onChange,
  error,
  required = false,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await uploadImage(file));
    } catch (e) {
      toast({
        variant: "destructive",
        title: LANDING_UI.uploadError,
        description: apiErrorMessage(e, LANDING_UI.uploadErrorDefault),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {label} {required && <span className="text-danger">*</span>}
      </label>
      <div className="flex items-center gap-3">
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-lg bg-brand-50">
          {busy ? (
            <Loader2Icon aria-hidden="true" className="size-5 animate-spin text-brand-600" />
          ) : value ? (
            <Thumb src={value} alt={label} />
          ) : (
            <ImagePlusIcon aria-hidden="true" className="size-6 text-muted" />
          )}
        </div>
        <FilePicker
          id={id}
          accept="image/jpeg,image/png,image/webp,image/avif"
          buttonLabel={FILE_PICKER_TEXTS.chooseImage}
          icon={<ImagePlusIcon aria-hidden="true" />}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            void pick(e.currentTarget.files?.[0]);
            e.currentTarget.value = "";
          }}
        />
        {value && !required && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <XIcon aria-hidden="true" />
            إزالة الصورة
          </Button>
        )}
      </div>
      {error && <p className="text-sm font-medium text-danger">{error}</p>}
    </div>
  );
}

/** Several images: thumbnails each with a remove button, and a picker that appends. */
export function MultiImageField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string[];
  onChange: (urls: string[]) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      const urls = await uploadImages(Array.from(files));
      onChange([...value, ...urls.filter((u) => !value.includes(u))]);
    } catch (e) {
      toast({
        variant: "destructive",
        title: LANDING_UI.uploadError,
        description: apiErrorMessage(e, LANDING_UI.uploadErrorDefault),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {label}
      </label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {value.map((url, i) => (
            <li key={url} className="relative size-20">
              <Thumb src={url} alt={`${label} ${i + 1}`} />
              <button
                type="button"
                onClick={() => onChange(value.filter((u) => u !== url))}
                className="absolute -end-2 -top-2 grid size-6 place-items-center rounded-full bg-danger text-white shadow"
              >
                <XIcon aria-hidden="true" className="size-3" />
                <span className="sr-only">{`إزالة الصورة ${i + 1}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-2">
        <FilePicker
          id={id}
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          buttonLabel={FILE_PICKER_TEXTS.chooseImages}
          icon={<ImagePlusIcon aria-hidden="true" />}
          disabled={busy}
          onChange={(e) => {
            void pick(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        {busy && <Loader2Icon aria-label="جاري الرفع" className="size-5 animate-spin text-brand-600" />}
      </div>
    </div>
  );
}
