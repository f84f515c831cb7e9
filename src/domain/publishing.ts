/**
 * Drafts and publishing (ARCHITECTURE resolution 13; docs/decisions/017-drafts-and-preview.md): projects, progress
 * updates and landing pages start as drafts, appear nowhere public until published, and staff see a draft through a
 * preview link. Dependency-free (public pages show PUBLISHING_TEXTS): the request and answer schemas are in
 * schemas/publishing.ts.
 */
import type { PermissionKey } from "./roles.ts";

/** What can be a draft. */
export const PUBLISHABLE_KINDS = ["project", "update", "landing_page"] as const;
export type PublishableKind = (typeof PUBLISHABLE_KINDS)[number];

/** The permission that shows a kind's drafts, and the one that publishes and unpublishes it. */
export const PUBLISHING_PERMISSIONS: Record<PublishableKind, { view: PermissionKey; publish: PermissionKey }> = {
  project: { view: "projects.view", publish: "projects.publish" },
  update: { view: "updates.view", publish: "updates.publish" },
  landing_page: { view: "landing_pages.view", publish: "landing_pages.publish" },
};

/** How long a preview link works: 30 minutes (ms). */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;

/** Arabic words for the state, shown on admin cards and the preview banner. */
export const PUBLISHING_TEXTS = {
  draft: "مسودة",
  published: "منشور",
  publish: "نشر",
  unpublish: "إلغاء النشر",
  preview: "معاينة",
  previewBanner: "معاينة مسودة: هذه الصفحة لا يراها الزوار حتى تُنشر",
  previewInvalid: "رابط المعاينة غير صالح أو انتهت صلاحيته",
} as const;

/** POST /api/previews answer: the public path to open (with its token) and when it stops working (ISO 8601). */
export interface PreviewLink {
  path: string;
  expiresAt: string;
}
