/**
 * Demo content for a first start (SEED=demo, README.md): seven residential projects in real Jeddah districts,
 * their units, construction updates with photos, a landing page with its six platform campaigns, and a few
 * contact messages — everything a visitor and a staff member expect to see on a fresh install.
 *
 * Images are illustrations drawn by demo-images.ts and stored through storeImage, so they follow the same
 * path as uploads (content check, WebP variants, file_hashes). Dates are relative to the time of seeding,
 * so the site looks current whenever it is first started.
 */
import { sql } from "drizzle-orm";
import { VISIT_DEFAULTS } from "#domain/visits.ts";
import { loadSiteConfig } from "../lib/site-config.ts";
import type { Storage } from "../lib/storage.ts";
import { storeImage } from "../modules/media/service.ts";
import type { Db } from "./connection.ts";
import { type DemoImageKind, renderDemoImage } from "./demo-images.ts";
import { demoLicence } from "./demo-licences.ts";
import { CITY, DIRECTIONS, PROJECTS, type ProjectSeed, type UnitPlan } from "./demo-projects.ts";
import { UPDATES } from "./demo-updates.ts";
import {
  contactMessages,
  type LandingItemRow,
  landingCampaigns,
  landingPages,
  leads,
  projects,
  projectUpdates,
  units,
} from "./schema.ts";
import { visitSettings } from "./tables/visits.ts";

/** Even seeds draw finished rooms, odd seeds rooms under construction (see demo-images.ts). */
const INTERIOR_SEEDS = [2, 3, 4, 5, 6, 7, 8, 9];
const AERIAL_SEEDS = [11, 12, 13, 14, 15, 16];
/** Project images start at this seed and take consecutive seeds per project. */
const EXTERIOR_SEED_BASE = 100;
const LANDING_SLUG = "alsahel-residence";

