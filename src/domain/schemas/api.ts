/**
 * Response shapes of the /api routes (SPEC §3, §7.2), one zod schema per shape, beside the request schemas of this
 * folder. The server declares them on its routes (`schema.response`), so every JSON answer is checked against them
 * before it leaves (a mismatch is a 500 "response did not match", never a silent change of contract) and the OpenAPI
 * document at /api/openapi.json is generated from them. domain/types.ts derives the client's types from these
 * schemas (z.infer), so a shape is written once.
 *
 * Units: dates are ISO-8601 date-time strings (UTC, as `Date#toISOString` writes them), amounts integers in SAR, areas
 * numbers in m² (or m when areaUnit is "m"), percentages 0–100.
 * Objects strip unknown keys on the way out (zod's default), so a field a service adds by mistake never reaches a
 * client unless it is declared here.
 */
import { z } from "zod";
import { INVENTORY_STATES } from "../inventory.ts";
import { UNIT_STATUSES } from "../project-rules.ts";
import { ROLES } from "../roles.ts";
import { siteConfigSchema } from "../site-config.ts";
import { dateTime, id } from "./api-base.ts";
import { projectLicenceViewShape } from "./licence-view.ts";

export * from "./api-landing.ts";

// ——— The error shape (every 4xx and 5xx) ———

/**
 * The one error shape of the API (lib/http-errors.ts): { statusCode, error, message, fields? }; `fields` maps a
 * field path ("name", "guarantees.0.type", "_" for the whole body) to its Arabic message. Loose: a future extra key
 * of an error answer passes through rather than turning the error into a 500.
 */
export const apiErrorSchema = z
  .looseObject({
    statusCode: z.number().int().min(400).max(599),
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "ApiError", description: "شكل الخطأ الموحد" });

/** `{ ok: true }` of logout and the health check. */
export const okSchema = z.object({ ok: z.boolean() });

/** An empty 204 answer. */
export const noContentSchema = z.undefined().describe("No Content");

// ——— Projects, units, progress updates ———

export const guaranteeSchema = z.object({ type: z.string(), years: z.number() });

export const unitCountsSchema = z.object({
  total: z.number().int(),
  available: z.number().int(),
  reserved: z.number().int(),
  sold: z.number().int(),
});

/** A project as every project route returns it (SPEC §3 projects, computed salesPercentage and unitCounts). */
export const projectSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    price: z.number(),
    city: z.string().nullable(),
    district: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    featuredRank: z.number().int().nullable(),
    distanceFromLandmark: z.array(z.string()),
    areaSize: z.number().nullable(),
    areaSizeMin: z.number().nullable(),
    areaSizeMax: z.number().nullable(),
    areaType: z.enum(["single", "range"]),
    areaUnit: z.enum(["m", "m2"]),
    rooms: z.number().nullable(),
    roomsMin: z.number().nullable(),
    roomsMax: z.number().nullable(),
    roomsType: z.enum(["single", "range"]),
    bathrooms: z.number().nullable(),
    hasGarage: z.boolean(),
    hasDriverRoom: z.boolean(),
    hasMaidRoom: z.boolean(),
    images: z.array(z.string()),
    videoUrl: z.string().nullable(),
    pdfUrl: z.string().nullable(),
    guarantees: z.array(guaranteeSchema),
    completionPercentage: z.number(),
    /** Computed by the sales rule of SPEC §4.4 (the override when enabled). */
    salesPercentage: z.number(),
    salesOverrideEnabled: z.boolean(),
    salesOverrideValue: z.number().nullable(),
    concretePercentage: z.number(),
    plumbingPercentage: z.number(),
    electricalPercentage: z.number(),
    finishingPercentage: z.number(),
    /** REGA advertising licence number; shown on the public page when set. */
    advertisingLicenseNumber: z.string().nullable(),
    /** Wafi off-plan sales licence number, when sold off-plan. */
    wafiLicenseNumber: z.string().nullable(),
    titleDeedNumber: z.string().nullable(),
    ...projectLicenceViewShape,
    unitCounts: unitCountsSchema,
    /** ISO 8601 time of publication; null = a draft (docs/decisions/017-drafts-and-preview.md). */
    publishedAt: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: "Project" });

