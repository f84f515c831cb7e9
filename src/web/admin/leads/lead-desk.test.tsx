/**
 * The lead desk screens (docs/product.md §2.16 leads): the list's filters live in the URL and reach the server's
 * query; a search without a match names the query; the agent's card links call and WhatsApp (wa.me with the
 * template naming the project) and logs the contact in two taps (outcome, next step); the stage dialog asks for a lost
 * reason and shows the server's 409 for a unit held by another lead inline.
 */
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminProviders } from "~/admin/shell/admin-providers.tsx";
import { createQueryClient } from "~/admin/shell/query-client.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { type FetchCall, json, signInAs, stubFetch } from "~/test-utils/admin-harness.tsx";
import type { LeadDetail, LeadListItem, LeadSummary } from "./api.ts";
import { LeadView } from "./lead-page.tsx";
import LeadsListScreen from "./leads-list.tsx";
import { AgentLeadCard } from "./my-leads.tsx";
import { StageDialog } from "./stage-dialog.tsx";

function lead(id: number, overrides: Partial<LeadSummary> = {}): LeadListItem {
  return {
    id,
    name: `سارة العتيبي ${id}`,
    phone: "+966501234567",
    email: null,
    source: "campaign",
    projectId: 4,
    projectName: "الواحة",
    campaignId: 9,
    stage: "new",
    stageLabel: "جديد",
    ownerId: "me",
    ownerName: "أنا",
    unitId: null,
    lostReason: null,
    isDuplicate: false,
    firstContactAt: null,
    followUpAt: null,
    overdue: true,
    mergedIntoId: null,
    createdAt: "2026-11-23T09:00:00.000Z",
    enquiries: [],
    enquiryCount: 1,
    nextStep: null,
    ...overrides,
  };
}

type Handler = (url: URL, body: unknown) => Response | Promise<Response>;
let handlers: [string, Handler][];
let calls: FetchCall[];

/** Answers "METHOD /path" (path without the query); unknown calls 404. */
function route(key: string, handler: Handler) {
  handlers.push([key, handler]);
}

