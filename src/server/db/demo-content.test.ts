import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN_PLATFORMS } from "#domain/constants.ts";
import { IMAGE_WIDTHS } from "#domain/media.ts";
import { normalizeSaudiPhone } from "#domain/phone.ts";
import { countUnits, projectStatus, salesPercentage, UNIT_STATUSES } from "#domain/project-rules.ts";
import { loadSiteConfig } from "../lib/site-config.ts";
import { localStorage, type Storage } from "../lib/storage.ts";
import { type Database, openDatabase } from "./connection.ts";
import { runMigrations } from "./migrate.ts";
import { contactMessages, landingCampaigns, landingPages, projects, projectUpdates, units } from "./schema.ts";
import { prepareDatabase } from "./seed.ts";
import { fileHashes } from "./tables/system.ts";

const CONFIG = { adminUsername: "admin", adminPassword: "a-strong-password-1", seed: "demo" as const };

/** The storage key of a public media URL (/media/images/x.webp → images/x.webp). */
const keyOf = (url: string) => url.replace(/^\/media\//, "");

describe("demo content (SEED=demo)", () => {
  let database: Database;
  let storage: Storage;
  let dir: string;
  let seedMs = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "demo-content-"));
    storage = localStorage(dir);
    database = await openDatabase({ dataDir: "memory://" });
    await runMigrations(database);
    const started = performance.now();
    const report = await prepareDatabase(database.db, storage, CONFIG);
    seedMs = performance.now() - started;
    expect(report.firstStart).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("seeds in reasonable time", () => {
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
    expect(seedMs).toBeLessThan(60_000);
  });

  it("has at least six Jeddah projects in distinct districts, with coordinates and stored images", async () => {
    const rows = await database.db.select().from(projects);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((p) => p.district)).size).toBe(rows.length);
    for (const p of rows) {
      expect(p.city).toBe("جدة");
      expect(p.district).toBeTruthy();
      expect(p.latitude).toBeGreaterThan(21.45);
      expect(p.latitude).toBeLessThan(21.8);
      expect(p.longitude).toBeGreaterThan(39.1);
      expect(p.longitude).toBeLessThan(39.25);
      expect(p.price).toBeGreaterThanOrEqual(650_000);
      expect(p.price).toBeLessThanOrEqual(3_500_000);
      expect(p.images.length).toBeGreaterThanOrEqual(3);
      expect(p.images.length).toBeLessThanOrEqual(5);
      for (const url of p.images) {
        expect(url).toMatch(/^\/media\/images\/[a-f0-9]+\.webp$/);
        expect(await storage.exists(keyOf(url))).toBe(true);
      }
      if (p.roomsType === "range") expect(p.roomsMax).toBeGreaterThanOrEqual(p.roomsMin ?? Number.POSITIVE_INFINITY);
      else expect(p.rooms).toBeGreaterThan(0);
      if (p.areaType === "range") expect(p.areaSizeMax).toBeGreaterThan(p.areaSizeMin ?? Number.POSITIVE_INFINITY);
      else expect(p.areaSize).toBeGreaterThan(0);
    }
    expect(rows.some((p) => p.roomsType === "range") && rows.some((p) => p.roomsType === "single")).toBe(true);
    expect(rows.some((p) => p.areaType === "range") && rows.some((p) => p.areaType === "single")).toBe(true);
    expect(rows.some((p) => p.guarantees.some((g) => g.type === "structural" && g.years === 20))).toBe(true);
  });

  it("has featured ranks 1 and 2 and one project in each derived status", async () => {
    const rows = await database.db.select().from(projects);
    const ranks = rows.map((p) => p.featuredRank).filter((r) => r !== null);
    expect(ranks.sort()).toEqual([1, 2]);

    const unitRows = await database.db.select().from(units);
    const statuses = rows.map((p) =>
      projectStatus({
        completionPercentage: p.completionPercentage,
        salesPercentage: salesPercentage(countUnits(unitRows.filter((u) => u.projectId === p.id)), p),
      }),
    );
    for (const status of ["coming_soon", "under_construction", "complete", "fully_booked"] as const) {
      expect(statuses).toContain(status);
    }
  });

  it("has units in all three statuses for every project except the coming-soon one", async () => {
    const [rows, unitRows] = await Promise.all([database.db.select().from(projects), database.db.select().from(units)]);
    expect(new Set(unitRows.map((u) => u.status))).toEqual(new Set(UNIT_STATUSES));
    for (const p of rows) {
      const own = unitRows.filter((u) => u.projectId === p.id);
      if (p.completionPercentage === 0) expect(own).toHaveLength(0);
      else {
        expect(own.length).toBeGreaterThanOrEqual(6);
        expect(own.length).toBeLessThanOrEqual(20);
      }
      const keys = new Set(own.map((u) => `${u.building}/${u.unitNumber}`));
      expect(keys.size).toBe(own.length);
    }
    for (const u of unitRows) {
      expect(u.floor).toBeGreaterThanOrEqual(0);
      expect(u.floor).toBeLessThanOrEqual(6);
      expect(u.rooms).toBeGreaterThanOrEqual(2);
      expect(u.rooms).toBeLessThanOrEqual(6);
      expect(u.direction.length).toBeGreaterThan(0);
      expect(u.totalArea).toBeGreaterThan(u.privateArea ?? Number.POSITIVE_INFINITY);
      expect(u.price).toBeGreaterThan(0);
    }
  });

  it("has at least eight updates with interior and drone photos, some relying on the thumbnail fallback", async () => {
    const rows = await database.db.select().from(projectUpdates);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.some((u) => u.thumbnailUrl === null)).toBe(true);
    expect(new Set(rows.map((u) => u.projectId)).size).toBeGreaterThanOrEqual(4);
    for (const u of rows) {
      expect(u.interiorPhotos.length).toBeGreaterThanOrEqual(1);
      expect(u.dronePhotos.length).toBeGreaterThanOrEqual(1);
      expect(u.lastVisitDate).toBeInstanceOf(Date);
      for (const url of [...u.interiorPhotos, ...u.dronePhotos, ...(u.thumbnailUrl ? [u.thumbnailUrl] : [])]) {
        expect(await storage.exists(keyOf(url))).toBe(true);
      }
    }
    const ages = rows.map((u) => Date.now() - u.createdAt.getTime());
    expect(Math.max(...ages)).toBeGreaterThan(120 * 24 * 3600 * 1000);
    expect(Math.min(...ages)).toBeLessThan(30 * 24 * 3600 * 1000);
  });

  it("has one landing page with exactly the six platform campaigns", async () => {
    const pages = await database.db.select().from(landingPages);
    expect(pages).toHaveLength(1);
    const [page] = pages;
    const [featured] = (await database.db.select().from(projects)).filter((p) => p.featuredRank === 1);
    expect(page.projectId).toBe(featured.id);
    expect(await storage.exists(keyOf(page.poster))).toBe(true);
    expect(page.images).toHaveLength(3);
    for (const list of [page.features, page.guarantees, page.buildingSpecs]) {
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(5);
    }
    const campaigns = await database.db.select().from(landingCampaigns);
    expect(campaigns.map((c) => c.platformName).sort()).toEqual([...CAMPAIGN_PLATFORMS].sort());
    for (const c of campaigns) {
      expect(c.landingPageId).toBe(page.id);
      expect(c.urlSlug).toBe(`${c.platformName}/${page.slug}`);
      expect(c.isCustom).toBe(false);
      expect(c.displayName).toBeTruthy();
    }
  });

  it("has contact messages from every source, with Saudi phones and the privacy version", async () => {
    const rows = await database.db.select().from(contactMessages);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((m) => m.source))).toEqual(new Set(["home", "project", "campaign"]));
    expect(rows.filter((m) => m.isDuplicate)).toHaveLength(1);
    const version = loadSiteConfig().privacy.version;
    for (const m of rows) {
      expect(m.phone && normalizeSaudiPhone(m.phone)).toBe(m.phone);
      expect(m.consentVersion).toBe(version);
      if (m.source === "campaign") expect(m.landingPageId && m.campaignId).toBeTruthy();
      if (m.source === "project") expect(m.projectId).toBeTruthy();
    }
  });

  it("records a file_hashes row for every stored image, and the files exist", async () => {
    const hashes = await database.db.select().from(fileHashes);
    const paths = new Set(hashes.map((h) => h.filePath));
    const [projectRows, updateRows, pages] = await Promise.all([
      database.db.select().from(projects),
      database.db.select().from(projectUpdates),
      database.db.select().from(landingPages),
    ]);
    const used = new Set([
      ...projectRows.flatMap((p) => p.images),
      ...updateRows.flatMap((u) => [
        ...u.interiorPhotos,
        ...u.dronePhotos,
        ...(u.thumbnailUrl ? [u.thumbnailUrl] : []),
      ]),
      ...pages.flatMap((p) => [
        p.poster,
        ...p.images,
        ...[...p.features, ...p.guarantees, ...p.buildingSpecs].flatMap((i) => (i.image ? [i.image] : [])),
      ]),
    ]);
    for (const url of used) expect(paths.has(url)).toBe(true);
    for (const h of hashes) {
      expect(h.mimeType).toBe("image/webp");
      expect(h.width).toBe(1600);
      expect(h.height).toBe(1000);
      expect(await storage.exists(keyOf(h.filePath))).toBe(true);
      for (const width of IMAGE_WIDTHS) {
        expect(await storage.exists(keyOf(h.filePath).replace(/\.webp$/, `-${width}.webp`))).toBe(true);
      }
    }
  });

  it("writes the quantities of its Arabic texts in Arabic-Indic digits (ARCHITECTURE resolution 11)", async () => {
    const rows = [
      ...(await database.db.select().from(projects)),
      ...(await database.db.select().from(projectUpdates)),
      ...(await database.db.select().from(landingPages)),
    ];
    const latinDigitTexts: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === "string") {
        if (/[\u0600-\u06FF]/.test(value) && /[0-9]/.test(value)) latinDigitTexts.push(value);
      } else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object" && !(value instanceof Date)) Object.values(value).forEach(walk);
    };
    walk(rows);
    expect(latinDigitTexts).toEqual([]);
  });

  it("does not seed again on a second start", async () => {
    const tables = [projects, units, projectUpdates, landingPages, landingCampaigns, contactMessages, fileHashes];
    const before = await Promise.all(tables.map((t) => database.db.select({ n: count() }).from(t)));
    const report = await prepareDatabase(database.db, storage, CONFIG);
    expect(report.firstStart).toBe(false);
    const after = await Promise.all(tables.map((t) => database.db.select({ n: count() }).from(t)));
    expect(after).toEqual(before);
  });
});
