/**
 * The campaigns panel (SPEC §2.15, §5.4): count badge, search by platform or slug, platform cards with the custom
 * badge and statistics, the add-custom-campaign rules in Arabic before anything is sent, and copy all links.
 */
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAMPAIGN_PLATFORMS } from "#domain/constants.ts";
import { type CampaignWithStats, LANDING_TEXTS } from "#domain/schemas/landing.ts";
import { AdminProviders } from "~/admin/shell/admin-providers.tsx";
import { createQueryClient } from "~/admin/shell/query-client.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { json } from "~/test-utils/admin-harness.tsx";
import { dayOfThisMonth, pickDay } from "~/test-utils/pick-day.ts";
import { CampaignsPanel } from "./campaigns-panel.tsx";

const campaign = (id: number, platformName: string, urlSlug: string, extra: Partial<CampaignWithStats> = {}) => ({
  id,
  landingPageId: 3,
  platformName,
  urlSlug,
  isCustom: false,
  webhookUrl: null,
  hasWebhookSecret: false,
  displayName: null,
  visits: 0,
  leads: 0,
  conversionRate: 0,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...extra,
});

const CAMPAIGNS = [
  ...CAMPAIGN_PLATFORMS.map((p, i) => campaign(i + 1, p, `${p}/al-waha`)),
  campaign(7, "whatsapp", "summer-offer", {
    isCustom: true,
    displayName: "عرض الصيف",
    visits: 40,
    leads: 6,
    conversionRate: 15,
  }),
];

/** The answer of PUT /api/landing-campaigns/7/licence: a 400 naming the date once, then the saved licence. */
let licenceAnswers: Response[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  if (String(input) === "/api/landing-pages/3/campaigns") return json(CAMPAIGNS);
  const next = String(input) === "/api/landing-campaigns/7/licence" ? licenceAnswers.shift() : undefined;
  return next ?? json({ message: "x", statusCode: 404 }, 404);
});

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  act(() =>
    sessionStore.signIn({
      token: "t",
      expiresInMs: 900_000,
      user: {
        id: "u",
        username: "u",
        name: "مدير",
        role: "manager",
        accountId: null,
        createdAt: "2025-01-01T00:00:00.000Z",
        isAdmin: false,
        permissions: ["landing_pages.view", "campaigns.manage"],
      },
    }),
  );
  renderPanel();
});

/** The panel of landing page 3, optionally opened from a link to one campaign. */
function renderPanel(linkedCampaignId: number | null = null) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <AdminProviders queryClient={createQueryClient()}>
          <CampaignsPanel landingPageId={3} linkedCampaignId={linkedCampaignId} />
        </AdminProviders>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("CampaignsPanel", () => {
  it("lists a card per campaign with the custom badge and statistics, and searches by platform or slug", async () => {
    const user = userEvent.setup();
    expect(await screen.findAllByRole("article")).toHaveLength(7);
    expect(screen.getByLabelText("عدد الحملات ٧")).toBeInTheDocument();
    const custom = screen.getByRole("article", { name: "حملة عرض الصيف" });
    expect(within(custom).getByText("مخصصة")).toBeInTheDocument();
    expect(within(custom).getByText("١٥٪")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "ابحث بالمنصة أو الرابط" }), "snap");
    expect(screen.getAllByRole("article")).toHaveLength(1);
    await user.clear(screen.getByRole("searchbox"));
    await user.type(screen.getByRole("searchbox"), "summer");
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("writes each link as its site and its whole path: the site cut in the middle, never the scheme or the path", async () => {
    const card = await screen.findByRole("article", { name: "حملة عرض الصيف" });
    const link = within(card).getByTestId("campaign-link");
    const url = `${window.location.origin}/campaign/summer-offer`;
    expect(link).toHaveAttribute("title", url);
    expect(link).toHaveAttribute("href", "/campaign/summer-offer");
    expect(link).toHaveAttribute("dir", "ltr");
    expect(link).toHaveTextContent(url);
    const site = link.querySelector("[data-part=site]") as HTMLElement;
    const path = link.querySelector("[data-part=path]") as HTMLElement;
    expect(site).toHaveTextContent(window.location.origin);
    expect(site).toHaveClass("truncate", "min-w-[10ch]");
    expect(path).toHaveTextContent("/campaign/summer-offer");
    expect(path).toHaveClass("shrink-0", "[overflow-wrap:anywhere]");
    expect(path).not.toHaveClass("truncate");
  });

  it("opened from a link to one campaign, marks its card and scrolls it into view", async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    cleanup();
    renderPanel(7);
    const card = await screen.findByRole("article", { name: "حملة عرض الصيف" });
    expect(card).toHaveAttribute("aria-current", "true");
    expect(scrolled).toEqual([card]);
    expect(screen.getAllByRole("article").filter((a) => a.hasAttribute("aria-current"))).toHaveLength(1);
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("checks the custom campaign rules in Arabic before sending anything", async () => {
    const user = userEvent.setup();
    await screen.findAllByRole("article");
    await user.click(screen.getByRole("button", { name: "إضافة حملة مخصصة" }));
    const dialog = await screen.findByRole("dialog", { name: "إضافة حملة مخصصة" });
    await user.type(within(dialog).getByLabelText("الرابط"), "Bad Link");
    await user.click(within(dialog).getByRole("button", { name: "إضافة الحملة" }));
    expect(within(dialog).getByText(LANDING_TEXTS.platformRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(LANDING_TEXTS.displayNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(LANDING_TEXTS.slugCharacters)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("saves a campaign's own licence in Latin digits and shows the server's field message", async () => {
    const user = userEvent.setup();
    const message = "يجب إدخال تاريخ صحيح بالصيغة YYYY-MM-DD";
    licenceAnswers = [
      json({ statusCode: 400, error: "Bad Request", message, fields: { advertisingLicenseExpiresOn: message } }, 400),
      json({ id: 7, advertisingLicenseNumber: "7300000003", advertisingLicenseExpiresOn: "2027-01-15" }),
    ];
    const card = await screen.findByRole("article", { name: "حملة عرض الصيف" });
    await user.click(within(card).getByRole("button", { name: "ترخيص الحملة" }));
    await user.type(within(card).getByLabelText("رقم ترخيص إعلان الحملة"), "٧٣٠٠٠٠٠٠٠٣");
    await pickDay(user, within(card).getByLabelText("تاريخ انتهاء ترخيص إعلان الحملة"), 15);
    expect(within(card).getByLabelText("تاريخ انتهاء ترخيص إعلان الحملة")).toHaveTextContent(/١٥ .*\(.+ هـ\)/);
    await user.click(within(card).getByRole("button", { name: "حفظ الترخيص" }));
    expect(await within(card).findByText(message)).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "حفظ الترخيص" }));
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT");
    expect(puts).toHaveLength(2);
    expect(JSON.parse(String(puts[1][1]?.body))).toEqual({
      advertisingLicenseNumber: "7300000003",
      advertisingLicenseExpiresOn: dayOfThisMonth(15),
    });
    // Saved: the form closes back to its button.
    expect(await within(card).findByRole("button", { name: "ترخيص الحملة" })).toBeInTheDocument();
  });

  it("copies the links of the visible campaigns", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await screen.findAllByRole("article");
    await user.type(screen.getByRole("searchbox"), "al-waha");
    await user.click(screen.getByRole("button", { name: "نسخ جميع الروابط" }));
    const copied = String(writeText.mock.calls[0]?.[0] ?? "").split("\n");
    expect(copied).toHaveLength(6);
    expect(copied[0]).toMatch(/\/campaign\/x\/al-waha$/);
  });
});
