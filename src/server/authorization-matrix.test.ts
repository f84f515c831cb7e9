/**
 * The authorization matrix (SPEC §6, ARCHITECTURE security model): every /api route the app registers,
 * taken from the rules the routes declared (`config.access`, collected by the auth plugin), is called by
 * anonymous, by each role, by a user whom a per-user override grants the route's key, and by a user whom an
 * override denies it. Expected: 401 for anonymous on a non-public route, 403 where the rule denies, and neither
 * where it allows. A new route is covered the moment it is registered; a route without a rule stops the app.
 */
import { eq, inArray } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPermissionKey, ROLES, type Role } from "#domain/roles.ts";
import { permissions, rolePermissions, userPermissions } from "./db/tables/access.ts";
import { sessions } from "./db/tables/auth.ts";
import { hashToken, newToken } from "./lib/tokens.ts";
import { type Access, authPlugin, type DeclaredRoute, describeAccess } from "./plugins/auth.ts";
import { createTestApp, type TestApp } from "./test-utils/app.ts";
import { insertLeads } from "./test-utils/leads.ts";

/** Public routes whose own job is to answer 401 to bad credentials (not the guard refusing). */
const CREDENTIAL_ROUTES = new Set([
  "POST /api/auth/refresh",
  "POST /api/auth/login",
  "POST /api/auth/login/two-factor",
  // Meta's notifications: 401 when X-Hub-Signature-256 does not match (docs/whatsapp.md).
  "POST /api/whatsapp/webhook",
]);

/**
 * Public routes an ad platform calls, which authenticate the platform themselves (docs/lead-forms.md): a call without
 * the platform's verify token answers 403, one without its signature or key 401 — their own checks, not the guard's.
 */
const PLATFORM_ROUTES = new Set([
  "GET /api/lead-forms/meta/webhook",
  "POST /api/lead-forms/meta/webhook",
  "POST /api/lead-forms/google/webhook",
  "POST /api/lead-forms/tiktok/webhook",
  // Snapchat's notices: 404 unless the path's last segment is the connection's secret key.
  "POST /api/lead-forms/snapchat/webhook/:webhookKey",
]);

type Subject =
  | { kind: "anonymous" }
  | { kind: "role"; role: Role; userId: string }
  | { kind: "override-grant"; role: Role; userId: string }
  | { kind: "override-deny"; role: Role; userId: string };

const subjectName = (s: Subject) =>
  s.kind === "anonymous" ? "anonymous" : s.kind === "role" ? s.role : `${s.kind} (${s.role})`;

/** A concrete URL for a route pattern: ids become 1, a role "employee", anything else "x". */
function concreteUrl(url: string): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => (name === "role" ? "employee" : /id$/i.test(name) ? "1" : "x"))
    .replace(/\*/g, "x/y");
}

