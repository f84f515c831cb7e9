/**
 * The updates screen's drafts (docs/decisions/017-drafts-and-preview.md): each card shows "مسودة" or "منشور"; a
 * manager publishes a draft (POST …/publish, toast, the card turns "منشور") and unpublishes a published one; a
 * photographer without updates.publish sees the button disabled with its tooltip. The list is paged and searched on
 * the server (GET /api/project-updates/page): «عرض المزيد» loads the next page, a search asks the server.
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatNumber } from "#domain/format.ts";
import { PUBLISHING_TEXTS } from "#domain/publishing.ts";
import { TEXTS } from "#domain/texts.ts";
import { LOAD_MORE_TEXTS } from "~/admin/common/load-more.tsx";
import { UPDATE_TEXTS } from "~/admin/common/project-texts.ts";
import { PUBLISHING_UI } from "~/admin/common/publishing-controls.tsx";
import { AdminProviders } from "~/admin/shell/admin-providers.tsx";
import { createQueryClient } from "~/admin/shell/query-client.ts";
import { resetToasts } from "~/shared/ui/use-toast.ts";
import { json, mockApi, renderScreen, resetSession, signInAs } from "~/test-utils/admin-harness.tsx";
import ProjectUpdatesScreen from "./project-updates.tsx";

const update = (id: number, publishedAt: string | null) => ({
  id,
  projectId: 5,
  projectName: "الواحة",
  title: `تحديث ${id}`,
  summary: null,
  thumbnailUrl: null,
  videoUrl: null,
  interiorPhotos: [],
  dronePhotos: [],
  concretePercentage: 50,
  plumbingPercentage: 0,
  electricalPercentage: 0,
  finishingPercentage: 0,
  completionPercentage: 12,
  lastVisitDate: null,
  notes: null,
  publishedAt,
  createdAt: "2026-11-20T10:00:00.000Z",
});

let updates: ReturnType<typeof update>[];
let calls: { key: string; body: unknown }[];
const setPublished = (id: number, publishedAt: string | null) => () => {
  updates = updates.map((u) => (u.id === id ? { ...u, publishedAt } : u));
  return json({ id, publishedAt });
};

beforeEach(() => {
  updates = [update(1, null), update(2, "2026-11-21T10:00:00.000Z")];
  calls = mockApi({
    "GET /api/project-updates/page?limit=50": () => json({ items: updates, nextCursor: null, total: updates.length }),
    "GET /api/projects": () => json([]),
    "POST /api/project-updates/1/publish": setPublished(1, "2026-11-23T10:00:00.000Z"),
    "POST /api/project-updates/2/unpublish": setPublished(2, null),
  });
});
afterEach(() => {
  cleanup();
  resetSession();
  resetToasts();
  vi.unstubAllGlobals();
});

const cardOf = (title: string) => screen.getByRole("heading", { name: title }).closest("li") as HTMLElement;

describe("project updates: drafts", () => {
  it("publishes a draft and unpublishes a published update, each with its toast", async () => {
    signInAs({ role: "manager", permissions: ["updates.view", "updates.publish"] });
    renderScreen(<ProjectUpdatesScreen />, "/admin/project-updates");
    await screen.findByText("تحديث 1");
    expect(within(cardOf("تحديث 1")).getByText(PUBLISHING_TEXTS.draft)).toBeInTheDocument();
    expect(within(cardOf("تحديث 2")).getByText(PUBLISHING_TEXTS.published)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: `${PUBLISHING_TEXTS.publish} تحديث 1` }));
    expect(await screen.findByText(PUBLISHING_UI.published("update"))).toBeInTheDocument();
    await waitFor(() => expect(within(cardOf("تحديث 1")).getByText(PUBLISHING_TEXTS.published)).toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: `${PUBLISHING_TEXTS.unpublish} تحديث 2` }));
    expect(await screen.findByText(PUBLISHING_UI.unpublished("update"))).toBeInTheDocument();
    await waitFor(() => expect(within(cardOf("تحديث 2")).getByText(PUBLISHING_TEXTS.draft)).toBeInTheDocument());
    expect(calls.filter((c) => c.key.startsWith("POST")).map((c) => c.key)).toEqual([
      "POST /api/project-updates/1/publish",
      "POST /api/project-updates/2/unpublish",
    ]);
  });

  it("disables publishing without updates.publish", async () => {
    signInAs({ role: "photographer", permissions: ["updates.view", "updates.create"] });
    renderScreen(<ProjectUpdatesScreen />, "/admin/project-updates");
    const publish = await screen.findByRole("button", { name: `${PUBLISHING_TEXTS.publish} تحديث 1` });
    expect(publish).toHaveAttribute("aria-disabled", "true");
    expect(publish).toHaveAccessibleDescription(PUBLISHING_UI.noPublishPermission("update"));
  });
});

describe("project updates: server-side pages", () => {
  it("loads the next page with «عرض المزيد» and searches on the server", async () => {
    const first = [update(1, null), update(2, null)];
    const second = [update(3, null)];
    calls = mockApi({
      "GET /api/projects": () => json([]),
      "GET /api/project-updates/page?limit=50": () => json({ items: first, nextCursor: "c2", total: 3 }),
      "GET /api/project-updates/page?limit=50&cursor=c2": () => json({ items: second, nextCursor: null, total: 3 }),
      "GET /api/project-updates/page?limit=50&search=%D8%AA%D8%AD%D8%AF%D9%8A%D8%AB+3": () =>
        json({ items: second, nextCursor: null, total: 1 }),
    });
    signInAs({ role: "manager", permissions: ["updates.view"] });
    renderScreen(<ProjectUpdatesScreen />, "/admin/project-updates");
    await screen.findByText("تحديث 1");
    expect(screen.queryByText("تحديث 3")).not.toBeInTheDocument();
    expect(screen.getByText(LOAD_MORE_TEXTS.shown(formatNumber(2), formatNumber(3)))).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: LOAD_MORE_TEXTS.more }));
    expect(await screen.findByText("تحديث 3")).toBeInTheDocument();
    expect(screen.getByText("تحديث 1")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: LOAD_MORE_TEXTS.more })).not.toBeInTheDocument();

    await user.type(screen.getByRole("searchbox"), "تحديث 3");
    await waitFor(() =>
      expect(calls.map((c) => c.key)).toContain(
        "GET /api/project-updates/page?limit=50&search=%D8%AA%D8%AD%D8%AF%D9%8A%D8%AB+3",
      ),
    );
    await waitFor(() => expect(screen.queryByText("تحديث 1")).not.toBeInTheDocument());
    expect(screen.getByText("تحديث 3")).toBeInTheDocument();
  });
});

describe("project updates: a link to one update", () => {
  /** The screen at /admin/project-updates?update={id}, as the dashboard's latest updates link to it. */
  function renderLinked(id: number) {
    const Stub = createRoutesStub([
      {
        path: "/admin/project-updates",
        Component: () => (
          <AdminProviders queryClient={createQueryClient()}>
            <ProjectUpdatesScreen />
          </AdminProviders>
        ),
      },
    ]);
    render(<Stub initialEntries={[`/admin/project-updates?update=${id}`]} />);
  }

  it("opens that update's edit form, also when it is not on the first page", async () => {
    calls = mockApi({
      "GET /api/project-updates/page?limit=50": () => json({ items: updates, nextCursor: null, total: 2 }),
      "GET /api/projects": () => json([{ id: 5, name: "الواحة" }]),
      "GET /api/project-updates/9": () => json(update(9, null)),
    });
    signInAs({ role: "manager", permissions: ["updates.view", "updates.edit"] });
    renderLinked(9);
    const dialog = await screen.findByRole("dialog", { name: UPDATE_TEXTS.editUpdate });
    expect(within(dialog).getByLabelText(UPDATE_TEXTS.updateTitle)).toHaveValue("تحديث 9");
    expect(calls.some((c) => c.key === "GET /api/project-updates/9")).toBe(true);
  });

  it("says so when the linked update does not exist", async () => {
    signInAs({ role: "manager", permissions: ["updates.view", "updates.edit"] });
    renderLinked(404);
    expect(await screen.findByText(TEXTS.updateNotFound)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
