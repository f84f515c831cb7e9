/**
 * Every page that advertises a project answers visitors the Arabic 410 page the day after its licence's last day
 * (docs/compliance.md; docs/decisions/080-advertising-licences.md): the project page, a unit page, a custom campaign
 * page and the Snapchat campaign page. The real route modules of src/web/routes.ts are served through Vite in
 * development mode (as page-fuzz.test.ts does) on the app's fake clock: 200 through the last day in Asia/Riyadh, 410
 * with «انتهت صلاحية ترخيص الإعلان لهذا المشروع» and a link home from midnight in Jeddah, 200 again once the licence
 * is renewed.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LICENCE_TEXTS, nextDay, riyadhDay, riyadhDayStart } from "#domain/licence.ts";
import { units } from "../db/schema.ts";
import { loadComplianceRules } from "../lib/compliance-rules.ts";
import { createTestApp, type TestApp, type TestUser } from "../test-utils/app.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const HOST = "localhost";
/** 10:00 in Jeddah on the licence's last day. */
const START = new Date("2026-12-01T07:00:00.000Z");
const LAST_DAY = riyadhDay(START);
/** Midnight in Jeddah: the first instant of the day after the last day (2026-12-01T21:00:00Z). */
const NEXT_DAY = riyadhDayStart(nextDay(LAST_DAY));
let now = START;

let t: TestApp;
let manager: TestUser;
let projectId: number;
const pages: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    env: { JOBS_INTERVAL_MS: "0" },
    clock: () => now,
    compliance: { ...loadComplianceRules(), enforceFrom: null },
    pages: { mode: "development", root: ROOT },
  });
  manager = await t.signIn("manager");
  const call = async (url: string, payload?: object) => {
    const res = await t.app.inject({ method: "POST", url, headers: t.bearer(manager.token), payload });
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const project = await call("/api/projects", {
    name: "برج الترخيص",
    city: "جدة",
    price: 950_000,
    advertisingLicenseNumber: "7200145863",
    advertisingLicenseExpiresOn: LAST_DAY,
  });
  projectId = project.id;
  await call(`/api/projects/${projectId}/publish`);
  const [unit] = await t.db
    .insert(units)
    .values({ projectId, building: "A", unitNumber: "0101", floor: 1, price: 700_000 })
    .returning({ id: units.id });
  const page = await call(`/api/landing-pages/${projectId}`, {
    poster: "/media/images/0123456789abcdef0123456789abcdef.webp",
    slug: "licence-tower",
  });
  await call(`/api/landing-pages/${page.id}/publish`);
  const custom = await call(`/api/landing-pages/${page.id}/custom-campaign`, {
    platformName: "whatsapp",
    urlSlug: "licence-offer",
    displayName: "عرض الترخيص",
    webhookUrl: "",
  });
  Object.assign(pages, {
    project: `/project/${projectId}`,
    unit: `/project/${projectId}/unit/${unit.id}`,
    campaign: `/campaign/${custom.urlSlug}`,
    snapchat: `/campaign/snapchat/${page.slug}`,
  });
  // The first render compiles the route modules (Vite): once here, not inside a test.
  expect((await t.app.inject({ url: "/", headers: { host: HOST } })).statusCode).toBe(200);
}, 240_000);
afterAll(async () => t?.close());

/** The status and body of each advertising page, as a visitor reads it. */
async function visit(): Promise<Record<string, { status: number; body: string }>> {
  const out: Record<string, { status: number; body: string }> = {};
  for (const [name, url] of Object.entries(pages)) {
    const res = await t.app.inject({ url, headers: { host: HOST } });
    out[name] = { status: res.statusCode, body: res.body };
  }
  return out;
}

const statuses = (read: Record<string, { status: number }>) =>
  Object.fromEntries(Object.entries(read).map(([name, r]) => [name, r.status]));

describe("an advertising page whose licence lapses", () => {
  it("is served through the last day in Asia/Riyadh, to its last minute", async () => {
    for (const at of [START, new Date(NEXT_DAY.getTime() - 60_000)]) {
      now = at;
      const read = await visit();
      expect(statuses(read)).toEqual({ project: 200, unit: 200, campaign: 200, snapchat: 200 });
      for (const page of Object.values(read)) {
        expect(page.body).toContain("7200145863");
        expect(page.body).not.toContain(LICENCE_TEXTS.offlineTitle);
      }
    }
  }, 120_000);

  it("answers the Arabic 410 page with a link home from midnight in Jeddah", async () => {
    now = NEXT_DAY;
    const read = await visit();
    expect(statuses(read)).toEqual({ project: 410, unit: 410, campaign: 410, snapchat: 410 });
    for (const page of Object.values(read)) {
      expect(page.body).toContain(LICENCE_TEXTS.offlineTitle);
      expect(page.body).toContain(LICENCE_TEXTS.backHome);
      expect(page.body).toMatch(/<a [^>]*href="\/"/);
      expect(page.body).not.toContain("7200145863");
    }
  }, 120_000);

  it("is served again as soon as the licence is renewed", async () => {
    now = NEXT_DAY;
    const staff = await t.app.inject({ url: `/api/projects/${projectId}`, headers: t.bearer(manager.token) });
    const renewed = { ...(staff.json() as object), advertisingLicenseExpiresOn: nextDay(nextDay(LAST_DAY)) };
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/projects/${projectId}`,
      headers: t.bearer(manager.token),
      payload: renewed,
    });
    expect(put.statusCode).toBe(200);
    const read = await visit();
    expect(statuses(read)).toEqual({ project: 200, unit: 200, campaign: 200, snapchat: 200 });
    for (const page of Object.values(read)) expect(page.body).not.toContain(LICENCE_TEXTS.offlineTitle);
  }, 120_000);
});
