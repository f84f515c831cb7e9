/**
 * The API surface of the foundation (docs/architecture.md "The shape"), through app.inject on a fresh database: the
 * read shapes of SPEC §7.2, computed fields from the domain rules, the session flow, and what bad or hostile input gets
 * (400/401/403/404, never a 500), with the security headers on every answer.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, projects, projectUpdates, units } from "./db/schema.ts";
import { sessions } from "./db/tables/auth.ts";
import { REFRESH_REUSE_GRACE_MS } from "./modules/auth/service.ts";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from "./test-utils/app.ts";

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let updateId: number;
let admin: TestUser;
let employee: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const [p1, p2] = await t.db
    .insert(projects)
    .values([
      {
        name: "برج الشاطئ",
        city: "جدة",
        district: "الشاطئ",
        price: 950000,
        completionPercentage: 40,
        publishedAt: new Date(),
      },
      { name: "فلل الروضة", city: "جدة", district: "الروضة", price: 2100000, featuredRank: 1, publishedAt: new Date() },
    ])
    .returning({ id: projects.id });
  projectId = p1.id;
  otherProjectId = p2.id;
  await t.db.insert(units).values([
    { projectId, unitNumber: "101", building: "أ", status: "مباعة", price: 900000 },
    { projectId, unitNumber: "102", building: "أ", status: "محجوزة", price: 910000 },
    { projectId, unitNumber: "103", building: "أ", status: "متاحة", price: 920000 },
    { projectId, unitNumber: "104", building: "أ", status: "متاحة", price: 930000 },
  ]);
  const [u] = await t.db
    .insert(projectUpdates)
    .values({
      projectId,
      title: "صب سقف الدور الثالث",
      concretePercentage: 60,
      completionPercentage: 40,
      publishedAt: new Date(),
    })
    .returning({ id: projectUpdates.id });
  updateId = u.id;
  admin = await t.signIn("super_admin");
  employee = await t.signIn("employee");
});

afterAll(async () => t?.close());

describe("public reads (SPEC §7.2)", () => {
  it("lists projects featured first, with unit counts and the computed sales percentage", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/projects" });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([otherProjectId, projectId]);
    const tower = list[1];
    expect(tower.unitCounts).toEqual({ total: 4, available: 2, reserved: 1, sold: 1 });
    expect(tower.salesPercentage).toBe(50);
    expect(tower.price).toBe(950000);
  });

  it("keeps the first N projects of the listing order with ?limit=N and refuses a limit out of 1–100", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/projects?limit=1" });
    expect(first.json().map((p: { id: number }) => p.id)).toEqual([otherProjectId]);
    for (const limit of ["0", "101", "x"]) {
      const bad = await t.app.inject({ method: "GET", url: `/api/projects?limit=${limit}` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty("limit");
    }
  });

  it("filters projects by the search parameter (name or city)", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/projects?search=${encodeURIComponent("الروضة")}` });
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([otherProjectId]);
  });

  it("reads one project, its units and its updates; 404 for an unknown id; 400 for a malformed id", async () => {
    const one = await t.app.inject({ method: "GET", url: `/api/projects/${projectId}` });
    expect(one.json().name).toBe("برج الشاطئ");
    const unitList = await t.app.inject({ method: "GET", url: `/api/projects/${projectId}/units` });
    expect(unitList.json()).toHaveLength(4);
    expect(Object.keys(unitList.json()[0])).toEqual(
      expect.arrayContaining(["id", "unitNumber", "status", "price", "building", "rooms", "floor", "direction"]),
    );
    const updates = await t.app.inject({ method: "GET", url: `/api/projects/${projectId}/updates` });
    expect(updates.json().map((u: { id: number }) => u.id)).toEqual([updateId]);

    const missing = await t.app.inject({ method: "GET", url: "/api/projects/999999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("المشروع غير موجود");
    expect((await t.app.inject({ method: "GET", url: "/api/projects/999999/units" })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: "/api/projects/abc" });
    expect(bad.statusCode).toBe(400);
  });

  it("reads updates with their project name; 404 for an unknown update", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/project-updates" });
    expect(list.json()[0]).toMatchObject({ id: updateId, projectName: "برج الشاطئ", concretePercentage: 60 });
    const one = await t.app.inject({ method: "GET", url: `/api/project-updates/${updateId}` });
    expect(one.json().title).toBe("صب سقف الدور الثالث");
    const missing = await t.app.inject({ method: "GET", url: "/api/project-updates/424242" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("التحديث غير موجود");
  });
});

describe("sessions (ARCHITECTURE security model)", () => {
  it("signs in with {user, token}, sets an httpOnly SameSite=Strict refresh cookie, and never returns a hash", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: employee.username.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: employee.id, role: "employee", isAdmin: false });
    expect(body.user.permissions).toContain("projects.view");
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
    const refresh = res.cookies.find((c) => c.name === "refresh_token");
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
  });

  it("marks personal answers private, no-store and public reads no-cache (never kept without revalidation)", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: employee.username, password: TEST_PASSWORD },
    });
    expect(login.headers["cache-control"]).toBe("private, no-store");
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: t.bearer(login.json().token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers["cache-control"]).toBe("private, no-store");
    const list = await t.app.inject({ method: "GET", url: "/api/projects" });
    expect(list.headers["cache-control"]).toBe("no-cache");
  });

  it("refuses a wrong password with the same message as an unknown user", async () => {
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: employee.username, password: "not-the-password" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "nobody-here", password: "not-the-password" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it("gives field messages in Arabic for an empty login form (SPEC §5.2)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "", password: "" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ username: "اسم المستخدم مطلوب", password: "كلمة المرور مطلوبة" });
  });

  it("rotates tokens on refresh, revokes the session when a rotated refresh token comes back, and logs out", async () => {
    const user = await t.signIn("manager");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === "refresh_token")!.value;
    const first = await t.app.inject({ method: "POST", url: "/api/auth/refresh", cookies: { refresh_token: cookie } });
    expect(first.statusCode).toBe(200);
    const rotated = first.cookies.find((c) => c.name === "refresh_token")!.value;
    expect(rotated).not.toBe(cookie);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: t.bearer(first.json().token) });
    expect(me.json().username).toBe(user.username);

    // The old cookie again, long after the rotation: theft. The whole session ends, including the token just issued.
    await t.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
      .where(eq(sessions.userId, user.id));
    const replay = await t.app.inject({ method: "POST", url: "/api/auth/refresh", cookies: { refresh_token: cookie } });
    expect(replay.statusCode).toBe(401);
    const after = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: t.bearer(first.json().token) });
    expect(after.statusCode).toBe(401);

    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: t.bearer(user.token) });
    expect(logout.statusCode).toBe(200);
    const gone = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: t.bearer(user.token) });
    expect(gone.statusCode).toBe(401);
  });

  it("rotates again when the previous cookie comes back within the grace period (a page left mid-refresh)", async () => {
    const user = await t.signIn("employee");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    const first = login.cookies.find((c) => c.name === "refresh_token")!.value;
    const rotated = await t.app.inject({ method: "POST", url: "/api/auth/refresh", cookies: { refresh_token: first } });
    const second = rotated.cookies.find((c) => c.name === "refresh_token")!.value;
    // The browser never stored `second` (the page navigated away): the next page presents `first` again.
    const again = await t.app.inject({ method: "POST", url: "/api/auth/refresh", cookies: { refresh_token: first } });
    expect(again.statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: t.bearer(again.json().token) });
    expect(me.statusCode).toBe(200);
    // The cookie that was lost in between is now the previous one, still inside the grace period.
    const late = await t.app.inject({ method: "POST", url: "/api/auth/refresh", cookies: { refresh_token: second } });
    expect(late.statusCode).toBe(200);
  });

  it("refuses a refresh posted from another origin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      headers: { origin: "https://evil.example" },
      cookies: { refresh_token: "whatever" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("access rules", () => {
  it("answers 401 without a session and 403 without the permission", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/contact/messages" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: "GET", url: "/api/users", headers: t.bearer(employee.token) });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/users", headers: t.bearer(admin.token) })).statusCode).toBe(
      200,
    );
  });

  it("grants nothing for an api_key query parameter (SPEC §7.1 is never trusted)", async () => {
    const key = encodeURIComponent(`${admin.id}:super_admin`);
    const res = await t.app.inject({ method: "GET", url: `/api/contact/messages?api_key=${key}` });
    expect(res.statusCode).toBe(401);
    const asEmployee = await t.app.inject({
      method: "GET",
      url: `/api/users?api_key=${key}`,
      headers: t.bearer(employee.token),
    });
    expect(asEmployee.statusCode).toBe(403);
  });

  it("ignores a forged or garbage bearer token", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${"x".repeat(5000)}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it("lists users without password hashes, and the role-permission map, for a super_admin", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/users", headers: t.bearer(admin.token) });
    expect(list.json()[0]).not.toHaveProperty("passwordHash");
    expect(Object.keys(list.json()[0]).sort()).toEqual([
      "accountId",
      "createdAt",
      "email",
      "id",
      "name",
      "role",
      "username",
    ]);
    const map = await t.app.inject({ method: "GET", url: "/api/roles/permissions", headers: t.bearer(admin.token) });
    expect(map.statusCode).toBe(200);
    expect(map.json().employee.map((p: { key: string }) => p.key)).toContain("projects.view");
    const catalogue = await t.app.inject({ method: "GET", url: "/api/permissions", headers: t.bearer(employee.token) });
    expect(catalogue.json().map((p: { key: string }) => p.key)).toContain("permissions.manage");
  });
});

describe("contact (leads)", () => {
  it("stores a home-page enquiry with E.164 phone, and counts it for staff", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "سارة", email: "Sara@Example.com", phone: "0551234567", message: "أرغب بزيارة المشروع" },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({
      phone: "+966551234567",
      email: "sara@example.com",
      source: "home",
      isDuplicate: false,
    });
    const list = await t.app.inject({ method: "GET", url: "/api/contact/messages", headers: t.bearer(admin.token) });
    expect(list.json().some((m: { id: number }) => m.id === res.json().id)).toBe(true);
  });

  it("flags the same phone within 30 days as a duplicate, and links a project-page enquiry to its project", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "سارة", phone: "+966551234567", message: "استفسار آخر", projectReference: projectId },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().isDuplicate).toBe(true);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ projectId, source: "project" });
  });

  it("gives Arabic field messages for a missing name, a bad phone and a missing message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: " ", phone: "12345", email: "x@y.z", projectReference: projectId },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields;
    expect(fields.name).toBe("الاسم مطلوب");
    expect(fields.phone).toMatch(/رقم الجوال غير صحيح/);
  });
});

describe("hostile input never yields a 500", () => {
  it("answers malformed JSON with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTypeOf("string");
  });

  it("answers wrong types with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: 42, message: ["a"], projectReference: "x" },
    });
    expect(res.statusCode).toBe(400);
  });

  it("answers a body over the limit with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "x", message: "y".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it("answers an unsupported content type with 415, and an unknown API path with 404", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "text/xml" },
      payload: "<a/>",
    });
    expect(res.statusCode).toBe(415);
    const missing = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-security-policy"]).toBeDefined();
  });
});
