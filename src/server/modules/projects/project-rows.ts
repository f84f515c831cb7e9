/**
 * Project rows ↔ the API shape (SPEC §3 projects, docs/compliance.md): `toProject` maps a row with its unit counts and
 * the licence that applies today; `toRowValues` maps a validated input to the row's values.
 */
import { effectiveLicence } from "#domain/licence.ts";
import { salesPercentage, type UnitCounts } from "#domain/project-rules.ts";
import type { ProjectPayload } from "#domain/schemas/project.ts";
import type { Project } from "#domain/types.ts";
import type { projects } from "../../db/schema.ts";
import type { LicenceContext } from "../../lib/compliance-rules.ts";

type ProjectRow = typeof projects.$inferSelect;

const EMPTY_COUNTS: UnitCounts = { total: 0, available: 0, reserved: 0, sold: 0 };

/**
 * Maps a row and its unit counts to the API shape, with the licence that applies on `licence.today`
 * (domain/licence.ts effectiveLicence).
 */
export function toProject(row: ProjectRow, licence: LicenceContext, counts: UnitCounts = EMPTY_COUNTS): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    city: row.city,
    district: row.district,
    latitude: row.latitude,
    longitude: row.longitude,
    featuredRank: row.featuredRank,
    distanceFromLandmark: row.distanceFromLandmark,
    areaSize: row.areaSize,
    areaSizeMin: row.areaSizeMin,
    areaSizeMax: row.areaSizeMax,
    areaType: row.areaType,
    areaUnit: row.areaUnit,
    rooms: row.rooms,
    roomsMin: row.roomsMin,
    roomsMax: row.roomsMax,
    roomsType: row.roomsType,
    bathrooms: row.bathrooms,
    hasGarage: row.hasGarage,
    hasDriverRoom: row.hasDriverRoom,
    hasMaidRoom: row.hasMaidRoom,
    images: row.images,
    videoUrl: row.videoUrl,
    pdfUrl: row.pdfUrl,
    guarantees: row.guarantees,
    completionPercentage: row.completionPercentage,
    salesPercentage: salesPercentage(counts, row),
    salesOverrideEnabled: row.salesOverrideEnabled,
    salesOverrideValue: row.salesOverrideValue,
    concretePercentage: row.concretePercentage,
    plumbingPercentage: row.plumbingPercentage,
    electricalPercentage: row.electricalPercentage,
    finishingPercentage: row.finishingPercentage,
    advertisingLicenseNumber: row.advertisingLicenseNumber,
    wafiLicenseNumber: row.wafiLicenseNumber,
    titleDeedNumber: row.titleDeedNumber,
    saleMode: row.saleMode,
    advertisingLicenseIssuedOn: row.advertisingLicenseIssuedOn,
    advertisingLicenseExpiresOn: row.advertisingLicenseExpiresOn,
    advertisingLicenseUrl: row.advertisingLicenseUrl,
    offPlanLicenseExpiresOn: row.offPlanLicenseExpiresOn,
    escrowBank: row.escrowBank,
    escrowAccountName: row.escrowAccountName,
    escrowIban: row.escrowIban,
    falLicenseNumber: row.falLicenseNumber,
    plotNumber: row.plotNumber,
    rightsAndRestrictions: row.rightsAndRestrictions,
    licence: effectiveLicence({ project: row }, licence.today, licence.policy),
    unitCounts: counts,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The row values of a validated project input (SPEC §3 projects). */
export function toRowValues(input: ProjectPayload) {
  return {
    name: input.name,
    description: input.description,
    price: input.price,
    city: input.city,
    district: input.district,
    latitude: input.latitude,
    longitude: input.longitude,
    distanceFromLandmark: input.distanceFromLandmark,
    areaType: input.areaType,
    areaSize: input.areaSize,
    areaSizeMin: input.areaSizeMin,
    areaSizeMax: input.areaSizeMax,
    areaUnit: input.areaUnit,
    roomsType: input.roomsType,
    rooms: input.rooms,
    roomsMin: input.roomsMin,
    roomsMax: input.roomsMax,
    bathrooms: input.bathrooms,
    hasGarage: input.hasGarage,
    hasDriverRoom: input.hasDriverRoom,
    hasMaidRoom: input.hasMaidRoom,
    images: input.images,
    videoUrl: input.videoUrl,
    pdfUrl: input.pdfUrl,
    guarantees: input.guarantees,
    completionPercentage: input.completionPercentage,
    salesOverrideEnabled: input.salesOverrideEnabled,
    salesOverrideValue: input.salesOverrideValue,
    concretePercentage: input.concretePercentage,
    plumbingPercentage: input.plumbingPercentage,
    electricalPercentage: input.electricalPercentage,
    finishingPercentage: input.finishingPercentage,
    advertisingLicenseNumber: input.advertisingLicenseNumber,
    wafiLicenseNumber: input.wafiLicenseNumber,
    titleDeedNumber: input.titleDeedNumber,
    saleMode: input.saleMode,
    advertisingLicenseIssuedOn: input.advertisingLicenseIssuedOn,
    advertisingLicenseExpiresOn: input.advertisingLicenseExpiresOn,
    advertisingLicenseUrl: input.advertisingLicenseUrl,
    offPlanLicenseExpiresOn: input.offPlanLicenseExpiresOn,
    escrowBank: input.escrowBank,
    escrowAccountName: input.escrowAccountName,
    escrowIban: input.escrowIban,
    falLicenseNumber: input.falLicenseNumber,
    plotNumber: input.plotNumber,
    rightsAndRestrictions: input.rightsAndRestrictions,
  };
}
