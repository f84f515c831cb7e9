/**
 * The one leads list «العملاء» (docs/decisions/070-one-leads-list.md): each lead's enquiries with their webhook
 * delivery and the retry shown only with campaigns.manage (posting SPEC's retry call), the live wait and the clock's
 * next step ticking without a reload (fake timers), the total from the server, «إعادة الإسناد» of ticked leads in one
 * call (leads.assign only), SPEC's delete of one enquiry after a confirmation (contact_messages.delete) and the
 * enquiries export of the list's filters (contact_messages.export), and the messages screen's URL carried to the list
 * with its filters.
 */
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadListItem } from "#domain/lead-list.ts";
import { AdminProviders } from "~/admin/shell/admin-providers.tsx";
import { createQueryClient } from "~/admin/shell/query-client.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { type FetchCall, json, signInAs, stubFetch } from "~/test-utils/admin-harness.tsx";
import { leadsUrlFor } from "./contact-filters.ts";
import ContactMessagesRedirect, { clientLoader } from "./contact-messages.tsx";
import LeadsListScreen from "./leads-list.tsx";

const NOW = "2026-11-23T09:03:00.000Z";

function enquiry(id: number, overrides: Partial<LeadListItem["enquiries"][number]> = {}) {
  return {
    id,
    source: "home",
    platform: null,
    campaignName: null,
    message: null,
    attribution: {},
    createdAt: NOW,
    delivery: null,
    ...overrides,
  };
}

function item(id: number, overrides: Partial<LeadListItem> = {}): LeadListItem {
  return {
    id,
    name: `عميل ${id}`,
    phone: "+966501234567",
    email: null,
    source: "campaign",
    projectId: 4,
    projectName: "الواحة",
    campaignId: 9,
    stage: "new",
    stageLabel: "جديد",
    ownerId: null,
    ownerName: null,
    unitId: null,
    lostReason: null,
    isDuplicate: false,
    firstContactAt: null,
    followUpAt: null,
    overdue: false,
    mergedIntoId: null,
    createdAt: "2026-11-23T09:00:00.000Z",
    enquiries: [enquiry(id, { createdAt: "2026-11-23T09:00:00.000Z" })],
    enquiryCount: 1,
    nextStep: { kind: "notify_agent", at: "2026-11-23T09:05:00.000Z" },
    ...overrides,
  };
}

const failed = {
  id: 50,
  status: "failed" as const,
  attempts: 8,
  lastError: "HTTP 500",
  nextAttemptAt: null,
  deliveredAt: null,
};
const delivered = { ...failed, id: 51, status: "delivered" as const, lastError: null, deliveredAt: NOW };

const ITEMS = [
  item(1, {
    enquiries: [
      enquiry(11, {
        source: "campaign",
        platform: "tiktok",
        campaignName: "إطلاق الواحة",
        message: "أرغب في شقة",
        attribution: { utmCampaign: "launch" },
        delivery: failed,
      }),
      enquiry(1, { delivery: delivered }),
    ],
    enquiryCount: 5,
  }),
  item(2),
  item(3, { stage: "sold", stageLabel: "بيع", nextStep: null }),
];

