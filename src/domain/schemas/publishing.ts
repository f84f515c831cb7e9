/**
 * Request and answer schemas of the publishing routes (docs/decisions/017-drafts-and-preview.md); the kinds, permissions
 * and texts are in ../publishing.ts, which public pages may import without zod.
 */
import { z } from "zod";
import { PUBLISHABLE_KINDS } from "../publishing.ts";
import { text } from "./text.ts";

/** POST /api/previews body: the draft to preview. */
export const previewRequestSchema = z.object({
  entityType: z.enum(PUBLISHABLE_KINDS, { error: "نوع العنصر غير صحيح" }),
  entityId: z.number({ error: "رقم العنصر غير صحيح" }).int().positive().max(2_147_483_647),
});
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

/** POST /api/previews answer: the public path to open (with its token) and when it stops working (ISO 8601). */
export const previewLinkSchema = z
  .object({ path: text(), expiresAt: z.iso.datetime({ offset: true }) })
  .meta({ id: "PreviewLink" });

/** POST …/publish and …/unpublish answer: the record's id and its publication time (null = draft). */
export const publishStateSchema = z
  .object({ id: z.number().int(), publishedAt: z.iso.datetime({ offset: true }).nullable() })
  .meta({ id: "PublishState" });

/** The query string every public read accepts: a preview token. */
export const previewQuery = z.object({ preview: text().max(128).optional() });
