/**
 * The desk on an agent's phone and a manager's merge (docs/decisions/073-one-open-lead-per-person.md, 074-a-clock-the-
 * agent-sees.md, 075-merge-and-assign-by-what-people-know.md), at 390 px: an agent signs in and lands on «عملائي»,
 * opens a new lead and sees its wait counting live («ينتظر منذ ٣ دقائق», the browser's clock moved by Playwright), taps
 * WhatsApp (the text names the agent) and logs it with the prompt in view (the toast at the top), then sets a follow-up with a day and a time
 * (a past time is refused in Arabic); a manager finds the person's second lead by a phone typed in Arabic-Indic digits,
 * sees both leads side by side, merges, and the merged lead's page says into which lead, read-only. Screenshots of the
 * lead page, the merge check and the merged page at 390 and 1280 px go to e2e-output/lead-desk-phone/.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { staffPage } from "./fixtures/phone-page.ts";
import { projectWithAgent, submitSignIn } from "./fixtures/staff.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

const stamp = Date.now().toString(36);
const PROJECT = `اللؤلؤة ${arabicLabel(stamp)}`;
const BUYER = `هيفاء القحطاني ${arabicLabel(stamp)}`;
const AGENT = { username: `phone-${stamp}`, name: "سارة العمري", password: "Phone-Agent-Passw0rd!71" };
const SHOTS = "e2e-output/lead-desk-phone";
// Numbers of this run only (the demo content holds leads too, and one person's enquiries join one lead).
const DIGITS = String(Date.now()).slice(-6);
const PHONE = `0538${DIGITS}`;
const OTHER_PHONE = `0539${DIGITS}`;
const intl = (local: string) => `+966${local.slice(1)}`;
const arabicIndic = (text: string) => text.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]);

async function hydrated(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

async function signIn(page: Page, user: { username: string; password: string }, home: RegExp) {
  await page.goto("/admin/login");
  await hydrated(page);
  await submitSignIn(page, user);
  await expect(page).toHaveURL(home);
}

/** "YYYY-MM-DD" of the day after `now` in Asia/Riyadh (UTC+3). */
function riyadhTomorrow(now: Date): string {
  return new Date(now.getTime() + 3 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("an agent works a new lead one-handed at 390 px; a manager merges the person's second lead by phone", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const projectId = await projectWithAgent(request, PROJECT, AGENT);
  const clock = await request.get("/api/test/clock");
  const serverNow = new Date((await clock.json()).now as string);
  const first = await request.post("/api/contact", {
    data: { name: BUYER, phone: PHONE, message: "أرغب في شقة", projectReference: projectId },
  });
  expect(first.status()).toBe(201);
  const leadId = (await first.json()).leadId as number;

  // 1. The agent signs in on her phone and lands on «عملائي».
  const agent = await staffPage(browser, 390, serverNow);
  await signIn(agent, AGENT, /\/admin\/leads\/mine$/);
  await agent.getByRole("link", { name: BUYER, exact: true }).click();
  await expect(agent.getByRole("heading", { level: 1, name: BUYER })).toBeVisible();

  // 2. The wait counts live; the next step says how long is left.
  const leadClock = agent.getByTestId("lead-clock");
  await expect(leadClock).toContainText("تنبيه المسؤول بعد");
  await agent.clock.fastForward("03:00");
  await expect(leadClock).toContainText("ينتظر منذ ٣ دقائق");
  await shoot(agent, "lead-clock");

  // 3. WhatsApp: the text names her; back from the app, the log prompt is in view; two taps log it.
  const whatsapp = agent.getByRole("link", { name: `واتساب ${BUYER}` });
  const text = new URL((await whatsapp.getAttribute("href")) ?? "").searchParams.get("text");
  expect(text).toContain("معك سارة");
  const [tab] = await Promise.all([agent.context().waitForEvent("page"), whatsapp.click()]);
  await tab.close();
  const prompt = agent.getByTestId("log-contact");
  await expect(prompt).toBeInViewport();
  await prompt.getByRole("button", { name: "تم الرد" }).click();
  await prompt.getByRole("button", { name: "بدون خطوة" }).click();
  await expect(agent.getByText("تم تسجيل التواصل").first()).toBeVisible();
  // On a phone the toast sits at the top of the screen, clear of the card's buttons in the thumb's reach.
  const toastBox = await agent.locator("[data-slot=toast]").first().boundingBox();
  expect(toastBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(844 / 4);
  await expect(leadClock).toBeHidden();

  // 4. A follow-up with a day and a time, in Riyadh time; a time already past is refused in Arabic.
  const followUp = agent.getByRole("group", { name: "موعد المتابعة" });
  const pick = async (day: string) => {
    await followUp.getByRole("button", { name: /اختر التاريخ|٢٠٢٦|٢٠٢٧/ }).click();
    await expect(agent.getByRole("grid").first()).toBeVisible();
    // The Arabic calendar writes its day keys in Arabic-Indic digits too.
    const cell = agent.locator(`[data-day="${arabicIndic(day)}"] button`);
    if ((await cell.count()) === 0) await agent.getByRole("button", { name: "اذهب إلى الشهر التالي" }).click();
    await cell.click();
  };
  const today = new Date(serverNow.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
  await pick(today);
  await followUp.getByLabel("ساعة المتابعة").selectOption("00:00");
  await agent.getByRole("button", { name: "حفظ", exact: true }).click();
  await expect(followUp.getByRole("alert")).toHaveText("موعد المتابعة يجب أن يكون بعد الوقت الحالي");
  await pick(riyadhTomorrow(serverNow));
  await followUp.getByLabel("ساعة المتابعة").selectOption("16:30");
  await agent.getByRole("button", { name: "حفظ", exact: true }).click();
  await expect(agent.getByText("تم الحفظ").first()).toBeVisible();
  await expect(agent.getByText(/^موعد المتابعة: .*٤:٣٠/)).toBeVisible();
  await agent.context().close();

  // 5. The same buyer wrote again from another number: a manager finds that lead by its phone and merges it.
  const second = await request.post("/api/contact", {
    data: { name: BUYER, phone: OTHER_PHONE, message: "رقمي الآخر", projectReference: projectId },
  });
  const otherId = (await second.json()).leadId as number;
  expect(otherId).not.toBe(leadId);
  const manager = await staffPage(browser, 390, serverNow);
  await signIn(manager, E2E_ADMIN, /\/admin$/);
  await manager.goto(`/admin/leads/${leadId}`);
  await expect(manager.getByRole("heading", { level: 1, name: BUYER })).toBeVisible();
  await manager.getByRole("button", { name: "دمج مع عميل آخر" }).click();
  const dialog = manager.getByRole("dialog", { name: "دمج مع عميل آخر" });
  await dialog
    .getByLabel("الاسم أو رقم الجوال")
    .fill(arabicIndic(`+966 ${OTHER_PHONE.slice(1, 3)} ${OTHER_PHONE.slice(3)}`));
  await dialog.getByRole("button", { name: "بحث" }).click();
  await dialog
    .getByRole("list", { name: "نتائج البحث" })
    .getByRole("button")
    .filter({ hasText: intl(OTHER_PHONE) })
    .click();
  const compare = dialog.getByTestId("merge-compare");
  await expect(compare.getByRole("region", { name: "العميل الآخر (يُدمج)" })).toContainText(intl(OTHER_PHONE));
  await expect(compare.getByRole("region", { name: "هذا العميل (يبقى)" })).toContainText(intl(PHONE));
  await shoot(manager, "merge-compare");
  await dialog.getByRole("button", { name: "تأكيد الدمج" }).click();
  await expect(dialog).toBeHidden();
  await expect(manager.getByText("تم الدمج").first()).toBeVisible();

  // 6. The merged lead's page says into which lead, with no action left.
  await manager.goto(`/admin/leads/${otherId}`);
  const merged = manager.getByTestId("merged-into");
  await expect(merged).toContainText("دُمج هذا العميل في");
  await expect(manager.getByRole("button", { name: "تغيير المرحلة" })).toHaveCount(0);
  await expect(manager.getByRole("link", { name: `واتساب ${BUYER}` })).toHaveCount(0);
  await shoot(manager, "merged-lead");
  await merged.getByRole("link", { name: BUYER }).click();
  await expect(manager).toHaveURL(new RegExp(`/admin/leads/${leadId}$`));
  await manager.context().close();
});
