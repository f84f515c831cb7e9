import { VISIT_DEFAULTS } from "#domain/visits.ts";
import { loadSiteConfig } from "../lib/site-config.ts";
import type { Storage } from "../lib/storage.ts";
import { storeImage } from "../modules/media/service.ts";
import type { Db } from "./connection.ts";
import { daysAgo } from "./demo-dates.ts";
import { type DemoImageKind, renderDemoImage } from "./demo-images.ts";
import { insertDemoEnquiries, insertDemoLanding } from "./demo-landing.ts";
import { demoLicence } from "./demo-licences.ts";
import { CITY, DIRECTIONS, PROJECTS, type ProjectSeed, type UnitPlan } from "./demo-projects.ts";
import { UPDATES } from "./demo-updates.ts";
import { projects, projectUpdates, units } from "./schema.ts";
import { visitSettings } from "./tables/visits.ts";

/** Even seeds draw finished rooms, odd seeds rooms under construction (see demo-images.ts). */
const INTERIOR_SEEDS = [2, 3, 4, 5, 6, 7, 8, 9];
const AERIAL_SEEDS = [11, 12, 13, 14, 15, 16];
/** Project images start at this seed and take consecutive seeds per project. */
const EXTERIOR_SEED_BASE = 100;
/** Runs `fn` over `items` with at most `limit` in flight, keeping the order of results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const roundPrice = (n: number) => Math.round(n / 5000) * 5000;

/** The units of one project: statuses scattered over buildings and floors, prices rising with rooms and floor. */
function buildUnits(projectId: number, seed: ProjectSeed, plan: UnitPlan, now: Date) {
  const total = plan.buildings.length * plan.perBuilding;
  // Scatter sold and reserved units with a fixed permutation (step coprime with most totals).
  const step = total % 7 === 0 ? 5 : 7;
  const statuses: string[] = new Array(total).fill("متاحة");
  for (let k = 0; k < plan.sold + plan.reserved; k++) {
    statuses[(k * step + 1) % total] = k < plan.sold ? "مباعة" : "محجوزة";
  }
  const minRooms = seed.rooms.type === "single" ? seed.rooms.count : seed.rooms.min;
  const maxRooms = seed.rooms.type === "single" ? seed.rooms.count : seed.rooms.max;
  const rows: (typeof units.$inferInsert)[] = [];
  plan.buildings.forEach((building, b) => {
    for (let i = 0; i < plan.perBuilding; i++) {
      const index = b * plan.perBuilding + i;
      const floor = Math.min(6, Math.floor(i / plan.perFloor));
      const rooms = minRooms + ((i + b) % (maxRooms - minRooms + 1));
      const privateArea = round2(plan.baseArea + (rooms - minRooms) * 38.5 + (i % 3) * 4.25);
      const totalArea = round2(privateArea + 14.35 + (i % 4) * 3.1);
      const first = DIRECTIONS[(i + b * 3) % 4];
      const direction = i % 3 === 0 ? [first, DIRECTIONS[4 + ((i + b) % 4)]] : [first];
      rows.push({
        projectId,
        unitNumber: String(i + 1),
        building,
        price: roundPrice(seed.price * (privateArea / plan.baseArea) * (1 + floor * 0.015)),
        status: statuses[index],
        rooms,
        floor,
        direction,
        privateArea,
        totalArea,
        createdAt: daysAgo(now, Math.max(1, seed.createdDaysAgo - 3), 11, index % 60),
        updatedAt: daysAgo(now, Math.max(1, seed.createdDaysAgo - 3 - (index % 20)), 12, index % 60),
      });
    }
  });
  return rows;
}

/**
 * Seeds the demo content described in the file header. Called once by prepareDatabase on a first start with
 * SEED=demo (after the super_admin exists); it does not check for existing content itself.
 * Input: the database and the media storage. Output: nothing; rows in projects, units, project_updates,
 * landing_pages, landing_campaigns, contact_messages, and ~40 images (WebP variants + file_hashes rows).
 * Prices are integers in SAR, areas m² with 2 decimals, percentages 0–100.
 * Images are stored first (storeImage takes the Db), then every row is written in one transaction, so a
 * failure leaves no half-seeded content (at worst some unreferenced images).
 * consentVersion of the messages is privacy.version of config/site.json (the default site configuration).
 * Errors: whatever storeImage, loadSiteConfig or the database throws; nothing is caught.
 */
