/**
 * A site visit end to end at 390 px (docs/decisions/088-site-visits.md), on the server's movable clock
 * (e2e/fixtures/clock.ts) and a mail server this spec starts (playwright.config.ts SMTP_URL): a visitor on a campaign
 * page books tomorrow 17:00 → the agent's phone shows the visit and the notification → the visitor reschedules from
 * the e-mail's link → the 2-hour reminder goes out when the clock reaches it → the agent marks «حضر» and is offered
 * the lead's page to hold a unit. Screenshots: the booking form at 360 px, the agent's day at 390 px. Named to run
 * last: it moves the shared clock a day forward.
 */
import type { AddressInfo } from "node:net";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { moveClock } from "./fixtures/clock.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

const stamp = Date.now().toString(36);
const PROJECT = `الياقوت ${arabicLabel(stamp)}`;
const SLUG = `visit-${stamp}`;
const AGENT = { username: `visits-${stamp}`, name: "سارة مسؤولة المبيعات", password: "Visit-Agent-Passw0rd!91" };
const BUYER = { name: `محمد ${arabicLabel(stamp)}`, phone: "0551239876", email: `buyer-${stamp}@example.com` };
const PHONE_VIEW = { width: 390, height: 844 };

const mails: { to: string[]; text: string }[] = [];
let smtp: SMTPServer;

/** The readable text of a message: its base64 parts decoded, and its source. */
function readable(raw: string): string {
  const parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ];
  return [...parts.map((p) => Buffer.from(p[1].replace(/\s+/g, ""), "base64").toString("utf8")), raw].join("\n");
}

test.beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: readable(Buffer.concat(chunks).toString("utf8")),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(Number(process.env.E2E_SMTP_PORT ?? 3198), "127.0.0.1", resolve));
  expect((smtp.server.address() as AddressInfo).port).toBeGreaterThan(0);
});
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
test.beforeEach(({ page }) => skipEntrance(page));

/** The published project with visits every day, hourly from 16:00, its campaign page and its only agent. */
async function setUp(request: APIRequestContext): Promise<{ campaignPath: string }> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const call = async (method: "post" | "put", url: string, data: unknown, status = 200) => {
    const res = await request[method](url, { data, headers });
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };
  const project = await call("post", "/api/projects", { name: PROJECT, city: "جدة" }, 201);
  await call("post", `/api/projects/${project.id}/publish`, {});
  const agent = await call("post", "/api/users", { ...AGENT, role: "sales_agent" }, 201);
  await call("put", "/api/leads/agents", { projectId: project.id, userIds: [agent.id] });
  await call("put", `/api/projects/${project.id}/visit-settings`, {
    placeName: "مكتب المبيعات — طريق الملك",
    mapUrl: "https://maps.example/yaqoot",
    days: [0, 1, 2, 3, 4, 5, 6],
    slotMinutes: 60,
  });
  const upload = await request.post("/api/upload/image", {
    headers,
    multipart: {
      image: {
        name: "poster.png",
        mimeType: "image/png",
        buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#11504a" } })
          .png()
          .toBuffer(),
      },
    },
  });
  const poster = (await upload.json()).url as string;
  const landing = await call("post", `/api/landing-pages/${project.id}`, { slug: SLUG, poster }, 201);
  await call("post", `/api/landing-pages/${landing.id}/publish`, {});
  return { campaignPath: `/campaign/snapchat/${SLUG}` };
}

async function agentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE_VIEW });
  const page = await context.newPage();
  await skipEntrance(page);
  await page.goto("/admin/login");
  await page.getByLabel("اسم المستخدم").fill(AGENT.username);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(AGENT.password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  // A sales agent lands on «عملائي», a manager on the dashboard.
  await expect(page).toHaveURL(/\/admin(\/leads\/mine)?$/);
  return page;
}

const riyadhDate = (at: Date) => new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
const mailsTo = (text: string) => mails.filter((m) => m.to.includes(BUYER.email) && m.text.includes(text));

