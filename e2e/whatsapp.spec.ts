/**
 * WhatsApp inside the lead desk on an agent's phone (390 px; docs/whatsapp.md): a buyer's WhatsApp message reaches the
 * server from the Cloud API stand-in this spec starts on 127.0.0.1 (WHATSAPP_GRAPH_URL of playwright.config.ts) → a
 * new lead is on the agent's «عملائي» → the agent answers from the lead page → the stand-in receives it and reports
 * delivered, then read, and the lead's timeline shows both messages with the reply's state → 25 hours later (the server's test clock) the composer offers only templates.
 */
import { expect, test } from "@playwright/test";
import {
  notification,
  sign,
  startWhatsappCloud,
  statusUpdate,
  textMessage,
  type WhatsappCloud,
} from "../src/server/test-utils/whatsapp-cloud.ts";
import { moveClock } from "./fixtures/clock.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

const stamp = Date.now().toString(36);
const AGENT = { username: `wa-${stamp}`, name: "مسؤولة واتساب", password: "Whatsapp-Agent-Passw0rd!61" };
const BUYER = `نورة ${arabicLabel(stamp)}`;
// A Saudi mobile number unique to this run (WhatsApp gives it without "+").
const WA_ID = `9665${String(Date.now()).slice(-8)}`;
const TOKEN = "e2e-whatsapp-access-token";
const APP_SECRET = "e2e-whatsapp-app-secret";

let cloud: WhatsappCloud;

test.beforeAll(async () => {
  cloud = await startWhatsappCloud({ token: TOKEN, port: Number(process.env.E2E_WHATSAPP_PORT ?? 3198) });
});
test.afterAll(async () => cloud.close());

test.use({ viewport: { width: 390, height: 844 } });

test("a buyer's WhatsApp message becomes the agent's lead, the agent answers, and after 25 h only templates go", async ({
  page,
  request,
}) => {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const agent = await request.post("/api/users", { data: { ...AGENT, role: "sales_agent" }, headers });
  expect(agent.status()).toBe(201);
  const list = await request.put("/api/leads/agents", {
    data: { projectId: null, userIds: [(await agent.json()).id] },
    headers,
  });
  expect(list.status()).toBe(200);
  const connect = await request.put("/api/whatsapp", {
    data: {
      enabled: true,
      phoneNumberId: "106540352242922",
      businessAccountId: "102290129340398",
      appSecret: APP_SECRET,
      verifyToken: "e2e-verify-token",
      accessToken: TOKEN,
    },
    headers,
  });
  expect(connect.status()).toBe(200);
  expect((await connect.json()).templates.length).toBeGreaterThan(0);

  const deliver = async (body: string) => {
    const res = await request.post("/api/whatsapp/webhook", {
      data: body,
      headers: { "content-type": "application/json", "x-hub-signature-256": sign(body, APP_SECRET) },
    });
    expect(res.status()).toBe(200);
  };
  await deliver(
    notification({
      contacts: [{ wa_id: WA_ID, profile: { name: BUYER } }],
      messages: [textMessage(WA_ID, `wamid.e2e-${stamp}`, "السلام عليكم، هل تتوفر شقق بثلاث غرف؟")],
    }),
  );

  await page.goto("/admin/login");
  await page.getByLabel("اسم المستخدم").fill(AGENT.username);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(AGENT.password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  // A sales agent lands on «عملائي», a manager on the dashboard.
  await expect(page).toHaveURL(/\/admin(\/leads\/mine)?$/);

  await page.goto("/admin/leads/mine");
  await page.getByRole("link", { name: BUYER }).first().click();
  const pane = page.getByTestId("whatsapp-pane");
  await expect(pane.getByText("هل تتوفر شقق بثلاث غرف؟")).toBeVisible();

  await pane.getByLabel("رسالة واتساب").fill("وعليكم السلام، نعم تتوفر. متى يناسبك موعد الزيارة؟");
  await pane.getByRole("button", { name: "إرسال" }).click();
  await expect.poll(() => cloud.sent.length).toBe(1);
  expect(cloud.sent[0].body).toMatchObject({ to: WA_ID, type: "text" });
  const outbound = pane.getByTestId("whatsapp-message").filter({ hasText: "متى يناسبك موعد الزيارة؟" });
  await page.reload();
  await expect(outbound.getByTestId("whatsapp-status")).toHaveText("أُرسلت");

  await deliver(notification({ statuses: [statusUpdate("wamid.standin1", "delivered", WA_ID)] }));
  await deliver(notification({ statuses: [statusUpdate("wamid.standin1", "read", WA_ID)] }));
  await page.reload();
  await expect(outbound.getByTestId("whatsapp-status")).toHaveText("قُرئت");
  // The lead's timeline «سجل العميل» has both messages too: who wrote each one and the reply's delivery state.
  const timeline = page.getByRole("list", { name: "سجل العميل" });
  await expect(timeline.getByTestId("timeline-message").filter({ hasText: "هل تتوفر شقق" })).toContainText(
    "رسالة واتساب من العميل",
  );
  const reply = timeline.getByTestId("timeline-message").filter({ hasText: "متى يناسبك موعد الزيارة؟" });
  await expect(reply).toContainText("رسالة واتساب إلى العميل");
  await expect(reply).toContainText("قُرئت");
  await pane.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e-output/whatsapp-pane-390-open.png", fullPage: true });

  await moveClock(request, 25 * 60 * 60 * 1000);
  await page.reload();
  await expect(pane.getByRole("status")).toContainText("٢٤ ساعة");
  await expect(pane.getByLabel("رسالة واتساب")).toHaveCount(0);
  await expect(pane.getByLabel("القالب المعتمد")).toBeVisible();
  await pane.getByLabel("القالب المعتمد").selectOption({ label: "visit_confirmation (ar، خدمي)" });
  await expect(pane.getByLabel("المتغير ٣")).toBeVisible();
  await pane.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e-output/whatsapp-pane-390-templates.png", fullPage: true });
});
