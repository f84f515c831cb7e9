/**
 * Progress update input (SPEC §2.13, §3 project_updates), one schema for the admin form and for
 * POST /api/project-updates and PUT /api/project-updates/{id}. Percentages are integers 0–100;
 * lastVisitDate is a date (YYYY-MM-DD or an ISO date-time) or null.
 */
import { z } from "zod";
import { ignoredReadOnly, refusedReadOnly } from "./common.ts";
import { LIST_MAX, mediaUrl, nullableText, PROJECT_MESSAGES, percentageField } from "./project.ts";
import { text } from "./text.ts";

export const UPDATE_MESSAGES = {
  projectRequired: "يجب اختيار المشروع",
  titleRequired: "عنوان التحديث مطلوب",
  dateInvalid: "تاريخ الزيارة غير صحيح",
} as const;

const photoList = z
  .array(
    text()
      .trim()
      .max(2000, PROJECT_MESSAGES.url)
      .refine((v) => /^\/media\/[A-Za-z0-9/_.-]+$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), PROJECT_MESSAGES.url),
  )
  .max(LIST_MAX, PROJECT_MESSAGES.tooManyItems)
  .optional()
  .transform((v) => v ?? []);

/** A date or null: "", null and undefined become null; anything else must parse as a date. Output: ISO string. */
const visitDate = text()
  .trim()
  .max(40, UPDATE_MESSAGES.dateInvalid)
  .nullable()
  .optional()
  .transform((value, ctx): string | null => {
    if (!value) return null;
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 || date.getUTCFullYear() > 2200) {
      ctx.addIssue({ code: "custom", message: UPDATE_MESSAGES.dateInvalid });
      return z.NEVER;
    }
    return date.toISOString();
  });

/** The fields of a progress update body (SPEC §2.13). */
const updateShape = {
  projectId: z.coerce
    .number<string | number>({ error: UPDATE_MESSAGES.projectRequired })
    .int(UPDATE_MESSAGES.projectRequired)
    .positive(UPDATE_MESSAGES.projectRequired)
    .max(2_147_483_647, UPDATE_MESSAGES.projectRequired),
  title: text({ error: UPDATE_MESSAGES.titleRequired })
    .trim()
    .min(1, UPDATE_MESSAGES.titleRequired)
    .max(300, UPDATE_MESSAGES.titleRequired),
  summary: nullableText(5000, true),
  thumbnailUrl: mediaUrl(),
  videoUrl: mediaUrl(),
  interiorPhotos: photoList,
  dronePhotos: photoList,
  concretePercentage: percentageField(),
  plumbingPercentage: percentageField(),
  electricalPercentage: percentageField(),
  finishingPercentage: percentageField(),
  completionPercentage: percentageField(),
  lastVisitDate: visitDate,
  notes: nullableText(5000, true),
};

/** Fields a progress update's GET answer carries that the server sets. */
export const UPDATE_READ_ONLY = ["id", "projectName", "publishedAt", "createdAt"] as const;

const unknownKey = {
  error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? PROJECT_MESSAGES.unknownField : undefined),
};

/**
 * POST /api/project-updates body and the admin form's resolver. Unknown keys are refused, each on its own key
 * ("حقل غير مسموح"); the read-only fields of UPDATE_READ_ONLY likewise ("حقل للقراءة فقط").
 */
export const projectUpdateInputSchema = z.strictObject(
  { ...updateShape, ...refusedReadOnly(UPDATE_READ_ONLY) },
  unknownKey,
);

/** PUT /api/project-updates/{id} body: the read-only fields a GET answered are accepted and ignored (round trip). */
export const projectUpdateReplaceSchema = z.strictObject(
  { ...updateShape, ...ignoredReadOnly(UPDATE_READ_ONLY) },
  unknownKey,
);

export type ProjectUpdateInput = z.input<typeof projectUpdateInputSchema>;
export type ProjectUpdatePayload = z.output<typeof projectUpdateInputSchema>;
