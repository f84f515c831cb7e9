/**
 * The automatic greeting of a project's new enquiries (docs/whatsapp.md "Greeting") against the Cloud API stand-in:
 * only with the project's greeting on and the «تواصلوا معي عبر واتساب» box ticked (stored with its version); sent as
 * the chosen utility template with the buyer's and project's names, marked «ترحيب آلي», and it never stops the
 * response clock. A marketing template cannot be the greeting. A template needs an opt-in or a first message.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { contactMessages, leads, projects } from "../../db/schema.ts";
import { whatsappMessages } from "../../db/tables/whatsapp.ts";
import type { TestApp, TestUser } from "../../test-utils/app.ts";
import { openWhatsappTest, type WhatsappTest } from "../../test-utils/whatsapp-app.ts";
import type { WhatsappCloud } from "../../test-utils/whatsapp-cloud.ts";

let w: WhatsappTest;
let cloud: WhatsappCloud;
let t: TestApp;
const now = new Date("2026-11-27T09:00:00Z");
let manager: TestUser;
let projectId: number;

async function enquire(phone: string, whatsappOptIn: boolean) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "ريم", phone, message: "أرغب في زيارة", projectReference: projectId, whatsappOptIn },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().leadId as number;
}

beforeAll(async () => {
  w = await openWhatsappTest("greeting", { clock: () => now });
  ({ t, cloud, manager } = w);
  const [project] = await t.db.insert(projects).values({ name: "أبراج الساحل", city: "جدة" }).returning();
  projectId = project.id;
}, 60_000);

afterAll(() => w.close());

it("greets an opted-in enquiry of a project with its greeting on, without stopping the response clock", async () => {
  const refused = await w.putGreeting(projectId, "new_offer");
  expect(refused.statusCode).toBe(400);
  expect(Object.keys(refused.json().fields)).toEqual(["templateName"]);
  const saved = await w.putGreeting(projectId, "visit_confirmation");
  // visit_confirmation has 3 variables: more than a greeting can fill.
  expect(saved.statusCode).toBe(400);
  const list = await t.app.inject({ method: "GET", url: "/api/whatsapp/greetings", headers: t.bearer(manager.token) });
  expect(list.json()).toContainEqual(
    expect.objectContaining({ projectId, projectName: "أبراج الساحل", enabled: false }),
  );
});

it("queues the greeting only for people who ticked the opt-in, and sends it marked as automated", async () => {
  // A two-variable utility template on the account for the greeting.
  const { STAND_IN_TEMPLATES } = await import("../../test-utils/whatsapp-cloud.ts");
  STAND_IN_TEMPLATES.push({
    name: "welcome",
    language: "ar",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "أهلًا {{1}}، شكرًا لاهتمامك بمشروع {{2}}." }],
  });
  const refreshed = await t.app.inject({
    method: "POST",
    url: "/api/whatsapp/templates/refresh",
    headers: t.bearer(manager.token),
  });
  expect(refreshed.json().templates.map((x: { name: string }) => x.name)).toContain("welcome");
  const saved = await w.putGreeting(projectId, "welcome");
  expect(saved.statusCode, saved.body).toBe(200);

  const notOptedIn = await enquire("0505550001", false);
  expect(await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.leadId, notOptedIn))).toEqual([]);
  // Without an opt-in and without a first message, no template can be sent by hand either.
  const byHand = await t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${notOptedIn}/messages`,
    payload: { kind: "template", name: "welcome", language: "ar", variables: ["ريم", "أبراج الساحل"] },
    headers: t.bearer(manager.token),
  });
  expect(byHand.statusCode).toBe(400);
  expect(Object.keys(byHand.json().fields)).toEqual(["name"]);

  const optedIn = await enquire("0505550002", true);
  const [enquiry] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, optedIn));
  expect(enquiry.whatsappOptInVersion).toBe("2026-11-27");
  const [queued] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.leadId, optedIn));
  expect(queued).toMatchObject({ status: "queued", automated: "ترحيب آلي", sentById: null });
  await t.app.jobs.runDue();
  expect(cloud.sent.at(-1)?.body).toMatchObject({
    to: "966505550002",
    type: "template",
    template: {
      name: "welcome",
      components: [{ parameters: [{ text: "ريم" }, { text: "أبراج الساحل" }] }],
    },
  });
  const [after] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, queued.id));
  expect(after.status).toBe("sent");
  // The greeting never stops the response clock.
  const [lead] = await t.db.select().from(leads).where(eq(leads.id, optedIn));
  expect(lead.firstContactAt).toBeNull();
  const view = await t.app.inject({
    method: "GET",
    url: `/api/whatsapp/leads/${optedIn}/conversation`,
    headers: t.bearer(manager.token),
  });
  expect(view.json().messages[0]).toMatchObject({
    automated: "ترحيب آلي",
    body: "أهلًا ريم، شكرًا لاهتمامك بمشروع أبراج الساحل.",
  });
});
