/**
 * Visit messages on WhatsApp (docs/decisions/108-visit-messages-on-whatsapp.md) against the Cloud API stand-in, two
 * app instances on one database and a fake clock: with WhatsApp connected and the project's visit settings naming
 * the utility template, the buyer who ticked «تواصلوا معي عبر واتساب» gets the confirmation and then the 24 h
 * reminder as that template (name, project, Hijri and Gregorian time), each sent once though both instances run their
 * jobs at the same moments; a buyer without a WhatsApp opt-in gets none; a project naming no template sends none.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { projects } from "#server/db/schema.ts";
import { whatsappMessages } from "#server/db/tables/whatsapp.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { openSecondInstance } from "#server/test-utils/second-instance.ts";
import { openWhatsappTest, type WhatsappTest } from "#server/test-utils/whatsapp-app.ts";
import type { WhatsappCloud } from "#server/test-utils/whatsapp-cloud.ts";

let w: WhatsappTest;
let cloud: WhatsappCloud;
let t: TestApp;
let second: FastifyInstance;
let manager: TestUser;
// Friday 27 November 2026, 10:00 in Jeddah.
let now = new Date("2026-11-27T07:00:00Z");
const clock = () => now;
/** Both instances run their due jobs at the same moment. */
const bothRun = () => Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);
const templatesTo = (phone: string) =>
  cloud.sent.filter((s) => s.body.to === phone.replace("+", "") || s.body.to === phone);

async function projectWithVisits(name: string, template: Record<string, string>) {
  const [project] = await t.db.insert(projects).values({ name, city: "جدة", publishedAt: now }).returning();
  const settings = await t.app.inject({
    method: "PUT",
    url: `/api/projects/${project.id}/visit-settings`,
    payload: { placeName: "مكتب المبيعات", ...template },
    headers: t.bearer(manager.token),
  });
  expect(settings.statusCode, settings.body).toBe(200);
  return project.id;
}

async function book(projectId: number, phone: string, whatsappOptIn: boolean) {
  const enquiry = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "ريم", phone, message: "أرغب في زيارة", projectReference: projectId, whatsappOptIn },
  });
  expect(enquiry.statusCode, enquiry.body).toBe(201);
  const booked = await t.app.inject({
    method: "POST",
    url: "/api/visits",
    payload: { projectId, startsAt: "2026-11-30T17:30:00+03:00", name: "ريم", phone },
  });
  expect(booked.statusCode, booked.body).toBe(201);
}

beforeAll(async () => {
  w = await openWhatsappTest("visits", { clock });
  ({ t, cloud, manager } = w);
  second = await openSecondInstance(t, clock);
}, 120_000);

afterAll(async () => {
  await second.close();
  await w.close();
});

it("confirms and reminds by the project's WhatsApp template, each once across two instances, under the consent rules", async () => {
  const refused = await t.app.inject({
    method: "PUT",
    url: "/api/projects/1/visit-settings",
    payload: { placeName: "مكتب", whatsappTemplateLanguage: "عربي" },
    headers: t.bearer(manager.token),
  });
  expect(refused.statusCode).toBe(400);
  const withTemplate = await projectWithVisits("مشروع الياقوت", {
    whatsappTemplateName: "visit_confirmation",
    whatsappTemplateLanguage: "ar",
  });
  const withoutTemplate = await projectWithVisits("مشروع المرجان", {});
  await book(withTemplate, "0551112222", true);
  await book(withTemplate, "0553334444", false);
  await book(withoutTemplate, "0555556666", true);

  await bothRun();
  await bothRun();
  expect(templatesTo("+966551112222")).toHaveLength(1);
  const confirmation = templatesTo("+966551112222")[0].body as {
    type: string;
    template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
  };
  expect(confirmation.type).toBe("template");
  expect(confirmation.template.name).toBe("visit_confirmation");
  const values = confirmation.template.components[0].parameters.map((p) => p.text);
  expect(values.slice(0, 2)).toEqual(["ريم", "مشروع الياقوت"]);
  expect(values[2]).toContain("٣٠ نوفمبر ٢٠٢٦");
  expect(values[2]).toMatch(/هـ/);

  // 24 h before: the reminder, once, though both instances run at once, twice.
  now = new Date("2026-11-29T14:31:00Z");
  await bothRun();
  await bothRun();
  await bothRun();
  expect(templatesTo("+966551112222")).toHaveLength(2);
  const rows = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.phone, "+966551112222"));
  expect(rows.map((r) => r.automated).sort()).toEqual(["تأكيد موعد الزيارة", "تذكير بموعد الزيارة"]);
  // No opt-in, or no template named: nothing on WhatsApp.
  expect(templatesTo("+966553334444")).toHaveLength(0);
  expect(templatesTo("+966555556666")).toHaveLength(0);
});
