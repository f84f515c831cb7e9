/**
 * The lists behind the visit figures (docs/decisions/113-visit-lists-behind-the-figures.md): each figure of the visits
 * screen — the same figures and links (VISIT_LIST_LINKS) as the dashboard's visits card — opens its own list:
 * today's visits, this week's (Saturday to Friday), this week's no-shows (the rate's period); the list names its
 * period in Arabic, counts what the figure counts (cancelled and rescheduled visits shown apart, uncounted), and
 * marks the figure it belongs to.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminProviders } from "~/admin/shell/admin-providers.tsx";
import { createQueryClient } from "~/admin/shell/query-client.ts";
import { json, mockApi, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import type { DayVisit } from "./api.ts";
import { VISIT_LIST_LINKS } from "./visit-lists.ts";
import VisitsDayScreen from "./visits-day.tsx";

// Friday 27 November 2026: this week runs from Saturday 21 to Friday 27 November.
const stats = {
  date: "2026-11-27",
  today: 2,
  week: 3,
  weekStart: "2026-11-21",
  attended: 1,
  noShow: 2,
  noShowRate: 67,
};

let nextId = 0;
const visit = (startsAt: string, status: DayVisit["status"], name: string): DayVisit => {
  nextId += 1;
  return {
    id: nextId,
    leadId: nextId,
    startsAt,
    endsAt: startsAt.replace(/T(\d\d)/, (_m, h: string) => `T${String(Number(h) + 1).padStart(2, "0")}`),
    status,
    name,
    phone: "+966501234567",
    projectId: 7,
    projectName: "أبراج الشاطئ",
    unitId: null,
    agentId: "a",
    outcomeNote: null,
  };
};

const monday = visit("2026-11-23T17:00:00+03:00", "no_show", "سلمان");
const wednesday = visit("2026-11-25T18:00:00+03:00", "cancelled", "هند");
const todayEarly = visit("2026-11-27T16:00:00+03:00", "no_show", "ريم");
const todayLate = visit("2026-11-27T19:00:00+03:00", "booked", "خالد");
const todayMoved = visit("2026-11-27T20:00:00+03:00", "rescheduled", "نورة");

const period = (p: "day" | "week", status: string | null = null) =>
  p === "week"
    ? { period: "week", today: "2026-11-27", from: "2026-11-21", to: "2026-11-27", status }
    : { period: "day", today: "2026-11-27", from: "2026-11-27", to: "2026-11-27", status };

function routes() {
  return mockApi({
    "GET /api/visits/stats": () => json(stats),
    "GET /api/visits": () => json({ ...period("day"), visits: [todayEarly, todayLate, todayMoved] }),
    "GET /api/visits?period=week": () =>
      json({ ...period("week"), visits: [monday, wednesday, todayEarly, todayLate, todayMoved] }),
    "GET /api/visits?period=week&status=no_show": () =>
      json({ ...period("week", "no_show"), visits: [monday, todayEarly] }),
    "GET /api/visits?date=2026-11-28": () =>
      json({ period: "day", today: "2026-11-27", from: "2026-11-28", to: "2026-11-28", status: null, visits: [] }),
  });
}

/** The visits screen at `entry` (default today's list). */
function renderScreenAt(entry: string = VISIT_LIST_LINKS.today) {
  const client = createQueryClient();
  const Stub = createRoutesStub([
    {
      path: "/admin/visits",
      Component: () => (
        <AdminProviders queryClient={client}>
          <VisitsDayScreen />
        </AdminProviders>
      ),
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

/** Opens the screen at `from` and follows its figure named `figure`; answers the h1 named `title`. */
async function follow(figure: RegExp, title: string, from: string = VISIT_LIST_LINKS.today) {
  renderScreenAt(from);
  await screen.findByTestId("visit-list-count");
  await userEvent.click(figureOnScreen(figure));
  return screen.findByRole("heading", { level: 1, name: title });
}

const figureOnScreen = (name: RegExp) =>
  within(screen.getByRole("list", { name: "أرقام الزيارات" })).getByRole("link", { name });
const countedCards = () => within(screen.getByRole("list", { name: "الزيارات بالترتيب" })).getAllByTestId("day-visit");

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
  signInAs({ id: "a", permissions: ["visits.work", "leads.view_own"] });
});
afterEach(cleanUpScreenTest);

describe("each visit figure opens its own list", () => {
  it("this week's visits: the Saturday–Friday week named in Arabic, as many visits as the figure, each with its day", async () => {
    const calls = routes();
    expect(await follow(/^هذا الأسبوع/, "زيارات هذا الأسبوع")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === "GET /api/visits?period=week")).toBe(true));
    expect(screen.getByTestId("visit-list-dates")).toHaveTextContent(
      "من السبت ٢١ نوفمبر ٢٠٢٦ إلى الجمعة ٢٧ نوفمبر ٢٠٢٦",
    );
    expect(await screen.findByTestId("visit-list-count")).toHaveTextContent("٣ زيارات");
    expect(figureOnScreen(/^هذا الأسبوع/)).toHaveTextContent("٣");
    expect(figureOnScreen(/^هذا الأسبوع/)).toHaveAttribute("aria-current", "page");
    const cards = countedCards();
    expect(cards.map((c) => within(c).getByText(/سلمان|ريم|خالد/).textContent)).toEqual(["سلمان", "ريم", "خالد"]);
    expect(within(cards[0]).getByText(/الاثنين/)).toHaveTextContent("الاثنين ٢٣ نوفمبر");
    // The cancelled and the rescheduled visits are there, apart and uncounted.
    const apart = within(screen.getByRole("region", { name: "لا تُحتسب: ملغاة أو أُعيدت جدولتها" }));
    expect(apart.getAllByTestId("day-visit").map((c) => within(c).getByText(/هند|نورة/).textContent)).toEqual([
      "هند",
      "نورة",
    ]);
  });

  it("the no-show rate: this week's no-shows, named as such, with the rate's numerator and outcomes", async () => {
    const calls = routes();
    expect(await follow(/نسبة عدم الحضور هذا الأسبوع/, "حالات عدم الحضور هذا الأسبوع")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === "GET /api/visits?period=week&status=no_show")).toBe(true));
    expect(screen.getByTestId("visit-list-dates")).toHaveTextContent(
      "من السبت ٢١ نوفمبر ٢٠٢٦ إلى الجمعة ٢٧ نوفمبر ٢٠٢٦",
    );
    expect(await screen.findByTestId("visit-list-count")).toHaveTextContent("زيارتان");
    expect(screen.getByText(/نسبة عدم الحضور ٦٧٪/)).toHaveTextContent(
      "نسبة عدم الحضور ٦٧٪: لم يحضر العميل ٢ من ٣ زيارات سُجّلت نتيجتها",
    );
    expect(countedCards().map((c) => within(c).getByText(/سلمان|ريم/).textContent)).toEqual(["سلمان", "ريم"]);
    expect(figureOnScreen(/نسبة عدم الحضور/)).toHaveAttribute("aria-current", "page");
  });

  it("today's visits: the day named, the figure's count, and the period chosen on the screen", async () => {
    const calls = routes();
    expect(await follow(/^اليوم/, "زيارات اليوم", VISIT_LIST_LINKS.week)).toBeInTheDocument();
    expect(await screen.findByTestId("visit-list-count")).toHaveTextContent("زيارتان");
    expect(screen.getByTestId("visit-list-dates")).toHaveTextContent("الجمعة ٢٧ نوفمبر ٢٠٢٦");
    expect(figureOnScreen(/^اليوم/)).toHaveTextContent("٢");
    expect(countedCards()).toHaveLength(2);

    const nav = within(screen.getByRole("navigation", { name: "الفترة المعروضة" }));
    await userEvent.click(nav.getByRole("button", { name: "غدًا" }));
    expect(await screen.findByRole("heading", { level: 1, name: "زيارات غدًا" })).toBeInTheDocument();
    expect(await screen.findByText("لا توجد زيارات في هذا اليوم.")).toBeInTheDocument();
    await userEvent.click(nav.getByRole("button", { name: "هذا الأسبوع" }));
    expect(await screen.findByRole("heading", { level: 1, name: "زيارات هذا الأسبوع" })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(
      expect.arrayContaining(["GET /api/visits?date=2026-11-28", "GET /api/visits?period=week"]),
    );
  });
});