beforeEach(() => {
  handlers = [];
  calls = [];
  localStorage.clear();
  stubFetch(calls, (key, url, body) => {
    const found = handlers.find(([k]) => k === key);
    return found ? found[1](url, body) : json({ statusCode: 404, error: "Not Found", message: "غير موجود" }, 404);
  });
  route("GET /api/projects", () => json([{ id: 4, name: "الواحة" }]));
  signInAs({ id: "me", permissions: ["leads.view_all", "leads.view_own", "leads.work", "units.view"] });
});
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  vi.unstubAllGlobals();
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderAt(element: React.ReactNode, entry: string) {
  const Stub = createRoutesStub([
    {
      path: "/admin/leads",
      Component: () => (
        <AdminProviders queryClient={createQueryClient()}>
          {element}
          <LocationProbe />
        </AdminProviders>
      ),
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

const listCalls = () => calls.filter((c) => c.method === "GET" && c.url.pathname === "/api/leads");

describe("leads list", () => {
  it("reads its filters from the URL, sends them to the server and writes a changed filter back to the URL", async () => {
    route("GET /api/leads", () => json({ items: [lead(1)], nextCursor: null }));
    const user = userEvent.setup();
    renderAt(<LeadsListScreen />, "/admin/leads?overdue=true&ownerId=none");
    expect(await screen.findAllByText("سارة العتيبي 1")).not.toHaveLength(0);
    const first = listCalls()[0].url.searchParams;
    expect(first.get("overdue")).toBe("true");
    expect(first.get("ownerId")).toBe("none");
    expect(screen.getByRole("checkbox", { name: "المتأخرون فقط" })).toBeChecked();

    await user.selectOptions(screen.getByRole("combobox", { name: "المرحلة" }), "visit");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toContain("stage=visit"));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get("stage")).toBe("visit"));
    expect(listCalls().at(-1)?.url.searchParams.get("overdue")).toBe("true");

    await user.selectOptions(screen.getByRole("combobox", { name: "المشروع" }), "4");
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get("projectId")).toBe("4"));
    expect(screen.getByTestId("location").textContent).toContain("projectId=4");
  });

  it("exports the leads of the current filters as a workbook for staff with leads.export", async () => {
    route("GET /api/leads", () => json({ items: [lead(1)], nextCursor: null }));
    route("GET /api/leads/export", () => new Response(new Blob(["x"]), { status: 200 }));
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:leads"), revokeObjectURL: vi.fn() }));
    renderAt(<LeadsListScreen />, "/admin/leads?overdue=true");
    await screen.findAllByText("سارة العتيبي 1");
    expect(screen.queryByRole("button", { name: "تصدير (جدول إكسل)" })).not.toBeInTheDocument();
    cleanup();
    signInAs({ id: "me", permissions: ["leads.view_all", "leads.view_own", "leads.export"] });
    renderAt(<LeadsListScreen />, "/admin/leads?overdue=true&stage=visit");
    await userEvent.click(await screen.findByRole("button", { name: "تصدير (جدول إكسل)" }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/leads/export")).toBe(true));
    const sent = calls.find((c) => c.url.pathname === "/api/leads/export")?.url.searchParams;
    expect(Object.fromEntries(sent ?? [])).toEqual({ format: "xlsx", overdue: "true", stage: "visit" });
  });

  it("sends a typed search to the server and names the query when nothing matches", async () => {
    route("GET /api/leads", (url) =>
      json({ items: url.searchParams.get("search") ? [] : [lead(1)], nextCursor: null }),
    );
    const user = userEvent.setup();
    renderAt(<LeadsListScreen />, "/admin/leads");
    await screen.findAllByText("سارة العتيبي 1");
    await user.type(screen.getByRole("searchbox", { name: "بحث بالاسم أو الجوال أو البريد" }), "٠٥٥٥");
    // The box writes to the URL after a pause in typing; a loaded machine may need more than the default second.
    const noMatch = await screen.findByText("لا توجد نتائج مطابقة لـ", { exact: false }, { timeout: 5000 });
    // What is typed is written in Latin digits (ARCHITECTURE resolution 11; the shared Input converts them).
    expect(noMatch).toHaveTextContent("لا توجد نتائج مطابقة لـ «0555»");
    expect(listCalls().at(-1)?.url.searchParams.get("search")).toBe("0555");
    expect(screen.getByTestId("location").textContent).toContain("search=0555");
  });
});

describe("agent card", () => {
  it("links call and WhatsApp, then logs the contact and the next step in two taps", async () => {
    route("POST /api/leads/7/activities", () =>
      json({ firstContactAt: "2026-11-23T09:01:00.000Z", followUpAt: null, secondsToFirstContact: 60 }, 201),
    );
    route("PATCH /api/leads/7/stage", () => json({ stage: "visit", unitId: null }));
    route("GET /api/leads", () => json({ items: [], nextCursor: null }));
    const user = userEvent.setup();
    renderAt(
      <ul>
        <AgentLeadCard lead={lead(7)} template="السلام عليكم {الاسم}، بخصوص {المشروع}" />
      </ul>,
      "/admin/leads",
    );
    const card = screen.getByTestId("agent-lead");
    expect(within(card).getByRole("link", { name: "اتصال سارة العتيبي 7" })).toHaveAttribute(
      "href",
      "tel:+966501234567",
    );
    const whatsapp = within(card).getByRole("link", { name: "واتساب سارة العتيبي 7" });
    const href = new URL(whatsapp.getAttribute("href") ?? "");
    expect(href.origin + href.pathname).toBe("https://wa.me/966501234567");
    expect(href.searchParams.get("text")).toBe("السلام عليكم سارة، بخصوص مشروع الواحة");

    // Opening WhatsApp in a new tab is the browser's job; the card only needs the tap.
    whatsapp.addEventListener("click", (e) => e.preventDefault());
    await user.click(whatsapp);
    await user.click(within(card).getByRole("button", { name: "تم الرد" }));
    await user.click(within(card).getByRole("button", { name: "موعد زيارة" }));

    await waitFor(() => expect(screen.queryByTestId("log-contact")).not.toBeInTheDocument());
    const posted = calls.filter((c) => c.method !== "GET");
    expect(posted.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ["POST", "/api/leads/7/activities", { kind: "whatsapp", note: "تم الرد" }],
      ["PATCH", "/api/leads/7/stage", { stage: "visit" }],
    ]);
  });

  it("sets a follow-up date tomorrow and moves a new lead to تم التواصل", async () => {
    route("POST /api/leads/8/activities", () =>
      json({ firstContactAt: null, followUpAt: null, secondsToFirstContact: null }, 201),
    );
    route("PATCH /api/leads/8/stage", () => json({ stage: "contacted", unitId: null }));
    const user = userEvent.setup();
    renderAt(
      <ul>
        <AgentLeadCard lead={lead(8)} template="{الاسم}" />
      </ul>,
      "/admin/leads",
    );
    const call = screen.getByRole("link", { name: "اتصال سارة العتيبي 8" });
    call.addEventListener("click", (e) => e.preventDefault());
    await user.click(call);
    await user.click(screen.getByRole("button", { name: "لم يرد" }));
    await user.click(screen.getByRole("button", { name: "متابعة غدًا" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const activity = calls.find((c) => c.method === "POST")?.body as { kind: string; followUpAt: string };
    expect(activity.kind).toBe("call");
    expect(activity.followUpAt).toMatch(/^\d{4}-\d{2}-\d{2}T10:00:00\+03:00$/);
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ stage: "contacted" });
  });
});

describe("stage dialog", () => {
  function renderDialog(overrides: Partial<LeadSummary> = {}) {
    renderAt(
      <StageDialog lead={lead(5, { stage: "visit", ...overrides })} open onOpenChange={() => {}} />,
      "/admin/leads",
    );
  }

  it("asks for a lost reason from the list and sends it", async () => {
    route("GET /api/leads/lost-reasons", () =>
      json([
        { id: 1, name: "السعر", active: true },
        { id: 2, name: "قديم", active: false },
      ]),
    );
    route("PATCH /api/leads/5/stage", () => json({ stage: "lost", unitId: null }));
    const user = userEvent.setup();
    renderDialog();
    await user.selectOptions(screen.getByLabelText("المرحلة الجديدة"), "lost");
    const reason = await screen.findByLabelText("سبب الفقد");
    await waitFor(() => expect(within(reason).getByRole("option", { name: "السعر" })).toBeInTheDocument());
    expect(within(reason).queryByRole("option", { name: "قديم" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    expect(screen.getByRole("alert")).toHaveTextContent("يرجى اختيار سبب الفقد");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    await user.selectOptions(reason, "السعر");
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ stage: "lost", lostReason: "السعر" }),
    );
  });

  it("offers the project's available units at حجز and shows the server's 409 inline", async () => {
    route("GET /api/projects/4/units", () =>
      json([
        { id: 11, projectId: 4, unitNumber: "101", building: "", status: "متاحة" },
        { id: 12, projectId: 4, unitNumber: "102", building: "", status: "مباعة" },
      ]),
    );
    route("PATCH /api/leads/5/stage", () =>
      json({ statusCode: 409, error: "Conflict", message: "هذه الوحدة مرتبطة بعميل آخر" }, 409),
    );
    const user = userEvent.setup();
    renderDialog();
    await user.selectOptions(screen.getByLabelText("المرحلة الجديدة"), "reserved");
    const unit = await screen.findByLabelText("الوحدة");
    await waitFor(() => expect(within(unit).getByRole("option", { name: "101" })).toBeInTheDocument());
    expect(within(unit).queryByRole("option", { name: "102" })).not.toBeInTheDocument();
    await user.selectOptions(unit, "11");
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("هذه الوحدة مرتبطة بعميل آخر");
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ stage: "reserved", unitId: 11 });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

describe("lead page", () => {
  const event = (id: number, kind: string, at: string, fields: Record<string, unknown> = {}) => ({
    id,
    leadId: 5,
    kind,
    actorId: null,
    actorName: null,
    fromStage: null,
    toStage: null,
    activityKind: null,
    note: null,
    data: {},
    createdAt: at,
    ...fields,
  });
  const detail = (): LeadDetail =>
    ({
      lead: {
        ...lead(5, { email: "reem@example.com", isDuplicate: true }),
        message: "أرغب في شقة",
        attribution: { utmSource: "tiktok", ttclid: "tt-1" },
        consentVersion: "2026-11-01",
        consentAt: "2026-11-23T09:00:00.000Z",
        marketingConsentVersion: null,
        marketingConsentAt: null,
        marketingConsentWithdrawnAt: null,
        unitOfInterest: null,
      },
      events: [
        event(1, "assigned", "2026-11-23T09:00:01.000Z", { data: { ownerId: "a", ownerName: "سلمى", auto: true } }),
        event(2, "activity", "2026-11-23T09:03:00.000Z", {
          activityKind: "whatsapp",
          note: "تم الرد",
          actorName: "سلمى",
        }),
        event(3, "stage_changed", "2026-11-23T09:03:01.000Z", { fromStage: "new", toStage: "visit" }),
        event(4, "unit_linked", "2026-11-23T10:00:00.000Z", {
          data: { unitId: 11, unitNumber: "101", status: "محجوزة" },
        }),
      ],
      messages: [],
      related: [lead(9, { createdAt: "2026-11-23T09:30:00.000Z", projectName: "المرجان" })],
      enquiries: [],
      clock: { waitingSince: null, nextStep: null },
      mergedInto: null,
      unit: null,
      estimates: [],
    }) as LeadDetail;

  it("shows the enquiry, then the history and the later enquiry in time order, with contact actions", () => {
    renderAt(<LeadView detail={detail()} />, "/admin/leads");
    const items = within(screen.getByRole("list", { name: "سجل العميل" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining("استفسار جديد"),
      expect.stringContaining("أُسند تلقائيًا إلى سلمى"),
      expect.stringContaining("واتساب"),
      expect.stringContaining("المرحلة: جديد ← زيارة"),
      expect.stringContaining("استفسار آخر من نفس الشخص"),
      expect.stringContaining("رُبطت الوحدة 101 (محجوزة)"),
    ]);
    expect(items[0]).toHaveTextContent("tt-1");
    expect(items[0]).toHaveTextContent("الموافقة على سياسة الخصوصية");
    expect(screen.getByRole("link", { name: "بريد سارة العتيبي 5" })).toHaveAttribute(
      "href",
      "mailto:reem@example.com",
    );
  });

  it("names a visit booking and a WhatsApp conversation in Arabic, with no consent version «whatsapp»", () => {
    const booked = detail();
    booked.lead = { ...booked.lead, source: "visit" };
    booked.enquiries = [
      {
        id: 30,
        source: "meta_lead_form",
        projectName: null,
        isDuplicate: false,
        createdAt: "2026-11-23T09:30:00.000Z",
      } as LeadDetail["enquiries"][number],
    ];
    renderAt(<LeadView detail={booked} />, "/admin/leads");
    let first = within(screen.getByRole("list", { name: "سجل العميل" })).getAllByRole("listitem")[0];
    expect(first).toHaveTextContent("حجز زيارة");
    expect(first).not.toHaveTextContent(/\bvisit\b/);
    expect(screen.getByTestId("joined-enquiry")).toHaveTextContent("نموذج ميتا");
    cleanup();
    const chat = detail();
    chat.lead = { ...chat.lead, source: "whatsapp", consentVersion: "whatsapp", attribution: {} };
    renderAt(<LeadView detail={chat} />, "/admin/leads");
    first = within(screen.getByRole("list", { name: "سجل العميل" })).getAllByRole("listitem")[0];
    expect(first).toHaveTextContent("واتساب");
    expect(first).toHaveTextContent("بدأ المحادثة عبر واتساب");
    expect(first).not.toHaveTextContent("الإصدار");
  });

  it("puts every WhatsApp message on the timeline with who or what sent it and its delivery state", () => {
    const chat = detail();
    const message = (id: number, at: string, fields: Partial<LeadDetail["messages"][number]>) => ({
      channel: "whatsapp",
      id,
      direction: "out" as const,
      text: null,
      template: null,
      kind: "text",
      sender: "staff" as const,
      senderName: null,
      status: "sent",
      statusLabel: "أُرسلت",
      errorText: null,
      errorCode: null,
      reviewedByName: null,
      createdAt: at,
      ...fields,
    });
    chat.messages = [
      message(1, "2026-11-23T09:00:30.000Z", {
        template: "welcome",
        text: "أهلًا ريم",
        sender: "automated",
        senderName: "ترحيب آلي",
      }),
      message(2, "2026-11-23T09:02:00.000Z", {
        direction: "in",
        text: "متى أقرب موعد؟",
        sender: "person",
        status: "received",
        statusLabel: "مستلمة",
      }),
      message(3, "2026-11-23T09:02:30.000Z", {
        text: "غدًا",
        senderName: "سلمى",
        status: "failed",
        statusLabel: "فشل الإرسال",
        errorCode: 131026,
        errorText: "تعذر تسليم الرسالة",
      }),
      message(4, "2026-11-23T09:02:40.000Z", {
        text: "غدًا الخامسة",
        senderName: "سلمى",
        status: "not_sent",
        statusLabel: "لم تُرسل",
        reviewedByName: "مدير المبيعات",
      }),
    ];
    renderAt(<LeadView detail={chat} />, "/admin/leads");
    const items = within(screen.getByRole("list", { name: "سجل العميل" })).getAllByRole("listitem");
    const texts = items.map((li) => li.textContent ?? "");
    const greeting = texts.findIndex((x) => x.includes("أهلًا ريم"));
    expect(texts[greeting]).toMatch(/ترحيب آلي.*رسالة واتساب إلى العميل.*أُرسلت.*welcome/);
    expect(texts[greeting - 1]).toContain("أُسند تلقائيًا إلى سلمى");
    const inbound = texts.findIndex((x) => x.includes("متى أقرب موعد؟"));
    expect(texts[inbound]).toMatch(/العميل.*رسالة واتساب من العميل/);
    expect(texts[inbound]).not.toContain("مستلمة");
    const failed = texts.findIndex((x) => x.includes("غدًا") && !x.includes("الخامسة"));
    expect(texts[failed]).toMatch(/سلمى.*فشل الإرسال.*رمز الخطأ 131026 — تعذر تسليم الرسالة/);
    expect(texts[failed + 1]).toMatch(/لم تُرسل.*راجعها مدير المبيعات/);
    expect(screen.getAllByTestId("timeline-message").map((m) => m.dataset.status)).toEqual([
      "sent",
      "received",
      "failed",
      "not_sent",
    ]);
  });

  it("offers each action only with the permission the server checks", () => {
    renderAt(<LeadView detail={detail()} />, "/admin/leads");
    expect(screen.getByRole("button", { name: "تغيير المرحلة" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "إعادة الإسناد" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "حذف بيانات الشخص" })).not.toBeInTheDocument();
    cleanup();
    signInAs({ id: "m", permissions: ["leads.view_all", "leads.view_own", "leads.assign", "leads.settings"] });
    renderAt(<LeadView detail={detail()} />, "/admin/leads");
    expect(screen.queryByRole("button", { name: "تغيير المرحلة" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "إعادة الإسناد" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "دمج مع عميل آخر" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "حذف بيانات الشخص" })).toBeInTheDocument();
  });

  it("counts the wait live and says how long is left before the next step", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T09:03:00.000Z"), toFake: ["Date", "setInterval", "clearInterval"] });
    try {
      const waiting = detail();
      waiting.clock = {
        waitingSince: "2026-11-23T09:00:00.000Z",
        nextStep: { kind: "notify_agent", at: "2026-11-23T09:05:00.000Z" },
      };
      renderAt(<LeadView detail={waiting} />, "/admin/leads");
      const clock = screen.getByTestId("lead-clock");
      expect(clock).toHaveTextContent("ينتظر منذ ٣ دقائق");
      expect(clock).toHaveTextContent("تنبيه المسؤول بعد دقيقتين");
      act(() => vi.advanceTimersByTime(60_000));
      expect(clock).toHaveTextContent("ينتظر منذ ٤ دقائق");
      expect(clock).toHaveTextContent("تنبيه المسؤول بعد دقيقة واحدة");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the held unit with its building, floor, rooms and price, and the person's joined enquiries", () => {
    const held = detail();
    held.unit = { id: 11, unitNumber: "101", building: "B", floor: 2, rooms: 3, price: 900_000 };
    held.enquiries = [
      {
        id: 77,
        source: "campaign",
        projectName: "الواحة",
        campaignId: 9,
        message: "مرة أخرى",
        isDuplicate: true,
        createdAt: "2026-11-23T11:00:00.000Z",
      },
    ];
    renderAt(<LeadView detail={held} />, "/admin/leads");
    expect(screen.getByTestId("lead-unit")).toHaveTextContent(/^B — 101 · الدور ٢ · ٣ غرف · .*٩٠٠٬٠٠٠/);
    expect(screen.getByTestId("joined-enquiry")).toHaveTextContent("مرة أخرى");
  });

  it("says into which lead a merged lead went and offers no action", () => {
    signInAs({ id: "m", permissions: ["leads.view_all", "leads.view_own", "leads.work", "leads.assign"] });
    const merged = detail();
    merged.mergedInto = { id: 3, name: "سارة العتيبي 3" };
    merged.lead.stage = "contacted";
    renderAt(<LeadView detail={merged} />, "/admin/leads");
    const heading = screen.getByRole("heading", { level: 1 }).parentElement as HTMLElement;
    expect(within(heading).getByText("مدموج")).toBeInTheDocument();
    expect(within(heading).queryByText("تم التواصل")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "سارة العتيبي 3" })).toHaveAttribute("href", "/admin/leads/3");
    for (const name of ["تغيير المرحلة", "إعادة الإسناد", "دمج مع عميل آخر"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole("link", { name: /^واتساب/ })).not.toBeInTheDocument();
    expect(screen.queryByText("تسجيل نشاط أو ملاحظة")).not.toBeInTheDocument();
  });

  it("merges by a phone typed in Arabic-Indic digits after showing both leads side by side", async () => {
    signInAs({ id: "m", permissions: ["leads.view_all", "leads.view_own", "leads.assign"] });
    route("GET /api/leads", () =>
      json({ items: [lead(8, { phone: "+966551239877", name: "سارة برقم آخر" })], nextCursor: null }),
    );
    route("POST /api/leads/5/merge", () => json({ id: 5, mergedId: 8 }));
    const user = userEvent.setup();
    renderAt(<LeadView detail={detail()} />, "/admin/leads");
    await user.click(screen.getByRole("button", { name: "دمج مع عميل آخر" }));
    const dialog = await screen.findByRole("dialog", { name: "دمج مع عميل آخر" });
    await user.type(within(dialog).getByLabelText("الاسم أو رقم الجوال"), "٠٥٥١٢٣٩٨٧٧");
    await user.click(within(dialog).getByRole("button", { name: "بحث" }));
    await user.click(await within(dialog).findByRole("button", { name: /سارة برقم آخر/ }));
    expect(calls.find((c) => c.url.pathname === "/api/leads")?.url.searchParams.get("search")).toBe("0551239877");
    expect(within(dialog).getByRole("region", { name: "العميل الآخر (يُدمج)" })).toHaveTextContent("+966551239877");
    expect(within(dialog).getByRole("region", { name: "هذا العميل (يبقى)" })).toHaveTextContent("سارة العتيبي 5");
    await user.click(within(dialog).getByRole("button", { name: "تأكيد الدمج" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.url.pathname === "/api/leads/5/merge")?.body).toEqual({
        otherId: 8,
      }),
    );
  });

  it("shows the marketing consent and withdraws it after a confirmation", async () => {
    route("DELETE /api/leads/5/marketing-consent", () => json({ cancelledEvents: 2 }));
    const given = detail();
    given.lead.marketingConsentAt = "2026-11-23T09:00:00.000Z";
    renderAt(<LeadView detail={given} />, "/admin/leads");
    expect(screen.getByText(/^وافق في/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "سحب الموافقة" }));
    const dialog = await screen.findByRole("alertdialog", { name: "سحب الموافقة التسويقية؟" });
    await userEvent.click(within(dialog).getByRole("button", { name: "سحب الموافقة" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.url.pathname === "/api/leads/5/marketing-consent")).toBe(
        true,
      ),
    );
    cleanup();
    renderAt(<LeadView detail={detail()} />, "/admin/leads");
    expect(screen.getByText("لم يوافق")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "سحب الموافقة" })).not.toBeInTheDocument();
  });
});