test("a visitor books a visit from a campaign page, reschedules from the e-mail, is reminded, and attends", async ({
  page,
  browser,
  request,
}) => {
  const { campaignPath } = await setUp(request);
  const serverNow = await moveClock(request, 0);
  const tomorrow = riyadhDate(new Date(serverNow.getTime() + 24 * 3600_000));
  const at17 = `${tomorrow}T17:00:00+03:00`;
  const at18 = `${tomorrow}T18:00:00+03:00`;

  await page.setViewportSize(PHONE_VIEW);
  await page.goto(campaignPath);
  await page.getByTestId("visit-booking-link").click();
  await expect(page.getByRole("heading", { level: 1, name: "احجز موعد زيارة" })).toBeVisible();
  await page.locator(`a[data-visit-day="${tomorrow}"]`).click();
  await expect(page.locator(`a[data-visit-day="${tomorrow}"]`)).toHaveAttribute("aria-current", "date");
  await page.locator(`input[name="startsAt"][value="${at17}"]`).check();
  await page.getByLabel("الاسم").fill(BUYER.name);
  await page.getByLabel("رقم الجوال").fill(BUYER.phone);
  await page.getByLabel(/البريد الإلكتروني/).fill(BUYER.email);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "e2e-output/visits/booking-form-360.png", fullPage: true });
  await page.getByRole("button", { name: "تأكيد الحجز" }).click();
  await expect(page.getByText("تم حجز موعد زيارتك")).toBeVisible();
  await expect(page.getByTestId("visit-time")).toContainText("٥:٠٠");

  // The agent's phone: the visit tomorrow and the notification.
  const agent = await agentPage(browser);
  await agent.goto(`/admin/visits?date=${tomorrow}`);
  await expect(agent.getByTestId("day-visit").filter({ hasText: BUYER.name })).toBeVisible();
  await agent.getByRole("button", { name: /الإشعارات/ }).click();
  await expect(agent.getByRole("dialog", { name: "الإشعارات" }).getByText(/حجز زيارة جديد/)).toBeVisible();

  // The confirmation e-mail's link: the visitor moves the visit to 18:00.
  await expect.poll(() => mailsTo("تم حجز موعد زيارتك").length, { timeout: 20_000 }).toBe(1);
  const link = /لتغيير الموعد أو إلغائه: (\S+)/.exec(mailsTo("تم حجز موعد زيارتك")[0].text)?.[1] ?? "";
  expect(link).toContain("/visit/");
  await page.setViewportSize(PHONE_VIEW);
  await page.goto(new URL(link).pathname);
  await page.getByLabel("تغيير الموعد").selectOption(at18);
  await page.getByRole("button", { name: "تغيير الموعد" }).click();
  await expect(page.getByText("تم تحديث موعد زيارتك")).toBeVisible();
  await expect(page.getByTestId("visit-time")).toContainText("٦:٠٠");

  // Two hours before 18:00 the reminder leaves, once.
  const reminderAt = Date.parse(at18) - 2 * 3600_000 + 60_000;
  await moveClock(request, reminderAt - (await moveClock(request, 0)).getTime());
  await expect.poll(() => mailsTo("نذكّرك بموعد زيارتك").length, { timeout: 20_000 }).toBe(1);

  // At the visit the agent marks «حضر» and is offered the lead's page to hold a unit.
  await moveClock(request, Date.parse(at18) + 5 * 60_000 - (await moveClock(request, 0)).getTime());
  await agent.goto("/admin/visits");
  const card = agent.getByTestId("day-visit").filter({ hasText: BUYER.name });
  await card.getByLabel("ملاحظة الزيارة").fill("حضر مع العائلة، يفضّل الدور الثالث");
  await card.getByRole("button", { name: "حضر", exact: true }).click();
  await expect(card.getByText("حضر", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "حجز وحدة للعميل" })).toBeVisible();
  await agent.screenshot({ path: "e2e-output/visits/agent-day-390.png", fullPage: true });
});
