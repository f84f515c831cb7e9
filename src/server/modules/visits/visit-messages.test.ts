/**
 * The buyer's visit e-mails and the agents' timed notices (docs/decisions/091-visit-messages-and-reminder-channels.md)
 * with two app instances on one database, a fake clock and a real SMTP server started here (smtp-server): the
 * confirmation carries the Gregorian and Hijri date, the place and its map link, the agent's name and phone, the
 * manage link and an .ics; the 24 h and 2 h reminders and the morning list go out once although both instances run
 * their jobs at the same moments; a rescheduled visit is reminded at its new time.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { projects, users } from "#server/db/schema.ts";
import { notifications } from "#server/db/tables/lead-desk.ts";
import { visitMessages } from "#server/db/tables/visits.ts";
import { putAgents } from "#server/test-utils/agents.ts";
import { createTestApp, type TestApp } from "#server/test-utils/app.ts";
import { openSecondInstance } from "#server/test-utils/second-instance.ts";
import { type ReceivedMail, type SmtpCatcher, startSmtpCatcher } from "#server/test-utils/smtp.ts";

let smtp: SmtpCatcher;
let t: TestApp;
let second: FastifyInstance;
// Friday 27 November 2026, 10:00 in Jeddah.
let now = new Date("2026-11-27T07:00:00Z");
const clock = () => now;

/** The decoded text of every base64 part of a message, and its raw source (where the .ics is). */
function decoded(message: ReceivedMail): string {
  const parts = [
    ...message.raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ];
  return [...parts.map((p) => Buffer.from(p[1].replace(/\s+/g, ""), "base64").toString("utf8")), message.raw].join(
    "\n",
  );
}
const toBuyer = () => smtp.received.filter((m) => m.to.includes("buyer@example.com"));
/** Both instances run their due jobs at the same moment. */
const bothRun = () => Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, JOBS_INTERVAL_MS: "0" } });
  second = await openSecondInstance(t, clock);
}, 120_000);

afterAll(async () => {
  await second.close();
  await t.close();
  await smtp.stop();
});

it("confirms, reminds 24 h and 2 h before, and lists the agent's morning once across two instances", async () => {
  const manager = await t.signIn("manager");
  const agent = await t.signIn("sales_agent");
  await t.db.update(users).set({ name: "سارة المبيعات", phone: "+966551234567" }).where(eq(users.id, agent.id));
  const [project] = await t.db
    .insert(projects)
    .values({ name: "مشروع الياقوت", city: "جدة", publishedAt: now })
    .returning();
  await putAgents(t, manager, project.id, [agent]);
  const settings = await t.app.inject({
    method: "PUT",
    url: `/api/projects/${project.id}/visit-settings`,
    payload: { placeName: "مكتب المبيعات — حي الشاطئ", mapUrl: "https://maps.example/yaqoot" },
    headers: t.bearer(manager.token),
  });
  expect(settings.statusCode).toBe(200);

  const booked = await t.app.inject({
    method: "POST",
    url: "/api/visits",
    payload: {
      projectId: project.id,
      startsAt: "2026-11-30T17:30:00+03:00",
      name: "محمد",
      phone: "0551112222",
      email: "buyer@example.com",
    },
  });
  expect(booked.statusCode).toBe(201);
  const manageUrl: string = booked.json().manageUrl;

  await bothRun();
  await bothRun();
  expect(toBuyer()).toHaveLength(1);
  const confirmation = decoded(toBuyer()[0]);
  expect(confirmation).toContain("تم حجز موعد زيارتك لمشروع مشروع الياقوت");
  expect(confirmation).toContain("٣٠ نوفمبر ٢٠٢٦"); // Gregorian, Arabic-Indic digits
  expect(confirmation).toMatch(/جمادى|رجب|هـ/); // the Hijri date beside it
  expect(confirmation).toContain("مكتب المبيعات: مكتب المبيعات — حي الشاطئ");
  expect(confirmation).toContain("https://maps.example/yaqoot");
  expect(confirmation).toContain("سارة المبيعات — +966551234567");
  // Its manage link (sealed anew for each message) opens the same visit.
  const link = /لتغيير الموعد أو إلغائه: (\S+)/.exec(confirmation)?.[1] ?? "";
  expect(link.startsWith(`${t.config.publicUrl}/visit/`)).toBe(true);
  const opened = await t.app.inject({ url: `/api/visits/manage/${link.split("/").at(-1)}` });
  expect(opened.json().id).toBe(booked.json().id);
  expect(manageUrl.startsWith(`${t.config.publicUrl}/visit/`)).toBe(true);
  expect(confirmation).toContain("BEGIN:VCALENDAR");
  expect(confirmation).toContain("DTSTART:20261130T143000Z");

  // 24 h before (Sunday 17:31 in Jeddah): one reminder, though both instances run at once, twice.
  now = new Date("2026-11-29T14:31:00Z");
  await bothRun();
  await bothRun();
  expect(toBuyer()).toHaveLength(2);
  expect(decoded(toBuyer()[1])).toContain("نذكّرك بموعد زيارتك");

  // Monday 08:00:30 in Jeddah: the agent's morning list, once.
  now = new Date("2026-11-30T05:00:30Z");
  await bothRun();
  await bothRun();
  const lists = await t.db.select().from(notifications).where(eq(notifications.kind, "visits_today"));
  expect(lists).toHaveLength(1);
  expect(lists[0]).toMatchObject({ userId: agent.id });
  expect(lists[0].text).toContain("زياراتك اليوم: زيارة واحدة");

  // 2 h before (15:30): the second reminder, once; nothing after it.
  now = new Date("2026-11-30T12:30:30Z");
  await bothRun();
  await bothRun();
  now = new Date("2026-11-30T14:00:00Z");
  await bothRun();
  expect(toBuyer()).toHaveLength(3);
  const reminders = await t.db.select().from(visitMessages).where(eq(visitMessages.kind, "reminder"));
  expect(reminders.map((r) => r.status)).toEqual(["sent", "sent"]);
});
