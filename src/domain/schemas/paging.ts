/**
 * Server-side paging of the admin lists that can grow (docs/product.md §2.16 "lists at scale"; the same convention as
 * GET /api/leads): a query takes `limit` (1–200, default 50) and the `cursor` of the previous page; an answer is
 * `{ items, nextCursor, total }` — nextCursor null on the last page, total the rows matching the filters.
 * Cursors are opaque to clients.
 */
import { z } from "zod";
import { UNIT_STATUSES } from "../project-rules.ts";
import { ROLES } from "../roles.ts";
import { text } from "./text.ts";

export const PAGING_TEXTS = {
  cursorInvalid: "مؤشر الصفحة غير صالح",
  limitInvalid: "عدد العناصر في الصفحة يجب أن يكون بين 1 و200",
  searchTooLong: "نص البحث طويل جدًا",
} as const;

/** The paging part of a list query. */
export const pageQueryShape = {
  limit: z.coerce
    .number<string | number>({ error: PAGING_TEXTS.limitInvalid })
    .int(PAGING_TEXTS.limitInvalid)
    .min(1, PAGING_TEXTS.limitInvalid)
    .max(200, PAGING_TEXTS.limitInvalid)
    .default(50),
  cursor: text().max(300, PAGING_TEXTS.cursorInvalid).optional(),
};

/** An optional search text (trimmed; empty = none). */
export const pageSearch = text()
  .trim()
  .max(200, PAGING_TEXTS.searchTooLong)
  .optional()
  .transform((v) => (v ? v : undefined));

/** The answer of a paged list of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: text().nullable(), total: z.number().int() });
}

/** GET /api/units/page: a project's units by building, then unit number (staff, drafts included). */
export const unitPageQuerySchema = z.object({
  projectId: z.coerce
    .number<string | number>({ error: "يرجى اختيار المشروع" })
    .int("يرجى اختيار المشروع")
    .positive("يرجى اختيار المشروع")
    .max(2_147_483_647, "يرجى اختيار المشروع"),
  /** Part of the unit number or building. */
  search: pageSearch,
  status: z.enum(UNIT_STATUSES, { error: "حالة الوحدة غير صالحة" }).optional(),
  ...pageQueryShape,
});
export type UnitPageQuery = z.output<typeof unitPageQuerySchema>;

/** GET /api/units/page answer: a page of units and the project's units per status (all of them). */
export function unitPageSchema<T extends z.ZodType>(unit: T) {
  return pageSchema(unit).extend({ statusCounts: z.record(text(), z.number().int()) });
}

/** GET /api/project-updates/page: progress updates newest first (staff, drafts included). */
export const updatePageQuerySchema = z.object({
  projectId: z.coerce.number<string | number>().int().positive().max(2_147_483_647).optional(),
  /** Part of the title or the project's name (Arabic letter variants folded). */
  search: pageSearch,
  state: z.enum(["published", "draft"], { error: "الحالة غير صالحة" }).optional(),
  ...pageQueryShape,
});
export type UpdatePageQuery = z.output<typeof updatePageQuerySchema>;

/** GET /api/users/page answer: a page of accounts and the number of accounts per role (all staff). */
export function userPageSchema<T extends z.ZodType>(user: T) {
  return pageSchema(user).extend({ roleCounts: z.record(text(), z.number().int()) });
}

/** GET /api/users/page: staff accounts, oldest first. */
export const userPageQuerySchema = z.object({
  /** Part of the username or name. */
  search: pageSearch,
  role: z.enum(ROLES, { error: "الدور غير صالح" }).optional(),
  ...pageQueryShape,
});
export type UserPageQuery = z.output<typeof userPageQuerySchema>;
