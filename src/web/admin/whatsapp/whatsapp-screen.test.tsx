/**
 * «واتساب للأعمال» in jsdom against a mocked API: the secrets are never shown and sent only when typed, the health
 * line and the callback URL are shown, and the screen is refused without whatsapp.manage.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WhatsappConnectionView } from "#domain/whatsapp.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { WhatsappScreen } from "./whatsapp-screen.tsx";

const view: WhatsappConnectionView = {
  enabled: true,
  phoneNumberId: "106540352242922",
  businessAccountId: "102290129340398",
  verifyToken: "verify-me-please",
  hasAppSecret: true,
  hasAccessToken: true,
  webhookUrl: "https://example.sa/api/whatsapp/webhook",
  templates: [
    { name: "visit_confirmation", language: "ar", category: "UTILITY", body: "مرحبًا {{1}} {{2}}", variables: 2 },
  ],
  templatesFetchedAt: "2026-11-27T09:00:00.000Z",
  health: {
    lastWebhookAt: null,
    lastError: "تعذر جلب القوالب المعتمدة من حساب واتساب",
    lastErrorAt: "2026-11-27T09:00:00.000Z",
  },
};

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

describe("واتساب للأعمال", () => {
  it("never shows the secrets, sends them only when typed, and shows the health line", async () => {
    signInAs({ role: "manager", permissions: ["whatsapp.manage"] });
    const calls = mockApi({
      "GET /api/whatsapp": () => json(view),
      "GET /api/whatsapp/greetings": () => json([]),
      "PUT /api/whatsapp": () => json(view),
    });
    renderScreen(<WhatsappScreen />);
    const secret = await screen.findByLabelText("مفتاح التطبيق السري (App secret)");
    expect(secret).toHaveValue("");
    expect(secret).toHaveAttribute("placeholder", "محفوظ — اتركه فارغًا للإبقاء عليه");
    expect(screen.getByText(/تعذر جلب القوالب المعتمدة/)).toBeInTheDocument();
    expect(screen.getByText("https://example.sa/api/whatsapp/webhook")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "ربط واتساب للأعمال بمكتب العملاء" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.some((c) => c.key === "PUT /api/whatsapp")).toBe(true));
    const body = calls.find((c) => c.key === "PUT /api/whatsapp")?.body;
    expect(body).not.toHaveProperty("appSecret");
    expect(body).not.toHaveProperty("accessToken");
    expect(body).toMatchObject({ enabled: true, verifyToken: "verify-me-please" });
  });

  it('shows "غير مصرح لك" without whatsapp.manage', async () => {
    signInAs({ role: "sales_agent", permissions: ["whatsapp.view"] });
    const calls = mockApi({});
    renderScreen(<WhatsappScreen />);
    expect(await screen.findByRole("alert")).toHaveTextContent("غير مصرح لك");
    expect(calls).toEqual([]);
  });
});
