/**
 * The lead page's WhatsApp conversation pane in jsdom against a mocked API: free text inside the 24-hour window; outside
 * it the text box is closed with the reason and only the approved templates go, with one field per variable; a failed
 * message shows Meta's code with its Arabic explanation.
 */
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Conversation } from "#domain/whatsapp.ts";
import { json, mockApi, renderScreen, resetSession, signInAs } from "~/test-utils/admin-harness.tsx";
import { WhatsappPane } from "./whatsapp-pane.tsx";

const templates = [
  { name: "visit_confirmation", language: "ar", category: "UTILITY", body: "مرحبًا {{1}} {{2}}", variables: 2 },
];

const conversation = (windowOpen: boolean): Conversation => ({
  enabled: true,
  phone: "+966501110001",
  windowOpen,
  windowClosesAt: windowOpen ? "2026-11-28T09:00:00.000Z" : null,
  closedReason: windowOpen ? null : "انقضت ٢٤ ساعة على آخر رسالة من العميل، لا يمكن إرسال نص حر: اختر قالبًا معتمدًا",
  templates,
  messages: [
    {
      id: 1,
      direction: "out",
      kind: "text",
      body: "مرحبا",
      mediaUrl: null,
      mediaMime: null,
      fileName: null,
      location: null,
      template: null,
      status: "failed",
      errorCode: 131047,
      errorText: "انقضت ٢٤ ساعة على آخر رسالة من العميل: يلزم قالب معتمد",
      sentByName: "سارة",
      automated: null,
      createdAt: "2026-11-27T09:00:00.000Z",
    },
  ],
});

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("conversation pane", () => {
  it("inside the window: free text; a failed message shows its code and Arabic explanation", async () => {
    signInAs({ role: "sales_agent", permissions: ["whatsapp.view", "whatsapp.send"] });
    const calls = mockApi({
      "GET /api/whatsapp/leads/7/conversation": () => json(conversation(true)),
      "POST /api/whatsapp/leads/7/messages": () => json({ ...conversation(true).messages[0], id: 2 }, 202),
    });
    renderScreen(<WhatsappPane leadId={7} canSend />);
    const pane = await screen.findByTestId("whatsapp-pane");
    expect(await within(pane).findByText(/رمز الخطأ 131047/)).toBeInTheDocument();
    await userEvent.type(within(pane).getByLabelText("رسالة واتساب"), "أهلًا");
    await userEvent.click(within(pane).getByRole("button", { name: "إرسال" }));
    await waitFor(() => expect(calls.some((c) => c.key === "POST /api/whatsapp/leads/7/messages")).toBe(true));
    expect(calls.find((c) => c.key.startsWith("POST"))?.body).toEqual({ kind: "text", text: "أهلًا" });
  });

  it("outside the window: the text box is closed with the reason, and a template is sent with its variables", async () => {
    signInAs({ role: "sales_agent", permissions: ["whatsapp.view", "whatsapp.send"] });
    const calls = mockApi({
      "GET /api/whatsapp/leads/7/conversation": () => json(conversation(false)),
      "POST /api/whatsapp/leads/7/messages": () => json({ ...conversation(false).messages[0], id: 3 }, 202),
    });
    renderScreen(<WhatsappPane leadId={7} canSend />);
    const pane = await screen.findByTestId("whatsapp-pane");
    expect(await within(pane).findByRole("status")).toHaveTextContent("٢٤ ساعة");
    expect(within(pane).queryByLabelText("رسالة واتساب")).toBeNull();
    await userEvent.selectOptions(within(pane).getByLabelText("القالب المعتمد"), "visit_confirmation:ar");
    await userEvent.type(within(pane).getByLabelText("المتغير ١"), "سارة");
    await userEvent.type(within(pane).getByLabelText("المتغير ٢"), "الأحد");
    await userEvent.click(within(pane).getByRole("button", { name: "إرسال القالب" }));
    await waitFor(() => expect(calls.some((c) => c.key.startsWith("POST"))).toBe(true));
    expect(calls.find((c) => c.key.startsWith("POST"))?.body).toEqual({
      kind: "template",
      name: "visit_confirmation",
      language: "ar",
      variables: ["سارة", "الأحد"],
    });
  });

  it("inside the window: an image or PDF is sent through the Arabic «إرفاق» control", async () => {
    signInAs({ role: "sales_agent", permissions: ["whatsapp.view", "whatsapp.send"] });
    const calls = mockApi({
      "GET /api/whatsapp/leads/7/conversation": () => json(conversation(true)),
      "POST /api/whatsapp/leads/7/files": () => json({ ...conversation(true).messages[0], id: 4, kind: "image" }, 202),
    });
    renderScreen(<WhatsappPane leadId={7} canSend />);
    const pane = await screen.findByTestId("whatsapp-pane");
    const input = await within(pane).findByLabelText("إرفاق صورة أو ملف PDF");
    await userEvent.upload(input, new File(["%PDF-1.4"], "offer.pdf", { type: "application/pdf" }));
    await waitFor(() => expect(calls.some((c) => c.key === "POST /api/whatsapp/leads/7/files")).toBe(true));
  });
});
