/**
 * Draft state and publishing actions of one project, progress update or landing page
 * (docs/decisions/017-drafts-and-preview.md; ARCHITECTURE resolution 13):
 * - `PublishStateBadge`: "مسودة" (publishedAt null) or "منشور".
 * - `PublishingActions`: the publish / unpublish button (needs the kind's publish permission; without it the button is
 *   disabled with its tooltip, SPEC §6), and "معاينة", which asks the server for a preview link and opens it in a new
 *   tab. Each success or failure shows a toast; the server writes the audit log.
 * Words come from PUBLISHING_TEXTS (src/domain/publishing.ts) plus the toasts below. The feature screen passes its
 * own TanStack mutations (each feature's api.ts), so this file makes no request itself.
 */
import { EyeIcon, SendIcon, Undo2Icon } from "lucide-react";
import { type PreviewLink, PUBLISHING_TEXTS, type PublishableKind } from "#domain/publishing.ts";
import { PermissionButton } from "~/admin/common/permission-button.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";

/** The kind's name in the admin's toasts and tooltips. */
const KIND_NAMES: Record<PublishableKind, string> = {
  project: "المشروع",
  update: "التحديث",
  landing_page: "صفحة الهبوط",
};

/** Admin-only words of the publishing actions (the state words are PUBLISHING_TEXTS). */
export const PUBLISHING_UI = {
  published: (kind: PublishableKind) => `تم نشر ${KIND_NAMES[kind]}، وأصبح ظاهراً للزوار`,
  unpublished: (kind: PublishableKind) => `تم إلغاء نشر ${KIND_NAMES[kind]}، ولم يعد ظاهراً للزوار`,
  publishError: "تعذّر تغيير حالة النشر",
  noPublishPermission: (kind: PublishableKind) => `لا تملك صلاحية نشر ${KIND_NAMES[kind]}`,
  previewError: "تعذّر إنشاء رابط المعاينة",
  previewBlocked: "منع المتصفح فتح نافذة جديدة، افتح الرابط من هنا",
  busy: "جارٍ التنفيذ...",
  /** The accessible name of a button: the action and the record, e.g. "نشر مشروع الريان". */
  named: (action: string, label: string) => `${action} ${label}`,
} as const;

/** "مسودة" (amber) when `publishedAt` is null, else "منشور" (green). */
export function PublishStateBadge({ publishedAt, className }: { publishedAt: string | null; className?: string }) {
  const draft = publishedAt === null;
  return (
    <Badge variant={draft ? "warning" : "success"} className={className}>
      {draft ? PUBLISHING_TEXTS.draft : PUBLISHING_TEXTS.published}
    </Badge>
  );
}

/**
 * Opens `path` (same origin) in a new tab. A tab is opened before the request so the browser does not block it as
 * a pop-up, then pointed at the preview; when no tab could be opened, the toast carries the link instead.
 */
async function openPreview(request: () => Promise<PreviewLink>) {
  const tab = typeof window.open === "function" ? window.open("about:blank", "_blank") : null;
  try {
    const link = await request();
    if (tab) {
      tab.opener = null;
      // The new tab is the feedback; a toast here would only cover the card's buttons.
      tab.location.href = link.path;
    } else {
      toast({
        title: PUBLISHING_UI.previewBlocked,
        description: (
          <a href={link.path} target="_blank" rel="noopener noreferrer" className="underline">
            {PUBLISHING_TEXTS.preview}
          </a>
        ),
      });
    }
  } catch (error) {
    tab?.close();
    toast({
      title: PUBLISHING_UI.previewError,
      description: apiErrorMessage(error, PUBLISHING_UI.previewError),
      variant: "destructive",
    });
  }
}

export interface PublishingActionsProps {
  kind: PublishableKind;
  /** The record's name, appended to each button's accessible name ("نشر {label}"). */
  label: string;
  publishedAt: string | null;
  /** The user holds PUBLISHING_PERMISSIONS[kind].publish. */
  canPublish: boolean;
  /** The publish/unpublish mutation of the feature's api.ts; resolves when the server answered. */
  onSetPublished: (published: boolean) => Promise<unknown>;
  /** POST /api/previews for this record (feature api.ts); only asked for a draft. */
  onPreview: () => Promise<PreviewLink>;
  busy?: boolean;
  size?: "sm" | "default";
}

/** The publish / unpublish button and, for a draft, the preview button. */
export function PublishingActions({
  kind,
  label,
  publishedAt,
  canPublish,
  onSetPublished,
  onPreview,
  busy = false,
  size = "sm",
}: PublishingActionsProps) {
  const draft = publishedAt === null;
  async function toggle() {
    try {
      await onSetPublished(draft);
      toast({ title: draft ? PUBLISHING_UI.published(kind) : PUBLISHING_UI.unpublished(kind), variant: "success" });
    } catch (error) {
      toast({
        title: PUBLISHING_UI.publishError,
        description: apiErrorMessage(error, PUBLISHING_UI.publishError),
        variant: "destructive",
      });
    }
  }
  const action = draft ? PUBLISHING_TEXTS.publish : PUBLISHING_TEXTS.unpublish;
  return (
    <>
      <PermissionButton
        size={size}
        variant={draft ? "default" : "outline"}
        allowed={canPublish}
        deniedReason={PUBLISHING_UI.noPublishPermission(kind)}
        disabled={busy}
        aria-label={PUBLISHING_UI.named(action, label)}
        onClick={() => void toggle()}
      >
        {draft ? <SendIcon aria-hidden="true" className="rtl:-scale-x-100" /> : <Undo2Icon aria-hidden="true" />}
        {busy ? PUBLISHING_UI.busy : action}
      </PermissionButton>
      {draft ? (
        <Button
          size={size}
          variant="ghost"
          aria-label={PUBLISHING_UI.named(PUBLISHING_TEXTS.preview, label)}
          onClick={() => void openPreview(onPreview)}
        >
          <EyeIcon aria-hidden="true" />
          {PUBLISHING_TEXTS.preview}
        </Button>
      ) : null}
    </>
  );
}
