/**
 * Head tags and share texts of a unit page (docs/decisions/077-public-availability-and-unit-pages.md): its title,
 * the prefilled WhatsApp share text, and its JSON-LD — a RealEstateListing (a WebPage) whose `about` is the
 * Apartment and whose `offers` is an Offer in SAR with the schema.org availability of its state (available →
 * InStock, held/reserved → LimitedAvailability, sold → SoldOut). No price is given for a sold unit or one without.
 */
import { formatSAR } from "#domain/format.ts";
import { PRICE_ON_REQUEST, type PublicUnit, SCHEMA_AVAILABILITY } from "#domain/inventory-public.ts";
import { imageVariant } from "#domain/media.ts";
import type { Project } from "#domain/types.ts";
import { absoluteUrl } from "./page-meta.ts";

/** «الوحدة 0304 - برج الساحل». */
export function unitTitle(unit: Pick<PublicUnit, "unitNumber">, projectName: string): string {
  return `الوحدة ${unit.unitNumber} - ${projectName}`;
}

/** The prefilled text of «مشاركة الوحدة عبر واتساب»: the unit, its project, floor, price, and the page's address. */
export function unitShareText(unit: PublicUnit, projectName: string, pageUrl: string): string {
  const price = unit.availability === "sold" ? "مباعة" : unit.price !== null ? formatSAR(unit.price) : PRICE_ON_REQUEST;
  return `شاهد الوحدة ${unit.unitNumber} في ${projectName} (${unit.floorLabel}) - ${price}\n${pageUrl}`;
}

/** The unit page's JSON-LD (schema.org RealEstateListing with an Offer on the Apartment). */
export function unitJsonLd(unit: PublicUnit, project: Project, origin: string, pageUrl: string) {
  const image = unit.floorPlanUrl ?? project.images[0];
  const apartment: Record<string, unknown> = {
    "@type": "Apartment",
    name: unitTitle(unit, project.name),
    ...(unit.rooms !== null ? { numberOfRooms: unit.rooms } : {}),
    ...(unit.totalArea !== null
      ? { floorSize: { "@type": "QuantitativeValue", value: unit.totalArea, unitCode: "MTK" } }
      : {}),
    ...(unit.floor !== null ? { floorLevel: String(unit.floor) } : {}),
    address: {
      "@type": "PostalAddress",
      ...(project.city ? { addressLocality: project.city } : {}),
      ...(project.district ? { streetAddress: project.district } : {}),
      addressCountry: "SA",
    },
  };
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    url: pageUrl,
    priceCurrency: "SAR",
    availability: SCHEMA_AVAILABILITY[unit.availability],
    seller: { "@id": `${origin}/#organization` },
    ...(unit.price !== null && unit.availability !== "sold" ? { price: unit.price } : {}),
  };
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: unitTitle(unit, project.name),
    url: pageUrl,
    ...(image ? { image: absoluteUrl(origin, imageVariant(image, 1280)) } : {}),
    about: apartment,
    offers: offer,
  };
}
