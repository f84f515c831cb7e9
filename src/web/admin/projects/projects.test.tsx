import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PUBLISHING_TEXTS } from "#domain/publishing.ts";
import type { Project } from "#domain/types.ts";
import { PROJECT_TEXTS } from "~/admin/common/project-texts.ts";
import { PUBLISHING_UI } from "~/admin/common/publishing-controls.tsx";
import { PENDING_ACTION_KEY } from "~/shared/session/auth-redirect.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { resetToasts } from "~/shared/ui/use-toast.ts";
import { json, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import ProjectsScreen from "./projects.tsx";

function project(id: number, overrides: Partial<Project> = {}): Partial<Project> {
  return {
    id,
    name: `مشروع ${id}`,
    city: id === 2 ? "الرياض" : "جدة",
    price: 1_000_000,
    images: [],
    featuredRank: null,
    completionPercentage: 40,
    ...overrides,
  };
}

let projects: Partial<Project>[];
/** The leads GET /api/leads counts per project id. */
let leadTotals: Record<number, number> = {};
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = String(input);
  if (path === "/api/projects" && (!init?.method || init.method === "GET")) return json(projects);
  const publish = /^\/api\/projects\/(\d+)\/(publish|unpublish)$/.exec(path);
  if (publish && init?.method === "POST") {
    const publishedAt = publish[2] === "publish" ? "2026-11-23T10:00:00.000Z" : null;
    projects = projects.map((p) => (p.id === Number(publish[1]) ? { ...p, publishedAt } : p));
    return json({ id: Number(publish[1]), publishedAt });
  }
  if (path === "/api/previews" && init?.method === "POST") {
    const { entityId } = JSON.parse(String(init.body)) as { entityId: number };
    return json({ path: `/project/${entityId}?preview=tok`, expiresAt: "2026-11-23T10:30:00.000Z" }, 201);
  }
  const leadsOf = /^\/api\/leads\?projectId=(\d+)&limit=1$/.exec(path);
  if (leadsOf) {
    const total = leadTotals[Number(leadsOf[1])] ?? 0;
    return json({ items: [], nextCursor: null, total, totalCapped: false, now: "2026-11-27T10:00:00.000Z" });
  }
  const del = /^\/api\/projects\/(\d+)$/.exec(path);
  if (del && init?.method === "DELETE") {
    projects = projects.filter((p) => p.id !== Number(del[1]));
    return new Response(null, { status: 204 });
  }
  return json({ statusCode: 404, error: "Not Found", message: "غير موجود" }, 404);
});

