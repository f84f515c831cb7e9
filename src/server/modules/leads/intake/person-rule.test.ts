/**
 * One buyer, one open lead, one owner (docs/decisions/073-one-open-lead-per-person.md): enquiries of one person (same
 * E.164 phone or same e-mail) from the contact form, a landing page's form and a direct `createOrJoinLead` call (as the
 * later channels make it) join the person's open lead, keep its owner and clock and tell the owner; SPEC's messages
 * list still shows every enquiry with its duplicate flag. A closed or erased lead takes no more enquiries; ten
 * simultaneous enquiries of one new person open one lead. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, leads } from "#server/db/schema.ts";
import { leadJobs } from "#server/db/tables/lead-desk.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { openDesk, stillClock } from "#server/test-utils/desk.ts";
import { createOrJoinLead } from "./service.ts";

const clock = stillClock("2026-11-27T09:00:00Z");
let t: TestApp;
let manager: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let projectId: number;
let pageId: number;

const auth = (u: TestUser) => t.bearer(u.token);
const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: "203.0.113.90" });

/** The enquiry a later channel (platform form, WhatsApp, visit) stores through the one intake function. */
const direct = (person: { name: string; phone: string | null; email: string | null }) =>
  t.db.transaction((tx) =>
    createOrJoinLead(tx, person, {
      source: "home",
      message: "رسالة من قناة أخرى",
      refs: { projectId },
      attribution: {},
      ip: null,
      userAgent: null,
      consentVersion: "v1",
      marketingConsentVersion: null,
      publicUrl: null,
      at: clock.now(),
    }),
  );

