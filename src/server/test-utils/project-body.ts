/**
 * A project payload that `POST /api/projects` accepts (the SPEC's project payload, docs/product.md §5.3; validated by
 * #domain/schemas/project.ts): a Jeddah project at one price (SAR), one area (180 m²), 4 rooms and 3 bathrooms, no
 * guarantees and no images. `fields` add to it or override it (the name at least).
 */
export function projectBody(fields: Record<string, unknown> & { name: string }) {
  return {
    city: "جدة",
    price: 950000,
    areaType: "single",
    areaSize: "180",
    areaUnit: "m2",
    roomsType: "single",
    rooms: 4,
    bathrooms: 3,
    guarantees: [],
    images: [],
    ...fields,
  };
}
