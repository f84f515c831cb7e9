/**
 * Deleting the enquiry that opened a lead (docs/decisions/101-lead-moves-to-its-next-enquiry.md): the lead moves to
 * the person's next enquiry with its stage, owner and history, the other joined enquiries stay on it, and the move is
 * audited; a lead with no other enquiry goes with its enquiry, as before.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "#server/db/schema.ts";
import { auditLogs } from "#server/db/tables/access.ts";
import { createTestApp, type TestApp } from "#server/test-utils/app.ts";

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_WORKER_INTERVAL_MS: "0" } });
  manager = (await t.signIn("manager")).token;
});

afterAll(async () => {
  await t.close();
});

const enquire = async (name: string, phone: string, message: string) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name, phone, email: `${phone}@example.com`, message },
    remoteAddress: "203.0.113.9",
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db
    .select({ id: contactMessages.id, leadId: contactMessages.leadId })
    .from(contactMessages)
    .where(eq(contactMessages.message, message));
  return row;
};

describe("deleting the enquiry that opened a lead", () => {
  it("moves the lead to the next enquiry with its stage and history, keeping the other enquiries on it", async () => {
    const first = await enquire("ريم", "0551110001", "الاستفسار الأول");
    const second = await enquire("ريم", "0551110001", "الاستفسار الثاني");
    const third = await enquire("ريم", "0551110001", "الاستفسار الثالث");
    expect([first.leadId, second.leadId, third.leadId]).toEqual([first.id, first.id, first.id]);
    const staged = await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${first.id}/stage`,
      payload: { stage: "contacted" },
      headers: t.bearer(manager),
    });
    expect(staged.statusCode).toBe(200);
    const noted = await t.app.inject({
      method: "POST",
      url: `/api/leads/${first.id}/activities`,
      payload: { kind: "note", note: "تفضّل الاتصال مساءً" },
      headers: t.bearer(manager),
    });
    expect(noted.statusCode).toBeLessThan(300);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/contact/messages/${first.id}`,
      headers: t.bearer(manager),
    });
    expect(deleted.statusCode).toBe(204);

    expect((await t.app.inject({ url: `/api/leads/${first.id}`, headers: t.bearer(manager) })).statusCode).toBe(404);
    const moved = await t.app.inject({ url: `/api/leads/${second.id}`, headers: t.bearer(manager) });
    expect(moved.statusCode).toBe(200);
    const detail = moved.json();
    expect(detail.lead.stage).toBe("contacted");
    expect(detail.lead.message).toBe("الاستفسار الثاني");
    expect(detail.events.some((e: { note: string | null }) => e.note === "تفضّل الاتصال مساءً")).toBe(true);
    expect(detail.enquiries.map((e: { id: number }) => e.id)).toEqual([third.id]);
    const joined = await t.db
      .select({ id: contactMessages.id, leadId: contactMessages.leadId })
      .from(contactMessages)
      .where(eq(contactMessages.leadId, second.id));
    expect(joined.map((r) => r.id).sort((a, b) => a - b)).toEqual([second.id, third.id]);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "lead"), eq(auditLogs.action, "move")));
    expect(audit.map((a) => [a.entityId, a.previousState, a.newState])).toEqual([
      [String(second.id), { id: first.id }, { id: second.id }],
    ]);
  });

  it("deletes a lead that has no other enquiry with it", async () => {
    const only = await enquire("سلمان", "0551110002", "استفسار وحيد");
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/contact/messages/${only.id}`,
      headers: t.bearer(manager),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/leads/${only.id}`, headers: t.bearer(manager) })).statusCode).toBe(404);
  });
});
