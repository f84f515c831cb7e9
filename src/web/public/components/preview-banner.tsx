/** The banner at the top of a previewed draft (docs/decisions/017-drafts-and-preview.md): says visitors cannot see it. */
import { Eye } from "lucide-react";
import { PUBLISHING_TEXTS } from "#domain/publishing.ts";

/** A full-width notice; render it first in the page so it is the first thing read. */
export function PreviewBanner() {
  return (
    <p
      role="status"
      data-testid="preview-banner"
      className="flex items-center justify-center gap-2 bg-accent-400 px-4 py-2 text-center font-bold text-ink"
    >
      <Eye aria-hidden="true" className="size-5 shrink-0" />
      {PUBLISHING_TEXTS.previewBanner}
    </p>
  );
}