const CAMPAIGN_NAMES = {
  x: "حملة إكس",
  tiktok: "حملة تيك توك",
  instagram: "حملة إنستغرام",
  snapchat: "حملة سناب شات",
  google: "حملة جوجل",
  facebook: "حملة فيسبوك",
} as const;
type Platform = keyof typeof CAMPAIGN_NAMES;
const CAMPAIGN_VISITS: Record<Platform, number> = {
  x: 214,
  tiktok: 1302,
  instagram: 876,
  snapchat: 1945,
  google: 655,
  facebook: 189,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment `days` before `now`, at hour:minute Jeddah time (UTC+3). */
function daysAgo(now: Date, days: number, hour = 10, minute = 0): Date {
  const d = new Date(now.getTime() - days * DAY_MS);
  d.setUTCHours(hour - 3, minute, 0, 0);
  return d;
}

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

    // 5. Landing page of the featured project, with one campaign per advertised platform.
    const item = (text: string, image: string | null): LandingItemRow => ({ text, image });
    const landingCreated = daysAgo(now, 45, 13);
    const [page] = await tx
      .insert(landingPages)
      .values({
        projectId: projectId("sahel"),
        slug: LANDING_SLUG,
        poster: posterUrl,
        images: [landingExterior, interiors[0], interiors[2]],
        videoUrl: null,
        features: [
          item("واجهات زجاجية عازلة للحرارة بإطلالة على البحر", landingExterior),
          item("مدخل فندقي بارتفاع مزدوج ومصعدان لكل عمارة", interiors[4]),
          item("مواقف خاصة في القبو لكل شقة", null),
          item("نظام أمن ومراقبة بالكاميرات على مدار الساعة", null),
        ],
        guarantees: [
          item("ضمان ٢٠ عامًا على الهيكل الإنشائي", null),
          item("ضمان ٥ سنوات على السباكة", null),
          item("ضمان ٥ سنوات على اللوحات والتمديدات الكهربائية", null),
          item("ضمان ١٠ سنوات على العزل المائي للأسطح", interiors[6]),
        ],
        buildingSpecs: [
          item("خرسانة مقاومة للأملاح مناسبة للمواقع الساحلية", aerials[0]),
          item("عزل حراري ومائي للأسطح والجدران وفق كود البناء السعودي", null),
          item("نوافذ ألمنيوم بزجاج مزدوج عازل للصوت والحرارة", null),
          item("أرضيات بورسلان فاخرة ومطابخ مجهزة", interiors[0]),
          item("تمديدات تكييف مخفية وسخانات مركزية", null),
        ],
        webhookUrl: null,
        publishedAt: landingCreated,
        createdAt: landingCreated,
        updatedAt: landingCreated,
      })
      .returning({ id: landingPages.id });
    const platforms = Object.keys(CAMPAIGN_NAMES) as Platform[];
    const campaigns = await tx
      .insert(landingCampaigns)
      .values(
        platforms.map((platform) => ({
          landingPageId: page.id,
          platformName: platform,
          urlSlug: `${platform}/${LANDING_SLUG}`,
          isCustom: false,
          displayName: CAMPAIGN_NAMES[platform],
          visits: CAMPAIGN_VISITS[platform],
          createdAt: landingCreated,
          updatedAt: landingCreated,
        })),
      )
      .returning({ id: landingCampaigns.id, platformName: landingCampaigns.platformName });
    const campaignId = (platform: Platform) => campaigns.find((c) => c.platformName === platform)?.id ?? null;

    // 6. Contact messages (the duplicate repeats a phone number received three days earlier).
    const message = (
      days: number,
      hour: number,
      fields: Omit<typeof contactMessages.$inferInsert, "createdAt" | "consentAt" | "consentVersion">,
    ) => {
      const at = daysAgo(now, days, hour, 20);
      return { ...fields, consentVersion, consentAt: at, createdAt: at };
    };
    const campaignLead = (platform: Platform) => ({
      source: "campaign",
      landingPageId: page.id,
      campaignId: campaignId(platform),
      projectId: projectId("sahel"),
      attribution: { utmSource: platform, utmMedium: "paid_social", utmCampaign: LANDING_SLUG },
    });
    const enquiries = await tx
      .insert(contactMessages)
      .values([
        message(21, 19, {
          source: "project",
          projectId: projectId("naeem"),
          name: "خالد العتيبي",
          email: "khalid.alotaibi@example.com",
          phone: "+966590001122",
          message: "هل ما زالت هناك شقق متاحة بأربع غرف في واحة النعيم؟ وهل يمكن زيارة الشقة النموذجية يوم السبت؟",
          ipAddress: "203.0.113.24",
        }),
        message(14, 21, {
          ...campaignLead("instagram"),
          name: "ريم القحطاني",
          email: "reem.q@example.com",
          phone: "+966562223344",
          message: "أرغب في معرفة أسعار الشقق ذات الإطلالة البحرية وموعد التسليم المتوقع.",
          ipAddress: "203.0.113.57",
        }),
        message(9, 20, {
          ...campaignLead("snapchat"),
          name: "فيصل الزهراني",
          email: "faisal.alzahrani@example.com",
          phone: "+966541112233",
          message: "هل يتوفر تمويل عقاري بالتعاون مع البنوك؟ وما هي الدفعة الأولى المطلوبة؟",
          ipAddress: "203.0.113.81",
        }),
        message(6, 22, {
          ...campaignLead("snapchat"),
          isDuplicate: true,
          name: "فيصل الزهراني",
          email: "faisal.alzahrani@example.com",
          phone: "+966541112233",
          message: "أعيد إرسال طلبي: أرجو التواصل معي بخصوص شقة بخمس غرف في الساحل ريزيدنس.",
          ipAddress: "203.0.113.81",
        }),
        message(5, 11, {
          source: "project",
          projectId: projectId("rawdah"),
          name: "نورة الحربي",
          email: "noura.alharbi@example.com",
          phone: "+966551239876",
          message: "أرغب في حجز موعد لزيارة مشروع أبراج الروضة والاطلاع على الشقق في الأدوار العليا.",
          ipAddress: "203.0.113.102",
        }),
        message(2, 17, {
          source: "home",
          name: "عبدالله الغامدي",
          email: "abdullah.alghamdi@example.com",
          phone: "+966501234567",
          message: "السلام عليكم، أرغب في معرفة المشاريع المتاحة حاليًا في شمال جدة وطرق الدفع المتوفرة.",
          ipAddress: "203.0.113.140",
        }),
      ])
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    // Each demo enquiry opens its own lead, under its id (docs/decisions/061-enquiries-and-leads.md).
    await tx.insert(leads).values(enquiries.map((e) => ({ id: e.id, createdAt: e.createdAt })));
    await tx.update(contactMessages).set({ leadId: sql`${contactMessages.id}` });
  });
}
