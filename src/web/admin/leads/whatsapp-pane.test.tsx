/**
 * The lead page's WhatsApp conversation pane in jsdom against a mocked API: free text inside the 24-hour window; outside
 * it the text box is closed with the reason and only the approved templates go, with one field per variable; a failed
 * message shows Meta's code with its Arabic explanation; a message «تحتاج مراجعة» is settled by a person as sent or
 * not sent, and a message not sent is sent again as a new message only by a click.
 */
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Conversation } from "#domain/whatsapp.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
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
      reviewedByName: null,
      resentFromId: null,
      createdAt: "2026-11-27T09:00:00.000Z",
    },
  ],
});

/** A conversation whose one message is in `status` (unknown: «تحتاج مراجعة»). */
const withStatus = (status: string, extra: Partial<Conversation["messages"][number]> = {}): Conversation => {
  const base = conversation(true);
  return {
    ...base,
    messages: [
      {
        ...base.messages[0],
        id: 9,
        status,
        errorCode: null,
        errorText: status === "unknown" ? "لم يُعرف هل وصلت الرسالة إلى واتساب" : null,
        ...extra,
      },
    ],
  };
};

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

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

  it("settles a message «تحتاج مراجعة» as sent or as not sent by a person's click", async () => {
    signInAs({ role: "sales_agent", permissions: ["whatsapp.view", "whatsapp.send"] });
    let current = withStatus("unknown");
    const calls = mockApi({
      "GET /api/whatsapp/leads/7/conversation": () => json(current),
      "POST /api/whatsapp/leads/7/messages/9/review": () => {
        current = withStatus("not_sent", { reviewedByName: "سارة" });
        return json(current.messages[0]);
      },
    });
    renderScreen(<WhatsappPane leadId={7} canSend />);
    const pane = await screen.findByTestId("whatsapp-pane");
    const message = await within(pane).findByTestId("whatsapp-message");
    expect(within(message).getByTestId("whatsapp-status")).toHaveTextContent("تحتاج مراجعة");
    expect(within(message).getByRole("button", { name: "نعم، أُرسلت" })).toBeInTheDocument();
    await userEvent.click(within(message).getByRole("button", { name: "لا، لم تُرسل" }));
    await waitFor(() => expect(calls.some((c) => c.key === "POST /api/whatsapp/leads/7/messages/9/review")).toBe(true));
    expect(calls.find((c) => c.key.endsWith("/review"))?.body).toEqual({ outcome: "not_sent" });
    // Nothing is sent again by itself: the settled message now offers a resend, and says who checked it.
    const settled = await within(pane).findByRole("button", { name: "إعادة الإرسال كرسالة جديدة" });
    expect(within(pane).getByTestId("whatsapp-status")).toHaveTextContent("لم تُرسل");
    expect(within(pane).getByText("راجعها سارة")).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith("/resend"))).toBe(false);
    expect(settled).toBeEnabled();
  });

  it("sends a message not sent again as a new message, once, and offers nothing to someone who cannot send", async () => {
    signInAs({ role: "sales_agent", permissions: ["whatsapp.view", "whatsapp.send"] });
    let current = withStatus("not_sent");
    const calls = mockApi({
      "GET /api/whatsapp/leads/7/conversation": () => json(current),
      "POST /api/whatsapp/leads/7/messages/9/resend": () => {
        const again = { ...current.messages[0], id: 10, status: "queued", resentFromId: 9 };
        current = { ...current, messages: [...current.messages, again] };
        return json(again, 202);
      },
    });
    renderScreen(<WhatsappPane leadId={7} canSend />);
    const pane = await screen.findByTestId("whatsapp-pane");
    await userEvent.click(await within(pane).findByRole("button", { name: "إعادة الإرسال كرسالة جديدة" }));
    await waitFor(() => expect(within(pane).getAllByTestId("whatsapp-message")).toHaveLength(2));
    expect(calls.filter((c) => c.key.endsWith("/resend"))).toHaveLength(1);
    expect(within(pane).getByText("أُعيد إرسالها كرسالة جديدة")).toBeInTheDocument();
    expect(within(pane).queryByRole("button", { name: "إعادة الإرسال كرسالة جديدة" })).toBeNull();
    cleanup();

    signInAs({ role: "sales_agent", permissions: ["whatsapp.view"] });
    current = withStatus("unknown");
    mockApi({ "GET /api/whatsapp/leads/7/conversation": () => json(current) });
    renderScreen(<WhatsappPane leadId={7} canSend={false} />);
    const readOnly = await screen.findByTestId("whatsapp-message");
    expect(within(readOnly).getByTestId("whatsapp-status")).toHaveTextContent("تحتاج مراجعة");
    expect(within(readOnly).queryByRole("button")).toBeNull();
  });
});