describe("authorization matrix", () => {
  let t: TestApp;
  let routes: DeclaredRoute[];
  let roleGrants: Map<Role, Set<string>>;
  let permissionIds: Map<string, number>;
  const subjects: Subject[] = [{ kind: "anonymous" }];

  beforeAll(async () => {
    t = await createTestApp();
    routes = t.app.declaredRoutes.filter((r) => r.url.startsWith("/api"));
    const grants = await t.db
      .select({ role: rolePermissions.role, key: permissions.key })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId));
    roleGrants = new Map(ROLES.map((role) => [role, new Set(grants.filter((g) => g.role === role).map((g) => g.key))]));
    permissionIds = new Map((await t.db.select().from(permissions)).map((p) => [p.key, p.id]));
    for (const role of ROLES) subjects.push({ kind: "role", role, userId: await t.createUser(role) });
    // The role holding the fewest keys gains one by an override; the manager loses one.
    subjects.push({ kind: "override-grant", role: "photographer", userId: await t.createUser("photographer") });
    subjects.push({ kind: "override-deny", role: "manager", userId: await t.createUser("manager") });
  }, 120_000);
  afterAll(async () => t.close());

  /** Whether the declared rule lets `subject` in (SPEC §6 check order). */
  function allows(access: Access, subject: Subject): boolean {
    if (access === "public") return true;
    if (subject.kind === "anonymous") return false;
    if (access === "signed-in") return true;
    if (subject.role === "super_admin") return true;
    if (access === "admin") return false;
    if (subject.kind === "override-grant") return true;
    if (subject.kind === "override-deny") return false;
    return roleGrants.get(subject.role)?.has(access.permission) ?? false;
  }

  /** A fresh session for the user (a route may end sessions as a side effect). */
  async function tokenFor(userId: string): Promise<string> {
    const token = newToken();
    await t.db.insert(sessions).values({
      userId,
      accessTokenHash: hashToken(token),
      accessExpiresAt: new Date(Date.now() + 600_000),
      refreshTokenHash: hashToken(newToken()),
      refreshExpiresAt: new Date(Date.now() + 600_000),
    });
    return token;
  }

  async function setOverrides(access: Access) {
    const overrideUsers = subjects.flatMap((s) =>
      s.kind === "override-grant" || s.kind === "override-deny" ? [s] : [],
    );
    await t.db.delete(userPermissions).where(
      inArray(
        userPermissions.userId,
        overrideUsers.map((s) => s.userId),
      ),
    );
    if (typeof access !== "object") return;
    const permissionId = permissionIds.get(access.permission);
    if (permissionId === undefined) throw new Error(`permission ${access.permission} is not in the database`);
    await t.db
      .insert(userPermissions)
      .values(overrideUsers.map((s) => ({ userId: s.userId, permissionId, granted: s.kind === "override-grant" })));
  }

  it("collects the registered routes, each with a known rule", () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /api/users",
        "POST /api/users",
        "PUT /api/roles/:role/permissions",
        "GET /api/audit-logs",
        "POST /api/auth/password",
        "GET /api/auth/sessions",
        "DELETE /api/auth/sessions/:id",
        "GET /api/auth/two-factor",
        "POST /api/auth/two-factor/setup",
        "POST /api/auth/two-factor/enable",
        "POST /api/auth/two-factor/disable",
        "POST /api/auth/login/two-factor",
        "GET /api/roles/two-factor",
        "PUT /api/roles/:role/two-factor",
        "GET /api/leads/export",
        "GET /api/leads/person/xlsx",
        "GET /api/units/page",
        "GET /api/project-updates/page",
        "GET /api/users/page",
        "GET /api/affordability",
        "GET /api/affordability/rules",
        "POST /api/leads/reassign",
        "GET /api/projects/:id/visit-settings",
        "PUT /api/projects/:id/visit-settings",
        "GET /api/projects/:id/visit-slots",
        "POST /api/visits",
        "GET /api/projects/:id/payment-settings",
        "PUT /api/projects/:id/payment-settings",
        "GET /api/projects/:id/deposit-offer",
        "POST /api/checkout",
        "POST /api/checkout/:token/confirm",
        "POST /api/payments/webhooks/moyasar",
        "GET /api/payments",
        "GET /api/payments/summary",
        "GET /api/leads/:id/payments",
        "POST /api/payments/:id/refund",
        "GET /api/checkout/:token/receipt.pdf",
        "GET /api/payments/:id/receipt.pdf",
        "GET /api/payments/export",
      ]),
    );
    // Bulk «إعادة الإسناد» from the leads list is opened by the key of one lead's reassignment
    // (docs/decisions/070-one-leads-list.md).
    const byName = (name: string) => routes.find((r) => `${r.method} ${r.url}` === name)?.access;
    expect(byName("POST /api/leads/reassign")).toEqual(byName("PUT /api/leads/:id/owner"));
    // A visitor books, reschedules and cancels without signing in (docs/decisions/090-visit-manage-links.md); staff
    // keep the availability under visits.manage.
    const access = (name: string) => routes.find((r) => `${r.method} ${r.url}` === name)?.access;
    expect(access("POST /api/visits")).toBe("public");
    expect(access("POST /api/visits/manage/:token/cancel")).toBe("public");
    expect(access("PUT /api/projects/:id/visit-settings")).toEqual({ permission: "visits.manage" });
    // Snapchat's lead forms are managed under lead_forms.manage; its webhook is public, guarded by its secret path
    // (docs/lead-forms.md "Set-up: Snapchat").
    for (const name of [
      "GET /api/lead-forms/snapchat",
      "PUT /api/lead-forms/snapchat",
      "GET /api/lead-forms/snapchat/forms",
      "PUT /api/lead-forms/snapchat/forms/:formId",
    ]) {
      expect([name, access(name)]).toEqual([name, { permission: "lead_forms.manage" }]);
    }
    expect(access("POST /api/lead-forms/snapchat/webhook/:webhookKey")).toBe("public");
    // A buyer reserves online without signing in; the gateway's webhook proves itself by its secret token
    // (docs/payments.md "Checkout"); the payments screen needs payments.view, a refund payments.refund.
    expect(access("POST /api/checkout")).toBe("public");
    expect(access("POST /api/payments/webhooks/moyasar")).toBe("public");
    expect(access("GET /api/payments")).toEqual({ permission: "payments.view" });
    expect(access("GET /api/payments/summary")).toEqual({ permission: "payments.view" });
    // The lead page's payments: within the viewer's leads; the masked national ID only with payments.view.
    expect(access("GET /api/leads/:id/payments")).toEqual({ permission: "leads.view_own" });
    expect(access("POST /api/payments/:id/refund")).toEqual({ permission: "payments.refund" });
    // The receipt: the buyer's by the checkout's token, staff's under payments.view (docs/payments.md "Receipt").
    expect(access("GET /api/checkout/:token/receipt.pdf")).toBe("public");
    expect(access("GET /api/payments/:id/receipt.pdf")).toEqual({ permission: "payments.view" });
    expect(access("GET /api/payments/export")).toEqual({ permission: "payments.view" });
    // The affordability calculator is answered to anyone (docs/affordability.md).
    expect(routes.filter((r) => r.url.startsWith("/api/affordability")).map((r) => r.access)).toEqual([
      "public",
      "public",
    ]);
    for (const route of routes) {
      if (typeof route.access === "object") expect(isPermissionKey(route.access.permission)).toBe(true);
      else expect(["public", "signed-in", "admin"]).toContain(route.access);
    }
  });

  it("answers every route × subject as its declared rule says", async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const route of routes) {
      await setOverrides(route.access);
      const name = `${route.method} ${route.url}`;
      for (const subject of subjects) {
        const headers: Record<string, string> = {};
        if (subject.kind !== "anonymous") headers.authorization = `Bearer ${await tokenFor(subject.userId)}`;
        const hasBody = ["POST", "PUT", "PATCH"].includes(route.method);
        const res = await t.app.inject({
          method: route.method as "GET",
          url: concreteUrl(route.url),
          headers,
          ...(hasBody ? { payload: {} } : {}),
        });
        calls += 1;
        const allowed = allows(route.access, subject);
        const status = res.statusCode;
        let ok: boolean;
        if (allowed && PLATFORM_ROUTES.has(name)) ok = true;
        else if (allowed) ok = status !== 403 && (status !== 401 || CREDENTIAL_ROUTES.has(name));
        else ok = status === (subject.kind === "anonymous" ? 401 : 403);
        if (!ok) {
          mismatches.push(
            `${name} [${describeAccess(route.access)}] as ${subjectName(subject)}: got ${status}, expected ${
              allowed ? "neither 401 nor 403" : subject.kind === "anonymous" ? 401 : 403
            }`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The matrix really ran: all seven subjects on every route (each call with a fresh session, so a route that
    // ends sessions, such as logout, cannot disturb the next call).
    expect(calls).toBe(routes.length * subjects.length);
  }, 300_000);

  it("scopes every lead route to the agent's own leads: another agent's lead answers 404, never its data", async () => {
    // A valid body for each route on one lead, so the answer comes from the scope check and not from validation.
    const agentId = await t.createUser("sales_agent");
    const otherId = await t.createUser("sales_agent");
    const samples: Record<string, Record<string, unknown> | undefined> = {
      "GET /api/leads/:id": undefined,
      "PATCH /api/leads/:id/stage": { stage: "contacted" },
      "POST /api/leads/:id/activities": { kind: "call" },
      "PUT /api/leads/:id/owner": { ownerId: agentId },
      "POST /api/leads/:id/merge": { otherId: 2_000_000 },
      "DELETE /api/leads/:id/marketing-consent": undefined,
      "GET /api/leads/:id/payments": undefined,
    };
    const leadRoutes = routes.filter((r) => r.url.startsWith("/api/leads/:id"));
    expect(leadRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(samples).sort());
    const [lead] = await insertLeads(t.db, [{ name: "عميل وكيل آخر", phone: "+966500000001", ownerId: otherId }]);
    for (const route of leadRoutes) {
      const name = `${route.method} ${route.url}`;
      const res = await t.app.inject({
        method: route.method as "GET",
        url: route.url.replace(":id", String(lead.id)),
        headers: { authorization: `Bearer ${await tokenFor(agentId)}` },
        ...(samples[name] ? { payload: samples[name] } : {}),
      });
      // An agent may not reassign or merge at all (403); every other lead route hides the lead (404).
      expect([name, res.statusCode]).toEqual([name, /\/(owner|merge)$/.test(name) ? 403 : 404]);
    }
    const own = await t.app.inject({
      url: `/api/leads/${lead.id}`,
      headers: { authorization: `Bearer ${await tokenFor(otherId)}` },
    });
    expect(own.statusCode).toBe(200);
    const list = await t.app.inject({
      url: "/api/leads",
      headers: { authorization: `Bearer ${await tokenFor(agentId)}` },
    });
    expect(list.json().items).toEqual([]);
  });

  it("refuses to start when a route declares no rule", async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin);
    await expect(
      (async () => {
        app.get("/api/undeclared", async () => ({ ok: true }));
        await app.ready();
      })(),
    ).rejects.toThrow(/declares no access rule/);
    await app.close();
  });

  it("guards before validating: anonymous gets 401, not field messages", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/users", payload: { username: 1 } });
    expect(res.statusCode).toBe(401);
    expect(res.json().fields).toBeUndefined();
  });
});
