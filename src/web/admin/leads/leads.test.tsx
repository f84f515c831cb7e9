/**
 * The contact messages screen (SPEC §2.16, §4.12; docs/product.md §10.4): the columns with their "main page" / "unknown" texts,
 * the campaign and the webhook delivery status, filters, the detail dialog, and the retry action shown only with
 * campaigns.manage (which posts the retry call).
 */
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactMessageView } from "#domain/schemas/contact.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { json, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import ContactMessagesScreen from "./leads.tsx";

function message(id: number, overrides: Partial<ContactMessageView>): ContactMessageView {
  return {
    id,
    landingPageId: null,
    campaignId: null,
    projectId: null,
    source: "home",
    name: `مرسل ${id}`,
    email: `m${id}@example.com`,
    phone: "+966501234567",
    message: `نص الرسالة ${id}`,
    isDuplicate: false,
    projectName: null,
    landingPageName: null,
    platform: null,
    campaignSlug: null,
    campaignName: null,
    attribution: {},
    consentVersion: "2026-11-01",
    consentAt: "2026-11-20T10:00:00.000Z",
    delivery: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

const MESSAGES = [
  message(1, {}),
  message(2, {
    source: "campaign",
    name: "فهد",
    message: null,
    landingPageId: 3,
    campaignId: 9,
    projectId: 4,
    projectName: "مشروع الواحة",
    landingPageName: "مشروع الواحة",
    platform: "tiktok",
    campaignSlug: "tiktok/al-waha",
    isDuplicate: true,
    attribution: { utmCampaign: "launch" },
    delivery: { id: 5, status: "failed", attempts: 10, lastError: "HTTP 500", nextAttemptAt: null, deliveredAt: null },
  }),
  message(3, {
    source: "campaign",
    name: "نورة",
    platform: "snapchat",
    campaignSlug: "snapchat/al-waha",
    delivery: { id: 6, status: "delivered", attempts: 1, lastError: null, nextAttemptAt: null, deliveredAt: "x" },
  }),
];

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = String(input);
  if (path === "/api/contact/messages") return json(MESSAGES);
  if (path === "/api/contact/messages/2/webhook-retry" && init?.method === "POST") {
    return json({ deliveryId: 5, status: "pending" }, 202);
  }
  return json({ statusCode: 404, error: "Not Found", message: "غير موجود" }, 404);
});

const signIn = (permissions: string[]) => signInAs({ role: "manager", permissions });

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const table = () => screen.getByRole("table");
const rowOf = (name: string) => within(table()).getByText(name).closest("tr") as HTMLElement;

describe("contact messages (SPEC §2.16)", () => {
  it("shows project or main page, landing page or unknown, campaign, duplicate flag and delivery status", async () => {
    signIn(["contact_messages.view", "contact_messages.delete", "campaigns.manage"]);
    renderScreen(<ContactMessagesScreen />, "/admin/contact-messages");
    await screen.findByRole("table");

    const home = within(rowOf("مرسل 1"));
    expect(home.getByText("الصفحة الرئيسية")).toBeInTheDocument();
    expect(home.getByText("غير معروف")).toBeInTheDocument();
    expect(home.getByText("جديد")).toBeInTheDocument();
    expect(home.getByText("بدون ويب هوك")).toBeInTheDocument();

    const lead = within(rowOf("فهد"));
    expect(lead.getAllByText("مشروع الواحة")).toHaveLength(2);
    expect(lead.getByText("تيك توك")).toBeInTheDocument();
    expect(lead.getByText("tiktok/al-waha")).toBeInTheDocument();
    expect(lead.getByText("مكرر")).toBeInTheDocument();
    expect(lead.getByText("فشل بعد المحاولات")).toBeInTheDocument();
    expect(within(rowOf("نورة")).getByText("تم التسليم")).toBeInTheDocument();
  });

  it("filters by delivery status and opens the detail dialog with the attribution", async () => {
    signIn(["contact_messages.view"]);
    renderScreen(<ContactMessagesScreen />, "/admin/contact-messages");
    const user = userEvent.setup();
    await screen.findByRole("table");
    await user.selectOptions(screen.getByLabelText("حالة الويب هوك"), "failed");
    expect(within(table()).queryByText("مرسل 1")).not.toBeInTheDocument();
    expect(within(table()).getByText("فهد")).toBeInTheDocument();

    await user.click(within(rowOf("فهد")).getByRole("button", { name: "عرض التفاصيل" }));
    const dialog = await screen.findByRole("dialog", { name: "رسالة من فهد" });
    expect(within(dialog).getByText("launch")).toBeInTheDocument();
    expect(within(dialog).getByText("HTTP 500")).toBeInTheDocument();
  });

  it("offers the webhook retry only with campaigns.manage, and posts it", async () => {
    signIn(["contact_messages.view"]);
    renderScreen(<ContactMessagesScreen />, "/admin/contact-messages");
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: /إعادة إرسال الويب هوك/ })).not.toBeInTheDocument();
    cleanup();

    signIn(["contact_messages.view", "campaigns.manage"]);
    renderScreen(<ContactMessagesScreen />, "/admin/contact-messages");
    await screen.findByRole("table");
    const retry = within(rowOf("فهد")).getByRole("button", { name: "إعادة إرسال الويب هوك لرسالة فهد" });
    expect(within(rowOf("نورة")).queryByRole("button", { name: /إعادة إرسال/ })).not.toBeInTheDocument();
    await userEvent.click(retry);
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => String(input) === "/api/contact/messages/2/webhook-retry" && init?.method === "POST",
      ),
    ).toBe(true);
  });
});