const detailOf = async (id: number, user = manager) => {
  const res = await t.app.inject({ url: `/api/leads/${id}`, headers: auth(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const pendingJobs = (leadId: number) =>
  t.db
    .select({ kind: leadJobs.kind, runAt: leadJobs.runAt })
    .from(leadJobs)
    .where(and(eq(leadJobs.leadId, leadId), isNull(leadJobs.doneAt)))
    .orderBy(leadJobs.runAt);

beforeAll(async () => {
  const env = { JOBS_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" };
  const desk = await openDesk({ clock, env, agents: 2, projectName: "مشروع المرجان", assign: true });
  ({ t, manager, projectId } = desk);
  [agentA, agentB] = desk.agents;
  const page = await t.app.inject({
    method: "POST",
    url: `/api/landing-pages/${projectId}`,
    payload: { slug: "al-marjan", poster: "/media/images/aaaaaaaaaaaaaaaa.webp" },
    headers: auth(manager),
  });
  expect(page.statusCode).toBe(201);
  pageId = page.json().id;
}, 120_000);

afterAll(async () => t.close());

describe("one open lead per person", () => {
  it("joins enquiries from the contact form, a landing form and a direct intake call: one lead, owner and clock", async () => {
    const first = await post({ name: "سارة", phone: "0551234567", message: "أريد شقة", projectReference: projectId });
    expect(first.statusCode, first.body).toBe(201);
    const leadId = first.json().leadId as number;
    const owner = (await detailOf(leadId)).lead.ownerId;
    expect(owner).not.toBeNull();
    const jobs = await pendingJobs(leadId);
    expect(jobs.map((j) => j.kind)).toEqual(["notify_agent", "notify_managers", "reassign"]);

    clock.advance(2);
    const landing = await post({
      name: "سارة أحمد",
      phone: "+966551234567",
      email: "sara@example.com",
      landingPageId: pageId,
    });
    expect(landing.statusCode, landing.body).toBe(201);
    expect(landing.json()).toMatchObject({ leadId, isDuplicate: true });
    clock.advance(1);
    const later = await direct({ name: "سارة", phone: null, email: "sara@example.com" });
    expect(later.joined).toBe(true);
    expect(later.lead).toEqual({ id: leadId, ownerId: owner });

    // One lead, its owner and its clock unchanged; the joined enquiries on its timeline.
    const detail = await detailOf(leadId);
    expect(detail.lead).toMatchObject({ ownerId: owner, createdAt: "2026-11-27T09:00:00.000Z" });
    expect(detail.enquiries.map((e: { id: number }) => e.id)).toEqual([landing.json().id, later.enquiry.id]);
    expect(detail.clock.waitingSince).toBe("2026-11-27T09:00:00.000Z");
    expect(await pendingJobs(leadId)).toEqual(jobs);
    const person = await t.db.select({ leadId: contactMessages.leadId }).from(contactMessages);
    expect(person.filter((e) => e.leadId === leadId)).toHaveLength(3);

    // The owner is told of each new enquiry, by the buyer's name and the project.
    const ownerUser = owner === agentA.id ? agentA : agentB;
    const bell = (await t.app.inject({ url: "/api/notifications", headers: auth(ownerUser) })).json();
    const joined = bell.items.filter((n: { kind: string }) => n.kind === "enquiry_joined");
    expect(joined.map((n: { text: string; leadId: number }) => [n.text, n.leadId])).toEqual([
      ["استفسار جديد من سارة (مشروع المرجان)", leadId],
      ["استفسار جديد من سارة أحمد (مشروع المرجان)", leadId],
    ]);

    // SPEC's messages list shows every enquiry with its duplicate flag.
    const messages = await t.app.inject({ url: "/api/contact/messages", headers: auth(manager) });
    const rows = messages.json().filter((m: { name: string }) => m.name.startsWith("سارة"));
    expect(rows.map((m: { isDuplicate: boolean }) => m.isDuplicate).sort()).toEqual([false, true, true]);
    // The list of leads shows the person once.
    const list = await t.app.inject({ url: "/api/leads?search=0551234567", headers: auth(manager) });
    expect(list.json().items.map((l: { id: number }) => l.id)).toEqual([leadId]);
  });

  it("does not restart the clock for an enquiry after the first contact", async () => {
    const first = await post({ name: "خالد", phone: "0552000001", message: "سؤال", projectReference: projectId });
    const leadId = first.json().leadId as number;
    const ownerId = (await detailOf(leadId)).lead.ownerId as string;
    const owner = ownerId === agentA.id ? agentA : agentB;
    clock.advance(3);
    const call = await t.app.inject({
      method: "POST",
      url: `/api/leads/${leadId}/activities`,
      payload: { kind: "call" },
      headers: auth(owner),
    });
    expect(call.statusCode).toBe(201);
    clock.advance(60);
    const again = await post({ name: "خالد", phone: "0552000001", message: "مرة أخرى", projectReference: projectId });
    expect(again.json().leadId).toBe(leadId);
    expect(await pendingJobs(leadId)).toEqual([]);
    const detail = await detailOf(leadId);
    expect(detail.lead.firstContactAt).toBe("2026-11-27T09:06:00.000Z");
    expect(detail.clock).toEqual({ waitingSince: null, nextStep: null });
    // Nothing escalates later either.
    clock.advance(60);
    await t.app.jobs.runDue();
    const bell = (await t.app.inject({ url: "/api/notifications", headers: auth(manager) })).json();
    expect(bell.items.filter((n: { leadId: number }) => n.leadId === leadId)).toEqual([]);
  });

  it("opens a new lead with a round-robin owner once the person's lead is lost, sold or erased", async () => {
    const first = await post({ name: "نورة", phone: "0553000001", message: "سؤال", projectReference: projectId });
    const lost = first.json().leadId as number;
    const stage = await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${lost}/stage`,
      payload: { stage: "lost", lostReason: "السعر" },
      headers: auth(manager),
    });
    expect(stage.statusCode, stage.body).toBe(200);
    const second = await post({ name: "نورة", phone: "0553000001", message: "عدت", projectReference: projectId });
    const reopened = second.json().leadId as number;
    expect(reopened).not.toBe(lost);
    expect((await detailOf(reopened)).lead.ownerId).not.toBeNull();

    // The lost lead cannot be reopened beside the open one: 409 naming the stage, in Arabic.
    const back = await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${lost}/stage`,
      payload: { stage: "new" },
      headers: auth(manager),
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().fields.stage).toBe("لهذا الشخص عميل مفتوح آخر؛ ادمجه بدل إعادة فتح هذا العميل");

    const erase = await t.app.inject({
      method: "POST",
      url: "/api/leads/person/erase",
      payload: { phone: "0553000001" },
      headers: auth(manager),
    });
    expect(erase.statusCode).toBe(200);
    const third = await post({ name: "نورة", phone: "0553000001", message: "من جديد", projectReference: projectId });
    expect([lost, reopened]).not.toContain(third.json().leadId);
  });

  it("gives ten simultaneous enquiries of one new person one lead", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post({ name: `فهد ${i}`, phone: "0554000001", message: "سريع", projectReference: projectId }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const leadIds = new Set(results.map((r) => r.json().leadId));
    expect(leadIds.size).toBe(1);
    const open = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.personPhone, "+966554000001"));
    expect(open).toHaveLength(1);
    const [leadId] = leadIds;
    const detail = await detailOf(leadId);
    expect(detail.enquiries).toHaveLength(9);
    // One round-robin turn, one clock.
    expect(detail.events.filter((e: { kind: string }) => e.kind === "assigned")).toHaveLength(1);
    expect((await pendingJobs(leadId)).map((j) => j.kind)).toEqual(["notify_agent", "notify_managers", "reassign"]);
  });
});
