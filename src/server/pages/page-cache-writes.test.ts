/**
 * Which API answers empty the rendered-page cache (pages/page-cache.ts,
 * docs/decisions/063-page-cache-emptied-by-public-writes.md): the writes that change what visitors see, never an
 * enquiry, a sign-in or a token refresh. The cache counts how many times it was emptied (`generation`), so these
 * tests read that count around each request.
 */
import { describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../test-utils/app.ts";
import { setUpTestApp, signedIn } from "../test-utils/block-app.ts";
import { projectBody as validProject } from "../test-utils/project-body.ts";

/** The routes whose successful answer empties the cache, as "METHOD url". */
const EMPTYING_ROUTES = [
  "DELETE /api/holds/:id",
  "DELETE /api/landing-campaigns/:id",
  "DELETE /api/landing-pages/:id",
  "DELETE /api/project-updates/:id",
  "DELETE /api/projects/:id",
  "DELETE /api/unit-types/:id",
  "DELETE /api/units/:id",
  "DELETE /api/units/:id/block",
  "PATCH /api/leads/:id/stage",
  "POST /api/checkout",
  "POST /api/checkout/:token/confirm",
  "POST /api/landing-pages/:id",
  "POST /api/landing-pages/:id/custom-campaign",
  "POST /api/payments/webhooks/moyasar",
  "POST /api/project-updates",
  "POST /api/projects",
  "POST /api/projects/:id/prices",
  "POST /api/projects/:id/set-featured-rank",
  "POST /api/projects/:id/unit-types",
  "POST /api/projects/:id/units/generate",
  "POST /api/projects/:id/units/upload",
  "POST /api/units",
  "POST /api/units/:id/block",
  "POST /api/units/:id/holds",
  "POST /api/units/upload",
  "PUT /api/landing-campaigns/:id/licence",
  "PUT /api/landing-pages/:id",
  "PUT /api/project-updates/:id",
  "PUT /api/projects/:id",
  "PUT /api/projects/:id/payment-settings",
  "PUT /api/projects/:id/visit-settings",
  "PUT /api/unit-types/:id",
  "PUT /api/units/:id",
];

const projectBody = (name: string) =>
  validProject({
    name,
    description: "وصف",
    hasGarage: false,
    completionPercentage: 40,
    advertisingLicenseNumber: "7200123456",
  });

describe("page cache: emptied only by writes that change what visitors see", () => {
  const t = setUpTestApp();
  const manager = signedIn(t, "manager");

  /** How many times the cache is emptied while `request` runs, and the request's status. */
  async function emptied(request: () => Promise<{ statusCode: number }>): Promise<[number, number]> {
    const before = t.app.pageCache.generation();
    const { statusCode } = await request();
    return [statusCode, t.app.pageCache.generation() - before];
  }

  it("names the write routes that empty it, and no read", () => {
    const flagged = t.app.declaredRoutes.filter((route) => route.changesPublicPages);
    expect(flagged.map((route) => `${route.method} ${route.url}`).sort()).toEqual(EMPTYING_ROUTES);
  });

  it("keeps its pages through an enquiry, a sign-in and a token refresh", async () => {
    const enquiry = () =>
      t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { name: "سارة", email: "sara@example.com", phone: "0501111111", message: "أريد التواصل" },
        remoteAddress: "203.0.113.9",
      });
    expect(await emptied(enquiry)).toEqual([201, 0]);

    const username = `cache-${Date.now()}`;
    await t.createUser("employee", { username });
    const login = () =>
      t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password: TEST_PASSWORD } });
    const signIn = await login();
    expect(signIn.statusCode).toBe(200);
    expect(await emptied(login)).toEqual([200, 0]);

    const cookie = signIn.cookies.find((c) => c.name === "refresh_token")?.value ?? "";
    const refresh = () =>
      t.app.inject({ method: "POST", url: "/api/auth/refresh", cookies: { refresh_token: cookie } });
    expect(await emptied(refresh)).toEqual([200, 0]);
  });

  it("is emptied once by a successful project write, and not by a refused one", async () => {
    const create = () =>
      t.app.inject({
        method: "POST",
        url: "/api/projects",
        headers: t.bearer(manager.token),
        payload: projectBody(`مشروع الذاكرة ${Date.now()}`),
      });
    expect(await emptied(create)).toEqual([201, 1]);
    const refused = () =>
      t.app.inject({ method: "POST", url: "/api/projects", headers: t.bearer(manager.token), payload: {} });
    expect(await emptied(refused)).toEqual([400, 0]);
  });
});
