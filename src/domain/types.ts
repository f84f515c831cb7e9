/**
 * JSON shapes of the API (SPEC §3, §7.2) as both ends see them. Dates are ISO-8601 strings,
 * amounts integers in SAR, areas numbers in m² (or m when areaUnit is "m"), percentages 0–100.
 */
import type { UnitCounts, UnitStatus } from "./project-rules.ts";
import type { Role } from "./roles.ts";

export interface Guarantee {
  type: string;
  years: number;
}

export interface Project {
  id: number;
  name: string;
  description: string | null;
  price: number;
  city: string | null;
  district: string | null;
  latitude: number | null;
  longitude: number | null;
  featuredRank: number | null;
  distanceFromLandmark: string[];
  areaSize: number | null;
  areaSizeMin: number | null;
  areaSizeMax: number | null;
  areaType: "single" | "range";
  areaUnit: "m" | "m2";
  rooms: number | null;
  roomsMin: number | null;
  roomsMax: number | null;
  roomsType: "single" | "range";
  bathrooms: number | null;
  hasGarage: boolean;
  hasDriverRoom: boolean;
  hasMaidRoom: boolean;
  images: string[];
  videoUrl: string | null;
  pdfUrl: string | null;
  guarantees: Guarantee[];
  completionPercentage: number;
  /** Computed by the sales rule of SPEC §4.4 / resolution 1 (override when enabled). */
  salesPercentage: number;
  salesOverrideEnabled: boolean;
  salesOverrideValue: number | null;
  concretePercentage: number;
  plumbingPercentage: number;
  electricalPercentage: number;
  finishingPercentage: number;
  /** REGA advertising licence number (issue 4); shown on the public page when set. */
  advertisingLicenseNumber: string | null;
  /** Wafi off-plan sales licence number, when sold off-plan. */
  wafiLicenseNumber: string | null;
  titleDeedNumber: string | null;
  unitCounts: UnitCounts;
  /** ISO 8601 time of publication; null = a draft (docs/decisions/009-drafts-and-preview.md). */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Unit {
  id: number;
  projectId: number;
  unitNumber: string;
  building: string;
  price: number | null;
  status: UnitStatus;
  rooms: number | null;
  floor: number | null;
  direction: string[];
  privateArea: number | null;
  totalArea: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectUpdate {
  id: number;
  projectId: number;
  projectName: string | null;
  title: string;
  summary: string | null;
  thumbnailUrl: string | null;
  videoUrl: string | null;
  interiorPhotos: string[];
  dronePhotos: string[];
  concretePercentage: number;
  plumbingPercentage: number;
  electricalPercentage: number;
  finishingPercentage: number;
  completionPercentage: number;
  lastVisitDate: string | null;
  notes: string | null;
  /** ISO 8601 time of publication; null = a draft. */
  publishedAt: string | null;
  createdAt: string;
}

/** A user as the API returns it: never a password hash. */
export interface PublicUser {
  id: string;
  username: string;
  name: string;
  role: Role;
  accountId: string | null;
  createdAt: string;
}

/** The signed-in user with the effective permission keys (GET /api/auth/me, login, refresh). */
export interface SessionUser extends PublicUser {
  isAdmin: boolean;
  permissions: string[];
}

export interface AuthResponse {
  user: SessionUser;
  token: string;
  /** Access token lifetime, ms from now. */
  expiresInMs: number;
}

export interface Permission {
  id: number;
  key: string;
  description: string;
  category: string;
}

/** Field errors of a 400 answer: { error, message, fields: { path: message } }. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  fields?: Record<string, string>;
}

/** One audit_logs row as GET /api/audit-logs answers it, with the acting user's name when the user still exists. */
export interface AuditLogEntry {
  id: number;
  userId: string | null;
  username: string | null;
  userName: string | null;
  entityType: string;
  entityId: string | null;
  action: string;
  previousState: unknown;
  newState: unknown;
  ipAddress: string | null;
  createdAt: string;
}

export interface AuditLogPage {
  items: AuditLogEntry[];
  /** Rows matching the filters (all pages). */
  total: number;
  page: number;
  pageSize: number;
  /** Distinct entity types and actions in the whole log, for the filter lists. */
  entityTypes: string[];
  actions: string[];
}
