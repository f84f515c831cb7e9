/**
 * The lead clock on the server's movable test clock (e2e/fixtures/clock.ts): an enquiry reaches the project's only
 * agent; nothing more happens before the 5 minutes of docs/product.md §2.16's response clock; when the clock is moved
 * past them, the agent's bell names the buyer, the project and the wait («لم يتم التواصل مع سعاد (المرجان) منذ ٥ دقائق»)
 * and opens the lead.
 */
import { expect, type Page, test } from "@playwright/test";
import { moveClock } from "./fixtures/clock.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { projectWithAgent, signIn } from "./fixtures/staff.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

test.beforeEach(({ page }) => skipEntrance(page));

const stamp = Date.now().toString(36);
const PROJECT = `المرجان ${arabicLabel(stamp)}`;
const AGENT = { username: `clock-${stamp}`, name: "مسؤول المبيعات ب", password: "Clock-Agent-Passw0rd!57" };

async function openBell(page: Page, unread: string) {
  await page.goto("/admin");
  await page.getByRole("button", { name: `الإشعارات، غير المقروءة: ${unread}` }).click();
  return page.getByRole("dialog", { name: "الإشعارات" });
}

test("the agent is told a lead waits once the server's clock passes 5 minutes, not before", async ({
  page,
  request,
}) => {
  const projectId = await projectWithAgent(request, PROJECT, AGENT);
  const enquiry = await request.post("/api/contact", {
    data: {
      name: `سعاد ${arabicLabel(stamp)}`,
      phone: "0551234599",
      message: "أرغب في زيارة",
      projectReference: projectId,
    },
  });
  expect(enquiry.status()).toBe(201);

  await signIn(page, AGENT, /\/admin\/leads\/mine$/);

  await moveClock(request, 4 * 60_000);
  const before = await openBell(page, "١");
  await expect(before.getByRole("listitem")).toHaveCount(1);

  await moveClock(request, 60_000);
  const after = await openBell(page, "٢");
  // The line names the buyer, the project and the wait, and opens the lead.
  const line = after.getByRole("link", {
    name: `لم يتم التواصل مع سعاد ${arabicLabel(stamp)} (${PROJECT}) منذ ٥ دقائق`,
  });
  await expect(line).toBeVisible();
  await line.click();
  await expect(page.getByRole("heading", { level: 1, name: `سعاد ${arabicLabel(stamp)}` })).toBeVisible();
});
