/**
 * Client input never breaks the server (ARCHITECTURE security model: bad input → 400, never a 500): control
 * characters in text, dates out of range, URLs Fastify's router refuses, malformed Host headers and multipart bodies,
 * bad JSON, and concurrent saves of one role's permissions. Every refusal is the one error shape with an Arabic
 * message and without the input echoed. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
 */
import { describe, expect, it } from "vitest";
import { ID_INVALID } from "#domain/schemas/common.ts";
import { permissions } from "./db/tables/access.ts";
import { setUpTestApp, signedIn } from "./test-utils/block-app.ts";

const MARKER = "zqx9echo";
const ARABIC = /[\u0600-\u06ff]/;

/** The answer is a 4xx in the error shape, Arabic, without the marker. */
function expectRefusal(res: { statusCode: number; body: string; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { statusCode: number; message: string };
  expect(body.statusCode).toBe(status);
  expect(body.message).toMatch(ARABIC);
  expect(res.body).not.toContain(MARKER);
}

describe("client input never answers 5xx", () => {
  const t = setUpTestApp();
  const admin = signedIn(t, "super_admin");

  it("refuses a NUL or other control character in text with 400 and a field message", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: `ad\u0000min${MARKER}`, password: "x" },
    });
    expectRefusal(login, 400);
    expect(Object.keys(login.json().fields)).toEqual(["username"]);

    const project = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: t.bearer(admin.token),
      payload: { name: `برج\u0000${MARKER}`, city: "جدة" },
    });
    expectRefusal(project, 400);
    expect(project.json().fields.name).toBeDefined();

    for (const url of [
      `/api/projects?search=%00${MARKER}`,
      `/api/contact/messages?search=a%00${MARKER}`,
      `/api/audit-logs?action=%01${MARKER}`,
    ]) {
      expectRefusal(await t.app.inject({ method: "GET", url, headers: t.bearer(admin.token) }), 400);
    }
    const contact = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: `أحمد\u0000${MARKER}`, phone: "0551234567", consent: true },
    });
    expectRefusal(contact, 400);
  });

  it("refuses dates outside 1900–2100 on the leads list, its export and the audit log", async () => {
    for (const url of [
      "/api/contact/messages?from=0000-01-01",
      "/api/contact/messages/export?format=csv&to=2101-01-01",
      "/api/audit-logs?from=0000-01-01",
      "/api/audit-logs?to=%2B275760-09-13T00:00:00.000Z",
    ]) {
      expectRefusal(await t.app.inject({ method: "GET", url, headers: t.bearer(admin.token) }), 400);
    }
    const ok = await t.app.inject({
      method: "GET",
      url: "/api/audit-logs?from=2026-01-01&to=2026-12-31",
      headers: t.bearer(admin.token),
    });
    expect(ok.statusCode).toBe(200);
  });

  it("answers Fastify's router errors in the error shape, in Arabic, without the URL", async () => {
    expectRefusal(await t.app.inject({ method: "GET", url: `/api/projects/%zz${MARKER}` }), 400);
    expectRefusal(await t.app.inject({ method: "GET", url: `/api/projects/${MARKER}${"9".repeat(300)}` }), 414);
    const badJson = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: `{"username":"${MARKER}",`,
    });
    expectRefusal(badJson, 400);
  });

  it("names a path id that is not a record's id in Arabic (400 fields.id)", async () => {
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/projects/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().fields, id).toEqual({ id: ID_INVALID });
    }
  });

  it("answers a malformed Host header with 400", async () => {
    for (const host of ["a b", "[::1", "user@example.com", "example.com/x"]) {
      expectRefusal(await t.app.inject({ method: "GET", url: "/api/health", headers: { host } }), 400);
    }
    for (const host of ["example.com", "example.com:8080", "[::1]:3000", "127.0.0.1"]) {
      const res = await t.app.inject({ method: "GET", url: "/api/health", headers: { host } });
      expect(res.statusCode).toBe(200);
    }
  });

  it("answers a malformed multipart body on the image uploads with 400", async () => {
    const boundary = "b0undary";
    const bodies = [
      // No closing boundary: the body ends inside the file.
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n${MARKER}`,
      // A part without a Content-Disposition, then the end of the body.
      `--${boundary}\r\nX: y\r\n\r\nabc`,
      // Part headers that never end.
      `--${boundary}\r\n${"X-Long: y\r\n".repeat(5000)}`,
    ];
    for (const url of ["/api/upload/images", "/api/upload/image"]) {
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: "POST",
          url,
          headers: { ...t.bearer(admin.token), "content-type": `multipart/form-data; boundary=${boundary}` },
          payload,
        });
        expect(res.statusCode, `${url} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().message).toMatch(ARABIC);
        expect(res.body).not.toContain(MARKER);
      }
    }
  });

  it("answers 10 concurrent saves of one role's permissions with 200 or 409, never 500", async () => {
    const catalogue = await t.db.select({ id: permissions.id }).from(permissions);
    const ids = catalogue.map((p) => p.id);
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_v, i) =>
        t.app.inject({
          method: "PUT",
          url: "/api/roles/employee/permissions",
          headers: t.bearer(admin.token),
          payload: { permissionIds: ids.slice(0, 3 + (i % 4)) },
        }),
      ),
    );
    for (const res of saves) expect([200, 409]).toContain(res.statusCode);
    const after = await t.app.inject({ method: "GET", url: "/api/roles/permissions", headers: t.bearer(admin.token) });
    expect(after.statusCode).toBe(200);
  });

  it("gives every route an explicit body limit and answers a larger body 413 without echoing it", async () => {
    const routes = t.app.declaredRoutes.filter((r) => r.url.startsWith("/api"));
    expect(routes.filter((r) => typeof r.bodyLimit !== "number").map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const big = JSON.stringify({ name: MARKER.repeat(300_000), phone: "0551234567" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: big,
    });
    expectRefusal(res, 413);
    expect(res.body.length).toBeLessThan(500);
  });
});
