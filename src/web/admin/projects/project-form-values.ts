/**
 * The project form's values (docs/product.md §3 projects, §5.3): the defaults of a new project and the values of an
 * existing one, in the domain's input shape (`ProjectInput`: numbers as typed text, "" for an empty field), which
 * `projectInputSchema` parses into the payload the API takes.
 */
import type { ProjectInput } from "#domain/schemas/project.ts";
import type { Project } from "#domain/types.ts";

/** Form defaults of a new project (SPEC §9: rooms 1, bathrooms 1, area unit m², single types, percentages 0). */
export function emptyProjectInput(): ProjectInput {
  return {
    name: "",
    description: "",
    price: "",
    city: "",
    district: "",
    latitude: "",
    longitude: "",
    distanceFromLandmark: [],
    areaType: "single",
    areaSize: "",
    areaSizeMin: "",
    areaSizeMax: "",
    areaUnit: "m2",
    roomsType: "single",
    rooms: 1,
    roomsMin: "",
    roomsMax: "",
    bathrooms: 1,
    hasGarage: false,
    hasDriverRoom: false,
    hasMaidRoom: false,
    images: [],
    videoUrl: null,
    pdfUrl: null,
    guarantees: [],
    completionPercentage: 0,
    salesOverrideEnabled: false,
    salesOverrideValue: null,
    concretePercentage: 0,
    plumbingPercentage: 0,
    electricalPercentage: 0,
    finishingPercentage: 0,
    advertisingLicenseNumber: "",
    wafiLicenseNumber: "",
    titleDeedNumber: "",
  };
}

/** The form values of an existing project (every input field of SPEC §3). */
export function projectToInput(p: Project): ProjectInput {
  const n = (v: number | null) => (v === null ? "" : v);
  return {
    name: p.name,
    description: p.description ?? "",
    price: p.price,
    city: p.city ?? "",
    district: p.district ?? "",
    latitude: n(p.latitude),
    longitude: n(p.longitude),
    distanceFromLandmark: p.distanceFromLandmark,
    areaType: p.areaType,
    areaSize: n(p.areaSize),
    areaSizeMin: n(p.areaSizeMin),
    areaSizeMax: n(p.areaSizeMax),
    areaUnit: p.areaUnit,
    roomsType: p.roomsType,
    rooms: n(p.rooms),
    roomsMin: n(p.roomsMin),
    roomsMax: n(p.roomsMax),
    bathrooms: n(p.bathrooms),
    hasGarage: p.hasGarage,
    hasDriverRoom: p.hasDriverRoom,
    hasMaidRoom: p.hasMaidRoom,
    images: p.images,
    videoUrl: p.videoUrl,
    pdfUrl: p.pdfUrl,
    guarantees: p.guarantees,
    completionPercentage: p.completionPercentage,
    salesOverrideEnabled: p.salesOverrideEnabled,
    salesOverrideValue: p.salesOverrideValue,
    concretePercentage: p.concretePercentage,
    plumbingPercentage: p.plumbingPercentage,
    electricalPercentage: p.electricalPercentage,
    finishingPercentage: p.finishingPercentage,
    advertisingLicenseNumber: p.advertisingLicenseNumber ?? "",
    wafiLicenseNumber: p.wafiLicenseNumber ?? "",
    titleDeedNumber: p.titleDeedNumber ?? "",
  };
}