let calls: FetchCall[];
beforeEach(() => {
  calls = [];
  localStorage.clear();
  stubFetch(calls, (key) => {
    if (key === "GET /api/leads")
      return json({ items: ITEMS, nextCursor: "c1", total: 40, totalCapped: false, now: NOW });
    if (key === "GET /api/projects") return json([]);
    if (key === "GET /api/leads/agents") {
      return json([{ projectId: null, agents: [{ userId: "u-sara", name: "سارة", away: false }] }]);
    }
    if (key === "POST /api/contact/messages/11/webhook-retry") return json({ deliveryId: 50, status: "pending" }, 202);
    if (key === "DELETE /api/contact/messages/11") return new Response(null, { status: 204 });
    if (key === "GET /api/contact/messages/export") return new Response("id,name\n", { status: 200 });
    if (key === "POST /api/leads/reassign") return json({ ownerId: "u-sara", reassigned: [1, 2], unchanged: [] });
    return json({ statusCode: 404, error: "Not Found", message: "غير موجود" }, 404);
  });
});
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderList(entry = "/admin/leads") {
  const Stub = createRoutesStub([
    {
      path: "/admin/leads",
      Component: () => (
        <AdminProviders queryClient={createQueryClient()}>
          <LeadsListScreen />
          <Probe />
        </AdminProviders>
      ),
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

const rowOf = (name: string) => screen.getByRole("link", { name }).closest("tr") as HTMLElement;

describe("the leads list «العملاء»", () => {
  it("shows each lead's enquiries with their delivery, and the total of the server's filters", async () => {
    signInAs({ permissions: ["leads.view_all", "leads.view_own"] });
    renderList();
    await screen.findByRole("link", { name: "عميل 1" });
    expect(screen.getByRole("heading", { name: "العملاء", level: 1 })).toBeInTheDocument();
    const first = within(rowOf("عميل 1"));
    expect(first.getByText("فشل بعد المحاولات")).toHaveAttribute("title", "HTTP 500");
    expect(first.getByText("تم التسليم")).toBeInTheDocument();
    expect(first.getByText("٣ رسائل أقدم")).toBeInTheDocument();
    expect(first.getByText("تيك توك · إطلاق الواحة")).toBeInTheDocument();
    await userEvent.click(first.getAllByText("نص الرسالة ومصدرها")[0]);
    expect(first.getByText("أرغب في شقة")).toBeVisible();
    expect(first.getByText("launch")).toBeVisible();
    expect(within(rowOf("عميل 2")).getByText("بدون ويب هوك")).toBeInTheDocument();
    expect(screen.getByText("عرض ٣ من ٤٠")).toBeInTheDocument();
    // No retry without campaigns.manage, no ticking boxes without leads.assign.
    expect(screen.queryByRole("button", { name: /إعادة إرسال/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: /تحديد/ })).not.toBeInTheDocument();
  });

  it("retries a failed delivery through SPEC's call with campaigns.manage", async () => {
    signInAs({ permissions: ["leads.view_all", "leads.view_own", "campaigns.manage"] });
    renderList();
    await screen.findByRole("link", { name: "عميل 1" });
    const buttons = within(rowOf("عميل 1")).getAllByRole("button", { name: "إعادة إرسال الويب هوك لاستفسار عميل 1" });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]);
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === "POST" && c.url.pathname === "/api/contact/messages/11/webhook-retry"),
      ).toBe(true),
    );
  });

  it("deletes one enquiry after the Arabic confirmation, only with contact_messages.delete", async () => {
    signInAs({ permissions: ["leads.view_all", "leads.view_own"] });
    const { unmount } = renderList();
    await screen.findByRole("link", { name: "عميل 1" });
    expect(screen.queryByRole("button", { name: /حذف رسالة/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /تصدير الرسائل/ })).not.toBeInTheDocument();
    unmount();

    signInAs({ permissions: ["leads.view_all", "leads.view_own", "contact_messages.delete"] });
    renderList();
    await screen.findByRole("link", { name: "عميل 1" });
    await userEvent.click(within(rowOf("عميل 1")).getAllByRole("button", { name: "حذف رسالة عميل 1" })[0]);
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("سيتم حذف رسالة عميل 1 نهائياً ولا يمكن التراجع.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "حذف" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.url.pathname === "/api/contact/messages/11")).toBe(true),
    );
    expect(await screen.findByText("تم حذف الرسالة")).toBeInTheDocument();
  });

  it("exports the enquiries of the list's filters with contact_messages.export, beside the leads export", async () => {
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: vi.fn(() => "blob:messages"), revokeObjectURL: vi.fn() }),
    );
    signInAs({ permissions: ["leads.view_all", "leads.view_own", "contact_messages.export", "leads.export"] });
    renderList("/admin/leads?source=campaign&stage=new&delivery=failed");
    await screen.findByRole("link", { name: "عميل 1" });
    expect(screen.getByRole("button", { name: "تصدير (جدول إكسل)" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "تصدير الرسائل (ملف نصي مفصول بفواصل)" }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/contact/messages/export")).toBe(true));
    const call = calls.find((c) => c.url.pathname === "/api/contact/messages/export");
    // SPEC's export knows the source and delivery filters; the stage is the leads export's.
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      format: "csv",
      source: "campaign",
      delivery: "failed",
    });
  });

  it("counts the wait and the time left live, in Arabic-Indic digits with agreeing nouns", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(NOW) });
    signInAs({ permissions: ["leads.view_all", "leads.view_own"] });
    renderList();
    await screen.findByRole("link", { name: "عميل 1" });
    const clock = () => within(rowOf("عميل 2")).getByTestId("lead-clock");
    expect(clock()).toHaveTextContent("منذ ٣ دقائق");
    expect(clock()).toHaveTextContent("تنبيه المسؤول بعد دقيقتين");
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(clock()).toHaveTextContent("منذ ٤ دقائق");
    expect(clock()).toHaveTextContent("تنبيه المسؤول بعد دقيقة واحدة");
    await act(async () => {
      vi.advanceTimersByTime(8 * 60_000);
    });
    expect(clock()).toHaveTextContent("منذ ١٢ دقيقة");
    expect(clock()).toHaveTextContent("تنبيه المسؤول: حان موعده");
    // A closed lead shows its wait only.
    expect(within(rowOf("عميل 3")).queryByTestId("lead-next-step")).not.toBeInTheDocument();
  });

  it("reassigns the ticked leads in one call with leads.assign", async () => {
    signInAs({ permissions: ["leads.view_all", "leads.view_own", "leads.assign", "leads.settings"] });
    const user = userEvent.setup();
    renderList();
    await screen.findByRole("link", { name: "عميل 1" });
    await user.click(screen.getByRole("checkbox", { name: "تحديد عميل 1" }));
    await user.click(screen.getByRole("checkbox", { name: "تحديد عميل 2" }));
    expect(screen.getByText("المحدد: عميلان")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "إعادة الإسناد" }));
    const dialog = await screen.findByRole("dialog", { name: "إعادة إسناد العملاء المحددين" });
    await user.click(within(dialog).getByRole("button", { name: "إعادة الإسناد" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("يرجى اختيار الموظف");
    await waitFor(() => expect(within(dialog).getByRole("option", { name: "سارة" })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "المسؤول" }), "u-sara");
    await user.click(within(dialog).getByRole("button", { name: "إعادة الإسناد" }));
    await waitFor(() => expect(screen.queryByText(/^المحدد:/)).not.toBeInTheDocument());
    const posted = calls.filter((c) => c.method === "POST");
    expect(posted.map((c) => [c.url.pathname, c.body])).toEqual([
      ["/api/leads/reassign", { ids: [1, 2], ownerId: "u-sara" }],
    ]);
  });

  it("says «أكثر من» when the server stopped counting at its cap", async () => {
    const page = { items: ITEMS, nextCursor: "c1", total: 10_000, totalCapped: true, now: NOW };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      json(new URL(String(input), "http://localhost").pathname === "/api/leads" ? page : []),
    );
    vi.stubGlobal("fetch", fetchMock);
    signInAs({ permissions: ["leads.view_all", "leads.view_own"] });
    renderList();
    expect(await screen.findByText("عرض ٣ من أكثر من ١٠٬٠٠٠")).toBeInTheDocument();
  });

  it("sends the delivery filter to the server from the URL", async () => {
    signInAs({ permissions: ["leads.view_all", "leads.view_own"] });
    renderList("/admin/leads?delivery=failed&landingPageId=3");
    await screen.findByRole("link", { name: "عميل 1" });
    const sent = calls.find((c) => c.url.pathname === "/api/leads")?.url.searchParams;
    expect(sent?.get("delivery")).toBe("failed");
    expect(sent?.get("landingPageId")).toBe("3");
    expect(screen.getByRole("combobox", { name: "حالة الويب هوك" })).toHaveValue("failed");
  });
});

