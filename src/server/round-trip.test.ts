/**
 * GET → PUT round trips (docs/decisions/013-request-bodies.md): for every entity with a replace call, the object a
 * GET answered, sent back with one writable field changed, is accepted: the read-only fields it carries (id,
 * timestamps, computed values) are ignored, the change is stored, and the read-only values stay the server's.
 * An unknown field is refused on its own key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIELD_MESSAGES } from "#domain/schemas/common.ts";
import { createTestApp, type TestApp, type TestUser } from "./test-utils/app.ts";

describe("GET → PUT round trips", () => {
  let t: TestApp;
  let admin: TestUser;
  let projectId: number;

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: t.bearer(admin.token) });

  /** GETs `url`, PUTs the answer back to `putUrl` with `change` applied, and returns both answers. */
  async function roundTrip(url: string, change: Record<string, unknown>, putUrl = url) {
    const got = await call("GET", url);
    expect(got.statusCode).toBe(200);
    const before = got.json();
    const put = await call("PUT", putUrl, { ...before, ...change });
    expect(put.statusCode, put.body).toBe(200);
    return { before, after: put.json() };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn("super_admin");
    const created = await call("POST", "/api/projects", { name: "مشروع الجولة", city: "جدة", price: 900000 });
    expect(created.statusCode, created.body).toBe(201);
    projectId = created.json().id;
  });
  afterAll(async () => t.close());

  it("project: id, featuredRank, salesPercentage, unitCounts and timestamps are ignored", async () => {
    await call("POST", `/api/projects/${projectId}/set-featured-rank`, { rank: 2 });
    const { before, after } = await roundTrip(`/api/projects/${projectId}`, {
      description: "وصف جديد",
      // A client that edits a read-only value does not change it.
      salesPercentage: 99,
      featuredRank: 7,
      id: 12345,
    });
    expect(after.description).toBe("وصف جديد");
    expect(after).toMatchObject({ id: projectId, featuredRank: 2, salesPercentage: before.salesPercentage });
    expect(after.createdAt).toBe(before.createdAt);
    expect(after.unitCounts).toEqual(before.unitCounts);

    const unknown = await call("PUT", `/api/projects/${projectId}`, { ...before, colour: "أزرق" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ colour: FIELD_MESSAGES.unknown });
  });

  it("progress update: id, projectName and createdAt are ignored", async () => {
    const created = await call("POST", "/api/project-updates", { projectId, title: "زيارة", concretePercentage: 40 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const { before, after } = await roundTrip(`/api/project-updates/${id}`, {
      title: "زيارة الموقع",
      projectName: "x",
    });
    expect(after).toMatchObject({
      id,
      title: "زيارة الموقع",
      projectName: "مشروع الجولة",
      createdAt: before.createdAt,
    });

    const unknown = await call("PUT", `/api/project-updates/${id}`, { ...before, extra: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ extra: FIELD_MESSAGES.unknown });
    const readOnly = await call("POST", "/api/project-updates", { projectId, title: "ب", createdAt: before.createdAt });
    expect(readOnly.json().fields).toEqual({ createdAt: FIELD_MESSAGES.readOnly });
  });

  it("unit: id and timestamps are ignored", async () => {
    const created = await call("POST", "/api/units", { projectId, unitNumber: "R-1", building: "A", price: 500000 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const { before, after } = await roundTrip(`/api/units/${id}`, { status: "محجوزة", id: 999 });
    expect(after).toMatchObject({ id, status: "محجوزة", createdAt: before.createdAt, unitNumber: "R-1" });
    const unknown = await call("PUT", `/api/units/${id}`, { ...before, colour: "x" });
    expect(unknown.json().fields).toEqual({ colour: FIELD_MESSAGES.unknown });
    const readOnly = await call("POST", "/api/units", { projectId, unitNumber: "R-2", id: 5 });
    expect(readOnly.json().fields).toEqual({ id: FIELD_MESSAGES.readOnly });
  });

  it("landing page: id, projectId, hasWebhookSecret and timestamps are ignored", async () => {
    const created = await call("POST", `/api/landing-pages/${projectId}`, {
      poster: "/media/images/aaaaaaaaaaaaaaaa.webp",
    });
    expect(created.statusCode, created.body).toBe(201);
    const pageId = created.json().id;
    const got = await call("GET", `/api/landing-pages/${projectId}`);
    const before = got.json();
    const put = await call("PUT", `/api/landing-pages/${pageId}`, {
      ...before,
      features: [{ text: "مسبح", image: null }],
      hasWebhookSecret: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      id: pageId,
      projectId,
      hasWebhookSecret: false,
      features: [{ text: "مسبح", image: null }],
      createdAt: before.createdAt,
    });
    const unknown = await call("PUT", `/api/landing-pages/${pageId}`, { ...before, title: "x" });
    expect(unknown.json().fields).toEqual({ title: FIELD_MESSAGES.unknown });
  });

  it("user: id, accountId and createdAt are ignored", async () => {
    const created = await call("POST", "/api/users", {
      username: "round.trip",
      name: "موظف",
      role: "employee",
      password: "a-long-unusual-passphrase-7",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const list = await call("GET", "/api/users");
    const before = list.json().find((u: { id: string }) => u.id === id);
    const put = await call("PUT", `/api/users/${id}`, { ...before, name: "موظف المبيعات", accountId: null });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      id,
      name: "موظف المبيعات",
      accountId: before.accountId,
      createdAt: before.createdAt,
    });
    const unknown = await call("PUT", `/api/users/${id}`, { ...before, isAdmin: true, permissions: [] });
    expect(unknown.json().fields).toEqual({ isAdmin: FIELD_MESSAGES.unknown, permissions: FIELD_MESSAGES.unknown });
  });
});
