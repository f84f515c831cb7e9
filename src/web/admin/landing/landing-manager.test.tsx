/**
 * The landing-page manager's publishing and delete (docs/decisions/017-drafts-and-preview.md, SPEC §2.15): the draft
 * badge, publish with its toast (then "منشور"), the delete confirmation that removes the page, and the denied buttons
 * of a user without landing_pages.publish / landing_pages.delete.
 */
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PUBLISHING_TEXTS } from "#domain/publishing.ts";
import { PUBLISHING_UI } from "~/admin/common/publishing-controls.tsx";
import { resetToasts } from "~/shared/ui/use-toast.ts";
import { json, mockApi, renderScreen, resetSession, signInAs } from "~/test-utils/admin-harness.tsx";
import { LandingManager } from "./landing-manager.tsx";
import { LANDING_UI } from "./landing-texts.ts";

const page = (publishedAt: string | null) => ({
  id: 3,
  projectId: 7,
  slug: "al-waha",
  poster: "/uploads/poster.webp",
  images: [],
  videoUrl: null,
  webhookUrl: null,
  hasWebhookSecret: false,
  features: [],
  guarantees: [],
  buildingSpecs: [],
  publishedAt,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
});

let current: ReturnType<typeof page> | null;
let calls: { key: string; body: unknown }[];

beforeEach(() => {
  current = page(null);
  calls = mockApi({
    "GET /api/landing-pages/7": () => (current ? json(current) : json({ statusCode: 404, message: "x" }, 404)),
    "POST /api/landing-pages/3/publish": () => {
      current = page("2026-11-23T10:00:00.000Z");
      return json({ id: 3, publishedAt: current.publishedAt });
    },
    "DELETE /api/landing-pages/3": () => {
      current = null;
      return json(null, 204);
    },
  });
});
afterEach(() => {
  cleanup();
  resetSession();
  resetToasts();
  vi.unstubAllGlobals();
});

describe("landing-page manager publishing", () => {
  it("publishes a draft page with a toast, then shows it as published", async () => {
    signInAs({ role: "manager", permissions: ["landing_pages.view", "landing_pages.publish"] });
    renderScreen(<LandingManager projectId={7} />);
    const section = await screen.findByRole("region", { name: "صفحة الهبوط" });
    expect(within(section).getByText(PUBLISHING_TEXTS.draft)).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: `${PUBLISHING_TEXTS.preview} صفحة الهبوط` })).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: `${PUBLISHING_TEXTS.publish} صفحة الهبوط` }));
    expect(await screen.findByText(PUBLISHING_UI.published("landing_page"))).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByText(PUBLISHING_TEXTS.published)).toBeInTheDocument());
    expect(calls.map((c) => c.key)).toContain("POST /api/landing-pages/3/publish");
  });

  it("deletes the page after confirmation and offers to create one again", async () => {
    signInAs({ role: "manager", permissions: ["landing_pages.view", "landing_pages.edit", "landing_pages.delete"] });
    renderScreen(<LandingManager projectId={7} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: LANDING_UI.deletePage }));
    const dialog = screen.getByRole("alertdialog", { name: LANDING_UI.deletePageTitle });
    expect(calls.some((c) => c.key.startsWith("DELETE"))).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: LANDING_UI.delete }));
    expect(await screen.findByText(LANDING_UI.pageDeleted)).toBeInTheDocument();
    expect(await screen.findByText(LANDING_UI.noPage)).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain("DELETE /api/landing-pages/3");
  });

  it("disables publish and delete without their permissions, with the tooltip texts", async () => {
    signInAs({ role: "employee", permissions: ["landing_pages.view", "landing_pages.edit"] });
    renderScreen(<LandingManager projectId={7} />);
    const publish = await screen.findByRole("button", { name: `${PUBLISHING_TEXTS.publish} صفحة الهبوط` });
    expect(publish).toHaveAttribute("aria-disabled", "true");
    expect(publish).toHaveAccessibleDescription(PUBLISHING_UI.noPublishPermission("landing_page"));
    const remove = screen.getByRole("button", { name: LANDING_UI.deletePage });
    expect(remove).toHaveAccessibleDescription(LANDING_UI.noDeletePermission);
    const user = userEvent.setup();
    await user.click(remove);
    await user.click(publish);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(calls.every((c) => c.key.startsWith("GET"))).toBe(true);
  });
});
