/** Bodies of the permission calls (SPEC §7.2) and the audit-log filters (ARCHITECTURE resolution 8). */
import { z } from "zod";
import { ROLES } from "../roles.ts";
import { DATE_OUT_OF_RANGE, isDateInRange } from "./common.ts";
import { text } from "./text.ts";

const permissionId = z.coerce
  .number<string | number>({ error: "معرف الصلاحية غير صالح" })
  .int("معرف الصلاحية غير صالح")
  .positive("معرف الصلاحية غير صالح")
  .max(2_147_483_647, "معرف الصلاحية غير صالح");

/** PUT /api/roles/{role}/permissions body: the ids of every permission the role should hold. */
export const rolePermissionsSchema = z.object({
  permissionIds: z.array(permissionId, { error: "قائمة الصلاحيات مطلوبة" }).max(500),
});
export type RolePermissionsInput = z.infer<typeof rolePermissionsSchema>;

/** The {role} path parameter. */
export const roleParam = z.object({ role: z.enum(ROLES, { error: "الدور غير صالح" }) });

/** PUT /api/users/{id}/permissions body: one per-user override (SPEC §6 step 4). */
export const userPermissionOverrideSchema = z.object({
  permissionId,
  granted: z.boolean({ error: "قيمة الصلاحية يجب أن تكون صحيحة أو خاطئة" }),
});
export type UserPermissionOverride = z.infer<typeof userPermissionOverrideSchema>;

/** DELETE /api/users/{id}/permissions/{permissionId} path. */
export const userPermissionParams = z.object({ id: z.uuid(), permissionId });

const DATE_INVALID = "التاريخ غير صالح";
const optionalDate = text()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: DATE_INVALID });
      return z.NEVER;
    }
    if (!isDateInRange(date)) {
      ctx.addIssue({ code: "custom", message: DATE_OUT_OF_RANGE });
      return z.NEVER;
    }
    return date;
  });

/**
 * GET /api/audit-logs query: optional userId, entityType, action, from / to (ISO date or date-time; a bare `to`
 * date includes that whole day, UTC), page (1-based) and pageSize (1–100, default 50).
 */
export const auditQuerySchema = z.object({
  userId: text()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.uuid("المستخدم غير صالح").optional()),
  entityType: text()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined)),
  action: text()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined)),
  from: optionalDate,
  to: text()
    .trim()
    .optional()
    .transform((v) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : v))
    .pipe(optionalDate),
  page: z.coerce.number<string>().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(100).default(50),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
