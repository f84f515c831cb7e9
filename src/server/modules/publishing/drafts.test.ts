/**
 * Drafts and preview (docs/decisions/017-drafts-and-preview.md): a new project, update or landing page is a draft that
 * no visitor reaches (lists, pages, units, campaign links); staff see it; a preview link shows one draft while the
 * session that asked for it lives; publishing needs its own permission and is audited.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landingCampaigns } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import type { TestUser } from "../../test-utils/app.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";
import { projectBody as validProject } from "../../test-utils/project-body.ts";

let counter = 0;
function projectBody() {
  counter += 1;
  return validProject({
    name: `مشروع مسودة ${counter}`,
    completionPercentage: 10,
    images: ["/media/images/0123456789abcdef0123456789abcdef.webp"],
  });
}

describe("drafts and preview", () => {
  const t = setUpTestApp();
  const manager = signedIn(t, "manager");
  const employee = signedIn(t, "employee");

  const as = (user: TestUser | null, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user ? t.bearer(user.token) : {}, ...(payload ? { payload } : {}) });

  async function newProject(): Promise<{ id: number; name: string }> {
    const res = await as(manager, "POST", "/api/projects", projectBody());
    expect(res.statusCode).toBe(201);
    expect(res.json().publishedAt).toBeNull();
    return res.json();
  }

  it("keeps a new project away from visitors until it is published, and shows it to staff", async () => {
    const project = await newProject();
    const publicList = await as(null, "GET", "/api/projects");
    expect(publicList.json().map((p: { id: number }) => p.id)).not.toContain(project.id);
    for (const path of [
      `/api/projects/${project.id}`,
      `/api/projects/${project.id}/units`,
      `/api/projects/${project.id}/updates`,
    ]) {
      expect((await as(null, "GET", path)).statusCode).toBe(404);
    }
    const staffList = await as(employee, "GET", "/api/projects");
    expect(staffList.json().map((p: { id: number }) => p.id)).toContain(project.id);
    expect(staffList.headers["cache-control"]).toBe("private, no-store");
    expect((await as(employee, "GET", `/api/projects/${project.id}`)).statusCode).toBe(200);

    expect((await as(employee, "POST", `/api/projects/${project.id}/publish`)).statusCode).toBe(403);
    const published = await as(manager, "POST", `/api/projects/${project.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().publishedAt).toEqual(expect.any(String));
    expect((await as(null, "GET", `/api/projects/${project.id}`)).statusCode).toBe(200);
    expect((await as(null, "GET", "/api/projects")).json().map((p: { id: number }) => p.id)).toContain(project.id);

    expect((await as(manager, "POST", `/api/projects/${project.id}/unpublish`)).json().publishedAt).toBeNull();
    expect((await as(null, "GET", `/api/projects/${project.id}`)).statusCode).toBe(404);

    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "project"), eq(auditLogs.entityId, String(project.id))));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["create", "publish", "unpublish"]));
  });

  it("shows a draft through a preview link only to that record, only while the session lives", async () => {
    const project = await newProject();
    const other = await newProject();
    const previewer = await t.signIn("employee", { username: "previewer" });
    const link = await as(previewer, "POST", "/api/previews", { entityType: "project", entityId: project.id });
    expect(link.statusCode).toBe(201);
    const { path } = link.json() as { path: string };
    expect(path).toMatch(new RegExp(`^/project/${project.id}\\?preview=[\\w-]{40,}$`));
    const token = new URL(path, "http://x").searchParams.get("preview");

    const viewed = await as(null, "GET", `/api/projects/${project.id}?preview=${token}`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers["cache-control"]).toBe("private, no-store");
    expect(viewed.headers["x-robots-tag"]).toBe("noindex");
    expect((await as(null, "GET", `/api/projects/${other.id}?preview=${token}`)).statusCode).toBe(404);
    expect((await as(null, "GET", `/api/projects/${project.id}?preview=not-a-token`)).statusCode).toBe(404);

    expect((await as(null, "POST", "/api/previews", { entityType: "project", entityId: project.id })).statusCode).toBe(
      401,
    );
    expect(
      (await as(employee, "POST", "/api/previews", { entityType: "project", entityId: 99999999 })).statusCode,
    ).toBe(404);
    const badBody = await as(employee, "POST", "/api/previews", { entityType: "villa", entityId: 0 });
    expect(badBody.statusCode).toBe(400);
    expect(Object.keys(badBody.json().fields).sort()).toEqual(["entityId", "entityType"]);

    // Signing out ends the link.
    expect((await as(previewer, "POST", "/api/auth/logout")).statusCode).toBeLessThan(300);
    expect((await as(null, "GET", `/api/projects/${project.id}?preview=${token}`)).statusCode).toBe(404);
  });

  it("hides draft updates and updates of draft projects from the public lists and pages", async () => {
    const project = await newProject();
    await as(manager, "POST", `/api/projects/${project.id}/publish`);
    const created = await as(manager, "POST", "/api/project-updates", { projectId: project.id, title: "تحديث مسودة" });
    expect(created.statusCode).toBe(201);
    const updateId = created.json().id as number;
    const publicIds = async (url: string) => (await as(null, "GET", url)).json().map((u: { id: number }) => u.id);
    expect(await publicIds("/api/project-updates")).not.toContain(updateId);
    expect(await publicIds(`/api/projects/${project.id}/updates`)).not.toContain(updateId);
    expect((await as(null, "GET", `/api/project-updates/${updateId}`)).statusCode).toBe(404);
    expect((await as(employee, "GET", `/api/project-updates/${updateId}`)).statusCode).toBe(200);

    expect((await as(manager, "POST", `/api/project-updates/${updateId}/publish`)).statusCode).toBe(200);
    expect(await publicIds("/api/project-updates")).toContain(updateId);
    // Unpublishing the project hides its published updates too.
    await as(manager, "POST", `/api/projects/${project.id}/unpublish`);
    expect(await publicIds("/api/project-updates")).not.toContain(updateId);
    expect((await as(null, "GET", `/api/project-updates/${updateId}`)).statusCode).toBe(404);
  });

  it("answers 404 on a draft landing page's campaign links and counts no preview visit", async () => {
    const project = await newProject();
    await as(manager, "POST", `/api/projects/${project.id}/publish`);
    const page = await as(manager, "POST", `/api/landing-pages/${project.id}`, {
      slug: `draft-page-${counter}`,
      poster: "/media/images/0123456789abcdef0123456789abcdef.webp",
    });
    expect(page.statusCode).toBe(201);
    const pageId = page.json().id as number;
    const url = `/api/campaign/snapchat/draft-page-${counter}`;
    expect((await as(null, "GET", url)).statusCode).toBe(404);

    const link = await as(manager, "POST", "/api/previews", { entityType: "landing_page", entityId: pageId });
    const path = link.json().path as string;
    expect(path).toMatch(new RegExp(`^/campaign/\\w+/draft-page-${counter}\\?preview=`));
    const token = new URL(path, "http://x").searchParams.get("preview");
    const firstCampaign = path.slice("/campaign/".length, path.indexOf("?"));
    expect((await as(null, "GET", `/api/campaign/${firstCampaign}?preview=${token}`)).statusCode).toBe(200);
    const [campaign] = await t.db
      .select({ visits: landingCampaigns.visits })
      .from(landingCampaigns)
      .where(eq(landingCampaigns.urlSlug, firstCampaign));
    expect(campaign.visits).toBe(0);

    expect((await as(manager, "POST", `/api/landing-pages/${pageId}/publish`)).statusCode).toBe(200);
    expect((await as(null, "GET", url)).statusCode).toBe(200);
  });
});
