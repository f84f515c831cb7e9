/**
 * JSON shapes of the API (SPEC §3, §7.2) as both ends see them. Dates are ISO-8601 strings,
 * amounts integers in SAR, areas numbers in m² (or m when areaUnit is "m"), percentages 0–100.
 */
import type { z } from "zod";
import type {
  apiErrorSchema,
  auditLogEntrySchema,
  auditLogPageSchema,
  authResponseSchema,
  guaranteeSchema,
  landingOverviewSchema,
  permissionSchema,
  projectSchema,
  projectUpdateSchema,
  publicSiteSchema,
  publicUserSchema,
  rolePermissionMapSchema,
  sessionUserSchema,
  unitViewSchema,
  uploadResultSchema,
  userOverrideSchema,
} from "./schemas/api.ts";

/** Types derived from the response schemas of schemas/api.ts (one definition: the schema). */
export type Guarantee = z.infer<typeof guaranteeSchema>;
/** A project; salesPercentage is computed by the sales rule of SPEC §4.4 (the override when enabled). */
export type Project = z.infer<typeof projectSchema>;
export type Unit = z.infer<typeof unitViewSchema>;
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;
/** A user as the API returns it: never a password hash. */
export type PublicUser = z.infer<typeof publicUserSchema>;
/** The signed-in user with the effective permission keys (GET /api/auth/me, login, refresh). */
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type AuthResponse = z.infer<typeof authResponseSchema>;
export type Permission = z.infer<typeof permissionSchema>;
/** The one error shape: { statusCode, error, message, fields?: { path: message } }. */
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
/** One audit_logs row as GET /api/audit-logs answers it, with the acting user's name when the user still exists. */
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
/** One row of GET /api/landing-pages: a project with its landing page id (null without one). */
export type LandingOverviewRow = z.infer<typeof landingOverviewSchema>[number];
/** One per-user permission override (GET/PUT /api/users/{id}/permissions). */
export type UserOverride = z.infer<typeof userOverrideSchema>;
/** GET /api/roles/permissions. */
export type RolePermissionMap = z.infer<typeof rolePermissionMapSchema>;
/** POST /api/upload/{kind}. */
export type UploadResult = z.infer<typeof uploadResultSchema>;
/** GET /api/site: the site configuration plus the public address. */
export type PublicSite = z.infer<typeof publicSiteSchema>;