describe("the messages screen's URL", () => {
  it("maps the messages filters to the leads list and drops the rest", () => {
    expect(leadsUrlFor("")).toBe("/admin/leads");
    expect(leadsUrlFor("?delivery=failed&source=campaign&landingPageId=3&search=%D8%A3%D8%AD%D9%85%D8%AF&x=1")).toBe(
      "/admin/leads?search=%D8%A3%D8%AD%D9%85%D8%AF&source=campaign&landingPageId=3&delivery=failed",
    );
  });

  it("redirects to the leads list with its filters", async () => {
    signInAs({ permissions: ["leads.view_all", "leads.view_own"] });
    const Stub = createRoutesStub([
      { path: "/admin/contact-messages", Component: ContactMessagesRedirect, loader: clientLoader },
      {
        path: "/admin/leads",
        Component: () => (
          <AdminProviders queryClient={createQueryClient()}>
            <LeadsListScreen />
            <Probe />
          </AdminProviders>
        ),
      },
    ]);
    render(<Stub initialEntries={["/admin/contact-messages?delivery=failed&duplicate=true"]} />);
    expect(await screen.findByTestId("location")).toHaveTextContent("/admin/leads?duplicate=true&delivery=failed");
    await screen.findByRole("link", { name: "عميل 1" });
  });
});