const cardOf = (name: string) => screen.getByRole("link", { name }).closest("li") as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  projects = [project(1), project(2), project(3, { featuredRank: 2 })];
  leadTotals = {};
});
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  resetToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("projects screen (SPEC §2.12, §6)", () => {
  it("lists projects with links, filters by name or city, and shows the featured badge", async () => {
    signInAs({
      role: "manager",
      permissions: ["projects.view", "projects.create", "projects.edit", "projects.delete"],
    });
    renderScreen(<ProjectsScreen />, "/admin/projects");
    const card = within(
      await screen.findByRole("link", { name: "مشروع 3" }).then((l) => l.closest("li") as HTMLElement),
    );
    expect(card.getByText("مميز #٢")).toBeInTheDocument();
    expect(card.getByRole("link", { name: PROJECT_TEXTS.viewOnSite })).toHaveAttribute("href", "/project/3");
    expect(card.getByRole("link", { name: PROJECT_TEXTS.viewOnSite })).toHaveAttribute("target", "_blank");
    expect(card.getByRole("link", { name: PROJECT_TEXTS.details })).toHaveAttribute("href", "/admin/projects/3");

    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: PROJECT_TEXTS.searchLabel }), "الرياض");
    expect(screen.getByRole("link", { name: "مشروع 2" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "مشروع 1" })).not.toBeInTheDocument();

    // No match: the query is named and the search can be cleared (not the empty list's text).
    await user.clear(screen.getByRole("searchbox"));
    await user.type(screen.getByRole("searchbox"), "لا يوجد");
    expect(screen.getByText(/لا توجد نتائج مطابقة لـ/)).toHaveTextContent("لا توجد نتائج مطابقة لـ «لا يوجد»");
    await user.click(screen.getByRole("button", { name: "مسح البحث" }));
    expect(screen.getByRole("link", { name: "مشروع 1" })).toBeInTheDocument();
  });

  it("disables the buttons an employee lacks, described by the §6 tooltip text, and hides the featured-rank button", async () => {
    signInAs({ role: "employee", permissions: ["projects.view", "projects.edit"] });
    renderScreen(<ProjectsScreen />, "/admin/projects");
    const card = within(cardOf(await screen.findByRole("link", { name: "مشروع 1" }).then((l) => l.textContent ?? "")));
    const remove = card.getByRole("button", { name: PROJECT_TEXTS.delete });
    expect(remove).toHaveAttribute("aria-disabled", "true");
    expect(remove).toHaveAccessibleDescription(PROJECT_TEXTS.noDeletePermission);
    expect(screen.getByRole("button", { name: PROJECT_TEXTS.newProject })).toHaveAccessibleDescription(
      PROJECT_TEXTS.noCreatePermission,
    );
    expect(card.getByRole("button", { name: PROJECT_TEXTS.edit })).not.toHaveAttribute("aria-disabled");
    expect(card.queryByRole("button", { name: PROJECT_TEXTS.featuredRank })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(remove);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("shows the featured-rank button to a manager", async () => {
    signInAs({ role: "manager", permissions: ["projects.view"] });
    renderScreen(<ProjectsScreen />, "/admin/projects");
    const card = within(cardOf(await screen.findByRole("link", { name: "مشروع 1" }).then((l) => l.textContent ?? "")));
    expect(card.getByRole("button", { name: PROJECT_TEXTS.featuredRank })).toBeInTheDocument();
  });

  it("deletes after confirmation with the success toast", async () => {
    signInAs({ role: "super_admin", isAdmin: true });
    renderScreen(<ProjectsScreen />, "/admin/projects");
    const card = within(cardOf(await screen.findByRole("link", { name: "مشروع 1" }).then((l) => l.textContent ?? "")));
    const user = userEvent.setup();
    await user.click(card.getByRole("button", { name: PROJECT_TEXTS.delete }));
    const dialog = screen.getByRole("alertdialog");
    expect(dialog).toHaveTextContent("مشروع 1");
    await user.click(within(dialog).getByRole("button", { name: PROJECT_TEXTS.delete }));
    expect(await screen.findByText(PROJECT_TEXTS.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("link", { name: "مشروع 1" })).not.toBeInTheDocument());
  });

  it("names the project's leads in the delete dialog: how many, and that they stay with their origin's names", async () => {
    leadTotals = { 1: 3, 2: 1 };
    signInAs({ role: "super_admin", isAdmin: true });
    renderScreen(<ProjectsScreen />, "/admin/projects");
    const user = userEvent.setup();
    const open = async (name: string) => {
      const card = within(cardOf(await screen.findByRole("link", { name }).then((l) => l.textContent ?? "")));
      await user.click(card.getByRole("button", { name: PROJECT_TEXTS.delete }));
      return screen.getByRole("alertdialog");
    };
    let dialog = await open("مشروع 1");
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        "يبقى في قائمة العملاء ٣ عملاء من هذا المشروع، ويبقى على كل طلب اسم المشروع والحملة التي جاء منها.",
      ),
    );
    await user.click(within(dialog).getByRole("button", { name: PROJECT_TEXTS.cancel }));
    dialog = await open("مشروع 2");
    await waitFor(() => expect(dialog).toHaveTextContent("يبقى في قائمة العملاء عميل واحد من هذا المشروع"));
    await user.click(within(dialog).getByRole("button", { name: PROJECT_TEXTS.cancel }));
    dialog = await open("مشروع 3");
    await waitFor(() => expect(dialog).toHaveTextContent("لا يوجد عملاء جاؤوا من هذا المشروع."));
  });

  it("resumes a pending delete about 1000 ms after login (SPEC §4.10), or says the project is gone", async () => {
    sessionStorage.setItem(PENDING_ACTION_KEY, JSON.stringify({ type: "deleteProject", projectId: 2 }));
    signInAs({ role: "super_admin", isAdmin: true });
    renderScreen(<ProjectsScreen />, "/admin/projects");
    await screen.findByRole("link", { name: "مشروع 2" });
    expect(sessionStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    expect(await screen.findByText(PROJECT_TEXTS.deleted, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([input, init]) => String(input) === "/api/projects/2" && init?.method === "DELETE"),
    ).toBe(true);
    cleanup();

    sessionStorage.setItem(PENDING_ACTION_KEY, JSON.stringify({ type: "deleteProject", projectId: 99 }));
    renderScreen(<ProjectsScreen />, "/admin/projects");
    expect(await screen.findByText(PROJECT_TEXTS.projectNotFound, {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("marks a draft, publishes it with a toast, and then links to the public page", async () => {
    projects = [project(1, { publishedAt: null }), project(2, { publishedAt: "2026-11-01T00:00:00.000Z" })];
    signInAs({ role: "manager", permissions: ["projects.view", "projects.publish"] });
    renderScreen(<ProjectsScreen />, "/admin/projects");
    const draft = within(cardOf(await screen.findByRole("link", { name: "مشروع 1" }).then((l) => l.textContent ?? "")));
    expect(draft.getByText(PUBLISHING_TEXTS.draft)).toBeInTheDocument();
    expect(draft.queryByRole("link", { name: PROJECT_TEXTS.viewOnSite })).not.toBeInTheDocument();
    const published = within(cardOf("مشروع 2"));
    expect(published.getByText(PUBLISHING_TEXTS.published)).toBeInTheDocument();
    expect(published.getByRole("button", { name: `${PUBLISHING_TEXTS.unpublish} مشروع 2` })).toBeInTheDocument();
    expect(published.queryByRole("button", { name: /معاينة/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(draft.getByRole("button", { name: `${PUBLISHING_TEXTS.publish} مشروع 1` }));
    expect(await screen.findByText(PUBLISHING_UI.published("project"))).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => String(input) === "/api/projects/1/publish" && init?.method === "POST",
      ),
    ).toBe(true);
    await waitFor(() => expect(within(cardOf("مشروع 1")).getByText(PUBLISHING_TEXTS.published)).toBeInTheDocument());
    expect(within(cardOf("مشروع 1")).getByRole("link", { name: PROJECT_TEXTS.viewOnSite })).toBeInTheDocument();
  });

  it("opens the preview link of a draft in a new tab", async () => {
    projects = [project(1, { publishedAt: null })];
    const tab = { opener: {} as unknown, location: { href: "about:blank" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockImplementation(() => tab as unknown as Window);
    signInAs({ role: "employee", permissions: ["projects.view"] });
    renderScreen(<ProjectsScreen />, "/admin/projects");
    const card = within(cardOf(await screen.findByRole("link", { name: "مشروع 1" }).then((l) => l.textContent ?? "")));
    const user = userEvent.setup();
    await user.click(card.getByRole("button", { name: `${PUBLISHING_TEXTS.preview} مشروع 1` }));
    await waitFor(() => expect(tab.location.href).toBe("/project/1?preview=tok"));
    expect(open).toHaveBeenCalledWith("about:blank", "_blank");
    expect(tab.opener).toBeNull();
    const call = fetchMock.mock.calls.find(([input]) => String(input) === "/api/previews");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ entityType: "project", entityId: 1 });
  });

  it("disables publishing without projects.publish, with its tooltip text", async () => {
    projects = [project(1, { publishedAt: null })];
    signInAs({ role: "employee", permissions: ["projects.view", "projects.edit"] });
    renderScreen(<ProjectsScreen />, "/admin/projects");
    const card = within(cardOf(await screen.findByRole("link", { name: "مشروع 1" }).then((l) => l.textContent ?? "")));
    const publish = card.getByRole("button", { name: `${PUBLISHING_TEXTS.publish} مشروع 1` });
    expect(publish).toHaveAttribute("aria-disabled", "true");
    expect(publish).toHaveAccessibleDescription(PUBLISHING_UI.noPublishPermission("project"));
    const user = userEvent.setup();
    await user.click(publish);
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith("/publish"))).toBe(false);
  });
});