export const unitViewSchema = z
  .object({
    id,
    projectId: id,
    unitNumber: z.string(),
    building: z.string(),
    price: z.number().nullable(),
    status: z.enum(UNIT_STATUSES),
    rooms: z.number().nullable(),
    floor: z.number().nullable(),
    direction: z.array(z.string()),
    privateArea: z.number().nullable(),
    totalArea: z.number().nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
    /** The inventory state `status` derives from (src/domain/inventory.ts); beside SPEC's fields. */
    inventoryState: z.enum(INVENTORY_STATES),
    buildingId: z.number().nullable(),
    typeId: z.number().nullable(),
    /** The unit's own advertising licence (docs/compliance.md); both null: the project's applies. */
    advertisingLicenseNumber: z.string().nullable(),
    advertisingLicenseExpiresOn: z.string().nullable(),
  })
  .meta({ id: "Unit" });

export const projectUpdateSchema = z
  .object({
    id,
    projectId: id,
    projectName: z.string().nullable(),
    title: z.string(),
    summary: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    videoUrl: z.string().nullable(),
    interiorPhotos: z.array(z.string()),
    dronePhotos: z.array(z.string()),
    concretePercentage: z.number(),
    plumbingPercentage: z.number(),
    electricalPercentage: z.number(),
    finishingPercentage: z.number(),
    completionPercentage: z.number(),
    lastVisitDate: dateTime.nullable(),
    notes: z.string().nullable(),
    /** ISO 8601 time of publication; null = a draft (docs/decisions/017-drafts-and-preview.md). */
    publishedAt: dateTime.nullable(),
    createdAt: dateTime,
  })
  .meta({ id: "ProjectUpdate" });

/** GET /api/validate/project (SPEC §3 name check response). */
export const projectNameCheckSchema = z.object({ exists: z.boolean(), message: z.string().nullable() });
/** GET /api/validate/project/{id}/guarantee: 200 only when the type is free (409 otherwise). */
export const guaranteeCheckSchema = z.object({ exists: z.literal(false) });

/** One failed row of a unit import: `row` is the spreadsheet row number (the header is row 1). */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  code: z.enum(["validation", "project_not_found", "duplicate", "unknown"]),
  message: z.string(),
});

/** The answer of POST /api/units/upload (SPEC §7.2), 200 even when rows fail. */
export const unitImportResultSchema = z.object({
  insertedCount: z.number().int(),
  skippedCount: z.number().int(),
  errors: z.array(importRowErrorSchema),
  message: z.string(),
  /** The file's header row as read, to show what was recognised. */
  sampleHeaders: z.array(z.string()),
});

// ——— Staff, sessions, permissions, audit ———

/** A user as the API returns it: never a password hash. */
export const publicUserSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    /** Where the lead desk's notification e-mails go (null: none). */
    email: z.string().nullable().optional(),
    accountId: z.uuid().nullable(),
    createdAt: dateTime,
  })
  .meta({ id: "User" });

/** The signed-in user with the effective permission keys (GET /api/auth/me, login, refresh). */
export const sessionUserSchema = publicUserSchema
  .extend({
    isAdmin: z.boolean(),
    permissions: z.array(z.string()),
    /** Whether the user signs in with a second factor. */
    twoFactorEnabled: z.boolean().optional(),
    /** The role requires a second factor the user has not set up: only their account routes answer until they do. */
    twoFactorSetupRequired: z.boolean().optional(),
  })
  .meta({ id: "SessionUser" });

/** POST /api/auth/login and /refresh. The refresh token itself travels only in its httpOnly cookie. */
export const authResponseSchema = z.object({
  user: sessionUserSchema,
  token: z.string(),
  /** Access token lifetime, ms from now. */
  expiresInMs: z.number().int(),
});

/** POST /api/auth/login when a second factor is needed: no session yet, the code goes with this challenge. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresInMs: z.number().int(),
});

/** One of the signed-in user's sessions (GET /api/auth/sessions). */
export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session making the request. */
  current: z.boolean(),
});

/** GET /api/auth/two-factor. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

/** POST /api/auth/two-factor/setup: the pending secret as text, its otpauth:// URI and a QR code (SVG data URL). */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });

/** POST /api/auth/two-factor/enable: the one-time recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** GET /api/roles/two-factor, PUT /api/roles/{role}/two-factor. */
export const roleTwoFactorRowSchema = z.object({ role: z.string(), requireTwoFactor: z.boolean() });

export const permissionSchema = z.object({
  id,
  key: z.string(),
  description: z.string(),
  category: z.string(),
});

