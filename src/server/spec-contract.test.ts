/**
 * A client written from the specification keeps working (ARCHITECTURE resolution 18, docs/product.md §7.1–§7.2,
 * docs/decisions/051-spec-bodies-accepted-as-written.md): every call of the call table that takes a body is sent here
 * exactly as docs/product.md lists its payload — its own field names, no more, no fewer — with what §7.1 adds to every
 * request (JSON content type, the Bearer token, the cookies, the `api_key` query parameter of a stored user), and is
 * expected to succeed. A later change that refuses one of these fields, or a field the call table names, fails here.
 */
import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIELD_MESSAGES } from "#domain/schemas/common.ts";
import { LANDING_TEXTS } from "#domain/schemas/landing.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "./test-utils/app.ts";

/** A multipart body of one file part (docs/product.md §7.2 uploads: the field is named after the kind). */
function multipart(field: string, fileName: string, type: string, data: Buffer) {
  const boundary = `----spec${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const png = (seed: number) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: { r: seed, g: 120, b: 90 } } })
    .png()
    .toBuffer();

describe("the calls of docs/product.md §7.2, sent as a client written from it sends them", () => {
  let t: TestApp;
  /** What a SPEC client keeps after login (§3 "Stored user", §7.1): the user, the token and the cookies it got. */
  const session = { id: "", role: "", token: "", cookies: {} as Record<string, string> };
  const username = "spec.client";

  /** A call as §7.1 makes it: cookies, Bearer token, `api_key=id:role` when a user is stored, JSON body. */
  async function call(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
    raw?: { payload: Buffer; contentType: string },
    { plainPath = false } = {},
  ): Promise<LightMyRequestResponse> {
    const apiKey = session.id && !plainPath ? `api_key=${encodeURIComponent(`${session.id}:${session.role}`)}` : "";
    const res = await t.app.inject({
      method,
      url: apiKey ? `${path}${path.includes("?") ? "&" : "?"}${apiKey}` : path,
      cookies: session.cookies,
      headers: {
        origin: t.config.publicUrl,
        ...(session.token ? { authorization: `Bearer ${session.token}` } : {}),
        ...(raw
          ? { "content-type": raw.contentType }
          : body !== undefined
            ? { "content-type": "application/json" }
            : {}),
      },
      ...(raw ? { payload: raw.payload } : body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    for (const cookie of res.cookies) session.cookies[cookie.name] = cookie.value;
    return res;
  }

  const expectOk = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };

  /** Ids the later calls refer to. */
  const ids = { project: 0, unit: 0, update: 0, landingPage: 0, campaign: 0, employee: "", permission: 0 };
  const media = { images: [] as string[], image: "", poster: "", pdf: "" };

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser("super_admin", { username, name: "مدير الموقع" });
  });
  afterAll(async () => t?.close());

  it("POST /api/auth/login {username, password} → {user, token}", async () => {
    const answer = expectOk(await call("POST", "/api/auth/login", { username, password: TEST_PASSWORD }));
    expect(answer).toMatchObject({ user: { username, role: "super_admin" }, token: expect.any(String) });
    Object.assign(session, { id: answer.user.id, role: answer.user.role, token: answer.token });
  });

  it("POST /api/auth/refresh (no body, the cookie) → {user, token}", async () => {
    const answer = expectOk(await call("POST", "/api/auth/refresh"));
    expect(answer).toMatchObject({ user: { id: session.id }, token: expect.any(String) });
    session.token = answer.token;
  });

  it("POST /api/upload/image, /api/upload/pdf (multipart, field named after the kind) and /api/upload/images", async () => {
    const one = expectOk(
      await call("POST", "/api/upload/image", undefined, multipart("image", "a.png", "image/png", await png(1))),
    );
    expect(one).toMatchObject({ url: expect.stringMatching(/^\/media\//), isDuplicate: false });
    media.image = one.url;
    const poster = expectOk(
      await call("POST", "/api/upload/image", undefined, multipart("image", "p.png", "image/png", await png(2))),
    );
    media.poster = poster.url;
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
      "latin1",
    );
    media.pdf = expectOk(
      await call("POST", "/api/upload/pdf", undefined, multipart("pdf", "b.pdf", "application/pdf", pdf)),
    ).url;
    const many = expectOk(
      await call("POST", "/api/upload/images", undefined, multipart("images", "c.png", "image/png", await png(3))),
    );
    expect(many.files).toHaveLength(1);
    media.images = [many.files[0].url, media.image];
  });

  /** The full project form of §5.3: every §3 project field except id, createdAt, updatedAt and featuredRank. */
  const projectForm = () => ({
    name: "أبراج الساحل",
    description: "مشروع سكني في شمال جدة",
    price: 850000,
    city: "جدة",
    latitude: 21.6,
    longitude: 39.1,
    distanceFromLandmark: ["٥ دقائق من الكورنيش"],
    areaSize: 180.5,
    areaSizeMin: null,
    areaSizeMax: null,
    areaType: "single",
    areaUnit: "m2",
    rooms: 4,
    roomsMin: null,
    roomsMax: null,
    roomsType: "single",
    bathrooms: 3,
    hasGarage: true,
    hasDriverRoom: false,
    hasMaidRoom: true,
    images: media.images,
    videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    pdfUrl: media.pdf,
    guarantees: [
      { type: "structural", years: 20 },
      { type: "plumbing", years: 5 },
    ],
    completionPercentage: 40,
    salesPercentage: 0,
    salesOverrideEnabled: false,
    salesOverrideValue: null,
    concretePercentage: 80,
    plumbingPercentage: 30,
    electricalPercentage: 20,
    finishingPercentage: 0,
  });

  it("POST /api/projects and PUT /api/projects/{id}: the full project form incl. images, videoUrl, pdfUrl", async () => {
    const created = expectOk(await call("POST", "/api/projects", projectForm()));
    expect(created).toMatchObject({ name: "أبراج الساحل", pdfUrl: media.pdf, images: media.images });
    ids.project = created.id;
    const edited = expectOk(await call("PUT", `/api/projects/${ids.project}`, { ...projectForm(), price: 900000 }));
    expect(edited).toMatchObject({ id: ids.project, price: 900000 });
  });

  it("POST /api/projects/{id}/set-featured-rank {rank}, a positive integer or null", async () => {
    expect(expectOk(await call("POST", `/api/projects/${ids.project}/set-featured-rank`, { rank: 1 }))).toBeDefined();
    expect(
      expectOk(await call("POST", `/api/projects/${ids.project}/set-featured-rank`, { rank: null })),
    ).toBeDefined();
  });

  /** The update form of §2.13, with §3's thumbnailUrl. */
  const updateForm = () => ({
    projectId: ids.project,
    title: "زيارة الموقع",
    summary: "اكتمال أعمال الخرسانة للدور الثالث",
    thumbnailUrl: media.image,
    videoUrl: "",
    interiorPhotos: [media.image],
    dronePhotos: [media.images[0]],
    concretePercentage: 80,
    plumbingPercentage: 30,
    electricalPercentage: 20,
    finishingPercentage: 5,
    completionPercentage: 45,
    lastVisitDate: "2026-11-01",
    notes: "",
  });

  it("POST /api/project-updates and PUT /api/project-updates/{id}: the update fields", async () => {
    const created = expectOk(await call("POST", "/api/project-updates", updateForm()));
    ids.update = created.id;
    const edited = expectOk(
      await call("PUT", `/api/project-updates/${ids.update}`, { ...updateForm(), lastVisitDate: null }),
    );
    expect(edited).toMatchObject({ id: ids.update, lastVisitDate: null });
  });

  const unitBody = () => ({
    projectId: ids.project,
    unitNumber: "101",
    building: "A",
    price: 650000,
    status: "متاحة",
    rooms: 3,
    floor: 1,
    direction: ["شمال", "شرق"],
    privateArea: 120.5,
    totalArea: 140.25,
  });

  it("POST /api/units and PUT /api/units/{id}: {projectId, unitNumber, building, price, status, rooms, floor, direction, privateArea, totalArea}", async () => {
    const created = expectOk(await call("POST", "/api/units", unitBody()));
    ids.unit = created.id;
    const edited = expectOk(await call("PUT", `/api/units/${ids.unit}`, { ...unitBody(), status: "محجوزة" }));
    expect(edited).toMatchObject({ id: ids.unit, status: "محجوزة" });
  });

  it("POST /api/units/upload and POST /api/projects/{id}/units/upload: multipart with file", async () => {
    const csv = (rows: string) => Buffer.from(`projectId,unitNumber,building,price,status\n${rows}`);
    const all = expectOk(
      await call(
        "POST",
        "/api/units/upload",
        undefined,
        multipart("file", "units.csv", "text/csv", csv(`${ids.project},201,B,700000,متاحة\n`)),
      ),
    );
    expect(all).toMatchObject({ insertedCount: 1, skippedCount: 0 });
    const one = expectOk(
      await call(
        "POST",
        `/api/projects/${ids.project}/units/upload`,
        undefined,
        multipart("file", "units.csv", "text/csv", csv(`${ids.project},202,B,710000,متاحة\n`)),
      ),
    );
    expect(one).toMatchObject({ insertedCount: 1, errors: [] });
  });

  /** The landing-page payload of §7.2, projectId included. */
  const landingBody = () => ({
    projectId: ids.project,
    poster: media.poster,
    images: media.images,
    videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    webhookUrl: "",
    features: [{ text: "مسبح", image: media.image }],
    guarantees: [{ text: "ضمان ٢٠ سنة على الهيكل", image: null }],
    buildingSpecs: [{ text: "عزل حراري", image: "" }],
  });

  it("POST /api/landing-pages/{projectId} {projectId, poster, images, videoUrl, webhookUrl, features, guarantees, buildingSpecs}", async () => {
    const created = expectOk(await call("POST", `/api/landing-pages/${ids.project}`, landingBody()));
    expect(created).toMatchObject({ projectId: ids.project, poster: media.poster });
    // The answer may include campaigns with urlSlug whose links are shown (§7.2).
    expect(created.campaigns.map((c: { urlSlug: string }) => c.urlSlug)).toContain(`facebook/project-${ids.project}`);
    ids.landingPage = created.id;
  });

  it("PUT /api/landing-pages/{id}: the page fields", async () => {
    const edited = expectOk(
      await call("PUT", `/api/landing-pages/${ids.landingPage}`, { ...landingBody(), features: [] }),
    );
    expect(edited).toMatchObject({ id: ids.landingPage, features: [] });
  });

  it("POST /api/landing-pages/{id}/custom-campaign {platformName, urlSlug, displayName, webhookUrl}", async () => {
    const created = expectOk(
      await call("POST", `/api/landing-pages/${ids.landingPage}/custom-campaign`, {
        platformName: "whatsapp",
        urlSlug: "winter-offer",
        displayName: "عرض الشتاء",
        webhookUrl: "",
      }),
    );
    expect(created).toMatchObject({ urlSlug: "winter-offer", isCustom: true });
    ids.campaign = created.id;
  });

  it("PUT /api/landing-campaigns/{id}/webhook {webhookUrl}", async () => {
    const edited = expectOk(
      await call("PUT", `/api/landing-campaigns/${ids.campaign}/webhook`, { webhookUrl: "https://93.184.216.34/crm" }),
    );
    expect(edited).toMatchObject({ id: ids.campaign, webhookUrl: "https://93.184.216.34/crm" });
  });

  it("POST /api/users and PUT /api/users/{id}: username, password, name, role; the password only if filled", async () => {
    const created = expectOk(
      await call("POST", "/api/users", {
        username: "sara.employee",
        password: "Jeddah-Sea-Breeze-2026",
        name: "سارة",
        role: "employee",
      }),
    );
    ids.employee = created.id;
    const edited = expectOk(
      await call("PUT", `/api/users/${ids.employee}`, {
        username: "sara.employee",
        name: "سارة أحمد",
        role: "manager",
      }),
    );
    expect(edited).toMatchObject({ name: "سارة أحمد", role: "manager" });
    expectOk(
      await call("PUT", `/api/users/${ids.employee}`, {
        username: "sara.employee",
        name: "سارة أحمد",
        role: "manager",
        password: "Red-Sea-Corniche-2027",
      }),
    );
  });

  it("PUT /api/roles/{role}/permissions {permissionIds} and PUT /api/users/{id}/permissions {permissionId, granted}", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/permissions", headers: t.bearer(session.token) });
    const catalogue = list.json() as { id: number; key: string }[];
    const view = catalogue.filter((p) => p.key.endsWith(".view")).map((p) => p.id);
    const role = expectOk(await call("PUT", "/api/roles/photographer/permissions", { permissionIds: view }));
    expect(role.permissions).toBeDefined();
    ids.permission = catalogue.find((p) => p.key === "projects.create")?.id ?? 0;
    const override = expectOk(
      await call("PUT", `/api/users/${ids.employee}/permissions`, { permissionId: ids.permission, granted: true }),
    );
    expect(override).toMatchObject({ permissionId: ids.permission, granted: true });
  });

  it("POST /api/contact {name, email, phone, message} plus landingPageId or projectReference (no session)", async () => {
    const visitor = { ...session };
    Object.assign(session, { id: "", role: "", token: "", cookies: {} });
    try {
      const base = {
        name: "محمد",
        email: "visitor@example.com",
        phone: "0551234567",
        message: "أرغب في زيارة المشروع",
      };
      expectOk(await call("POST", "/api/contact", base));
      expectOk(await call("POST", "/api/contact", { ...base, projectReference: ids.project }));
      expectOk(await call("POST", "/api/contact", { ...base, message: "", landingPageId: ids.landingPage }));
    } finally {
      Object.assign(session, visitor);
    }
  });

  it("every read of §7.2 answers 200 with the api_key query parameter a stored user adds (§7.1)", async () => {
    const reads = [
      "/api/auth/me",
      "/api/permissions",
      "/api/roles/permissions",
      "/api/users",
      `/api/users/${ids.employee}/permissions`,
      "/api/projects",
      `/api/projects/${ids.project}`,
      `/api/validate/project?name=${encodeURIComponent("أبراج الساحل")}&city=${encodeURIComponent("جدة")}`,
      "/api/project-updates",
      `/api/project-updates/${ids.update}`,
      `/api/projects/${ids.project}/updates`,
      `/api/projects/${ids.project}/units`,
      "/api/units",
      "/api/units/template.xlsx",
      "/api/units/template.csv",
      `/api/landing-pages/${ids.project}`,
      `/api/landing-pages/${ids.landingPage}/campaigns`,
      "/api/campaign/winter-offer",
      "/api/contact/messages",
    ];
    for (const path of reads) {
      const res = await call("GET", path);
      expect(res.statusCode, `GET ${path}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    // The guarantee-type check: 200 (free) or 409 (duplicate), never a refused query.
    const guarantee = await call("GET", `/api/validate/project/${ids.project}/guarantee?type=structural`);
    expect([200, 409]).toContain(guarantee.statusCode);
  });

  it("the deletes of §7.2 succeed; the project's is sent on the plain path", async () => {
    const messages = (await call("GET", "/api/contact/messages")).json() as { id: number }[];
    const deletes = [
      `/api/users/${ids.employee}/permissions/${ids.permission}`,
      `/api/contact/messages/${messages[0]?.id}`,
      `/api/landing-campaigns/${ids.campaign}`,
      `/api/units/${ids.unit}`,
      `/api/project-updates/${ids.update}`,
      `/api/users/${ids.employee}`,
    ];
    for (const path of deletes) {
      const res = await call("DELETE", path);
      expect(res.statusCode, `DELETE ${path}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    }
    const project = await call("DELETE", `/api/projects/${ids.project}`, undefined, undefined, { plainPath: true });
    expect(project.statusCode, project.body).toBeLessThan(300);
  });

  it("POST /api/auth/logout (no body) ends the session", async () => {
    expectOk(await call("POST", "/api/auth/logout"));
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: t.bearer(session.token) });
    expect(me.statusCode).toBe(401);
  });
});

describe("SPEC's own fields that the server sets (ARCHITECTURE resolution 18)", () => {
  let t: TestApp;
  let token: string;
  let projectId: number;
  let otherId: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signIn("super_admin")).token;
    const make = async (name: string) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/projects",
          headers: t.bearer(token),
          payload: { name, city: "جدة", price: 1 },
        })
      ).json().id as number;
    projectId = await make("مشروع أ");
    otherId = await make("مشروع ب");
  });
  afterAll(async () => t?.close());

  const post = (path: number, body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${path}`,
      headers: t.bearer(token),
      payload: { poster: "/media/images/aaaaaaaaaaaaaaaa.webp", ...body },
    });

  it("refuses a landing page body naming another project's id, naming projectId, and creates nothing", async () => {
    const res = await post(projectId, { projectId: otherId });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ projectId: LANDING_TEXTS.projectMismatch });
    const got = await t.app.inject({ method: "GET", url: `/api/landing-pages/${projectId}`, headers: t.bearer(token) });
    expect(got.statusCode).toBe(404);
  });

  it("refuses a projectId that is not an id, naming projectId", async () => {
    for (const value of ["abc", -1, 1.5, null]) {
      const res = await post(projectId, { projectId: value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(Object.keys(res.json().fields), String(value)).toEqual(["projectId"]);
    }
  });

  it("accepts the path's id, as a number or as the text a URL parameter gives", async () => {
    expect((await post(projectId, { projectId: String(projectId) })).statusCode).toBe(201);
    expect((await post(otherId, { projectId: otherId })).statusCode).toBe(201);
  });

  it("accepts the project form's salesPercentage on a new project; the server's value stands", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: t.bearer(token),
      payload: { name: "مشروع ج", city: "جدة", price: 1, salesPercentage: 100 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().salesPercentage).toBe(0);
  });

  it("still refuses the fields the server sets, each on its own key", async () => {
    const res = await post(projectId, { id: 3, createdAt: "2026-01-01" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ id: FIELD_MESSAGES.readOnly, createdAt: FIELD_MESSAGES.readOnly });
  });
});