export async function seedDemoContent(db: Db, storage: Storage): Promise<void> {
  const now = new Date();
  const consentVersion = loadSiteConfig().privacy.version;

  // 1. Images: one job list, rendered and stored two at a time (sharp runs with concurrency 2).
  const jobs: { kind: DemoImageKind; seed: number }[] = [];
  const exteriorStart: number[] = [];
  let exteriorSeed = EXTERIOR_SEED_BASE;
  for (const p of PROJECTS) {
    exteriorStart.push(jobs.length);
    for (let i = 0; i < p.imageCount; i++) jobs.push({ kind: "exterior", seed: exteriorSeed++ });
  }
  const landingStart = jobs.length;
  jobs.push({ kind: "exterior", seed: exteriorSeed++ }, { kind: "exterior", seed: exteriorSeed++ });
  const interiorStart = jobs.length;
  for (const seed of INTERIOR_SEEDS) jobs.push({ kind: "interior", seed });
  const aerialStart = jobs.length;
  for (const seed of AERIAL_SEEDS) jobs.push({ kind: "aerial", seed });

  const urls = await mapLimit(jobs, 2, async (job) => {
    const bytes = await renderDemoImage(job.kind, job.seed);
    return (await storeImage(db, storage, bytes)).url;
  });
  const projectImages = new Map(
    PROJECTS.map((p, i) => [p.key, urls.slice(exteriorStart[i], exteriorStart[i] + p.imageCount)]),
  );
  const interiors = urls.slice(interiorStart, aerialStart);
  const aerials = urls.slice(aerialStart);
  const [posterUrl, landingExterior] = urls.slice(landingStart, interiorStart);

  await db.transaction(async (tx) => {
    // 2. Projects.
    const inserted = await tx
      .insert(projects)
      .values(
        PROJECTS.map((p, index) => ({
          name: p.name,
          description: p.description,
          price: p.price,
          city: CITY,
          district: p.district,
          latitude: p.latitude,
          longitude: p.longitude,
          featuredRank: p.featuredRank,
          publishedAt: now,
          distanceFromLandmark: p.distanceFromLandmark,
          areaType: p.area.type,
          areaUnit: "m2" as const,
          areaSize: p.area.type === "single" ? p.area.size : null,
          areaSizeMin: p.area.type === "range" ? p.area.min : null,
          areaSizeMax: p.area.type === "range" ? p.area.max : null,
          roomsType: p.rooms.type,
          rooms: p.rooms.type === "single" ? p.rooms.count : null,
          roomsMin: p.rooms.type === "range" ? p.rooms.min : null,
          roomsMax: p.rooms.type === "range" ? p.rooms.max : null,
          bathrooms: p.bathrooms,
          hasGarage: p.hasGarage,
          hasDriverRoom: p.hasDriverRoom,
          hasMaidRoom: p.hasMaidRoom,
          images: projectImages.get(p.key) ?? [],
          guarantees: p.guarantees,
          completionPercentage: p.completion,
          concretePercentage: p.stages.concrete,
          plumbingPercentage: p.stages.plumbing,
          electricalPercentage: p.stages.electrical,
          finishingPercentage: p.stages.finishing,
          wafiLicenseNumber: p.wafiLicenseNumber,
          titleDeedNumber: p.titleDeedNumber,
          ...demoLicence(p, index, now),
          createdAt: daysAgo(now, p.createdDaysAgo, 9, 30),
          updatedAt: daysAgo(now, Math.min(p.createdDaysAgo, 3), 14, 15),
        })),
      )
      .returning({ id: projects.id, name: projects.name });
    const idByName = new Map(inserted.map((row) => [row.name, row.id]));
    const projectId = (key: string): number => {
      const seed = PROJECTS.find((p) => p.key === key);
      const id = seed && idByName.get(seed.name);
      if (id === undefined) throw new Error(`demo content: unknown project ${key}`);
      return id;
    };

    // Visits (docs/decisions/088-site-visits.md): every demo project offers them at its sales office, default hours.
    await tx.insert(visitSettings).values(
      PROJECTS.map((p) => ({
        projectId: projectId(p.key),
        placeName: `مكتب المبيعات — حي ${p.district}`,
        ...VISIT_DEFAULTS,
        days: [...VISIT_DEFAULTS.days],
        closedDates: [],
        updatedAt: now,
      })),
    );

    // 3. Units.
    const unitRows = PROJECTS.flatMap((p) => (p.units ? buildUnits(projectId(p.key), p, p.units, now) : []));
    await tx.insert(units).values(unitRows);

    // 4. Construction updates.
    await tx.insert(projectUpdates).values(
      UPDATES.map((u) => {
        const createdAt = daysAgo(now, u.daysAgo, 16, 45);
        return {
          projectId: projectId(u.project),
          title: u.title,
          summary: u.summary,
          notes: u.notes,
          thumbnailUrl: u.thumbnail === null ? null : (projectImages.get(u.project)?.[u.thumbnail] ?? null),
          interiorPhotos: u.interior.map((i) => interiors[i]),
          dronePhotos: u.drone.map((i) => aerials[i]),
          concretePercentage: u.stages.concrete,
          plumbingPercentage: u.stages.plumbing,
          electricalPercentage: u.stages.electrical,
          finishingPercentage: u.stages.finishing,
          completionPercentage: u.completion,
          lastVisitDate: daysAgo(now, u.daysAgo + 1, 9),
          publishedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );

    // 5. The landing page with its campaigns, then the enquiries (demo-landing.ts).
    const landing = await insertDemoLanding(tx, {
      projectId: projectId("sahel"),
      posterUrl,
      landingExterior,
      interiors,
      aerials,
      now,
    });
    await insertDemoEnquiries(tx, { ...landing, projectId, consentVersion, now });
  });
}