const permissionRef = z.object({ id, key: z.string() });
/** GET /api/roles/permissions: each role's granted permissions. */
export const rolePermissionMapSchema = z.record(z.enum(ROLES), z.array(permissionRef));
/** PUT /api/roles/{role}/permissions: the role's permissions after the change. */
export const rolePermissionsResultSchema = z.object({ permissions: z.array(permissionRef) });
/** One per-user override (GET/PUT /api/users/{id}/permissions). */
export const userOverrideSchema = z.object({ permissionId: id, key: z.string(), granted: z.boolean() });

/** One audit_logs row, with the acting user's name when the user still exists. */
export const auditLogEntrySchema = z.object({
  id,
  userId: z.uuid().nullable(),
  username: z.string().nullable(),
  userName: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  previousState: z.unknown(),
  newState: z.unknown(),
  ipAddress: z.string().nullable(),
  createdAt: dateTime,
});

/** GET /api/audit-logs. */
export const auditLogPageSchema = z.object({
  items: z.array(auditLogEntrySchema),
  /** Rows matching the filters (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Distinct entity types and actions in the whole log, for the filter lists. */
  entityTypes: z.array(z.string()),
  actions: z.array(z.string()),
});

// ——— Leads ———

/** POST /api/contact (201): the stored lead's id and duplicate flag; a honeypot hit answers `{ ok: true }` only. */
export const contactCreatedSchema = z.object({
  ok: z.literal(true),
  /** The enquiry's id. */
  id: id.optional(),
  /** The lead it opened or joined (docs/decisions/061-enquiries-and-leads.md). */
  leadId: id.optional(),
  isDuplicate: z.boolean().optional(),
});

/** Webhook delivery states: pending (queued or retrying), delivered, failed after the retries (docs/webhooks.md). */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const contactDeliverySchema = z.object({
  id,
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: dateTime.nullable(),
  deliveredAt: dateTime.nullable(),
});

/** A lead in GET /api/contact/messages: the SPEC §2.16 columns plus campaign, attribution, consent and delivery. */
export const contactMessageSchema = z
  .object({
    id,
    landingPageId: id.nullable(),
    campaignId: id.nullable(),
    projectId: id.nullable(),
    source: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    message: z.string().nullable(),
    isDuplicate: z.boolean(),
    projectName: z.string().nullable(),
    landingPageName: z.string().nullable(),
    platform: z.string().nullable(),
    campaignSlug: z.string().nullable(),
    campaignName: z.string().nullable(),
    attribution: z.record(z.string(), z.string()),
    consentVersion: z.string().nullable(),
    consentAt: dateTime.nullable(),
    delivery: contactDeliverySchema.nullable(),
    createdAt: dateTime,
  })
  .meta({ id: "ContactMessage" });

/** POST /api/contact/messages/{id}/webhook-retry (202). */
export const webhookRetrySchema = z.object({ deliveryId: id, status: z.literal("pending") });

// ——— Uploads, site ———

/** POST /api/upload/{kind}: the stored file's public URL; `message` says when an identical file was reused. */
export const uploadResultSchema = z.object({
  url: z.string(),
  isDuplicate: z.boolean(),
  message: z.string().optional(),
});
/** POST /api/upload/images. */
export const uploadImagesResultSchema = z.object({
  files: z.array(z.object({ url: z.string(), isDuplicate: z.boolean() })),
});

/**
 * GET /api/site/example-values: the site configuration's values still holding an example (example.com addresses,
 * +9665000000… numbers, all-zero registration numbers), each with its key path in config/site.json ("social.x"),
 * its value and the Arabic name of the setting; an empty list when everything is set.
 */
export const siteExampleValuesSchema = z.object({
  values: z.array(z.object({ path: z.string(), value: z.string(), label: z.string() })),
  /** Where the values are set: the configuration file's name (SITE_CONFIG, else config/site.json). */
  file: z.string(),
});

/** GET /api/site: the site configuration plus the server's public address (PUBLIC_URL, no trailing slash). */
export const publicSiteSchema = siteConfigSchema.extend({ publicUrl: z.string() });

// ——— Files ———

/**
 * A file answer (exports, templates, media): documented by content type; the body is bytes (a buffer or a stream
 * the server sends as it is, never serialised), hence `any` for the type checker and "binary" for the document.
 */
export function fileResponse(description: string, contentTypes: readonly string[]) {
  const body = z.any().meta({ type: "string", format: "binary" });
  return {
    description,
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: body }])),
  };
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_TYPE = "text/csv; charset=utf-8";
