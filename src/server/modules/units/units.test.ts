import * as XLSX from "@e965/xlsx";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { UNIT_MESSAGES } from "#domain/schemas/unit.ts";
import { projects, units } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";

describe("unit routes", () => {
  const t = setUpTestApp();
  const admin = signedIn(t, "super_admin");
  const manager = signedIn(t, "manager");
  const employee = signedIn(t, "employee");
  const photographer = signedIn(t, "photographer");
  let projectId: number;
  let otherProjectId: number;

  beforeAll(async () => {
    const rows = await t.db
      .insert(projects)
      .values([
        { name: "برج الاختبار", city: "جدة", price: 900000 },
        { name: "مشروع آخر", city: "جدة", price: 700000 },
      ])
      .returning({ id: projects.id });
    projectId = rows[0].id;
    otherProjectId = rows[1].id;
  });

  let counter = 0;
  const body = (overrides: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      projectId,
      unitNumber: `U-${counter}`,
      building: "A",
      price: 850000,
      rooms: 3,
      floor: 2,
      direction: ["شرق", "شمال"],
      privateArea: "120.50",
      totalArea: "",
      ...overrides,
    };
  };

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? t.bearer(token) : {}, payload: payload as object | undefined });

  describe("GET /api/units", () => {
    it("needs a session and units.view", async () => {
      expect((await call("GET", "/api/units", null)).statusCode).toBe(401);
      expect((await call("GET", "/api/units", photographer.token)).statusCode).toBe(403);
      const res = await call("GET", "/api/units", employee.token);
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    });

    it("GET /api/units/{id} reads one unit (401, 403, 404 as they apply)", async () => {
      const created = (await call("POST", "/api/units", employee.token, body())).json();
      expect((await call("GET", `/api/units/${created.id}`, null)).statusCode).toBe(401);
      expect((await call("GET", `/api/units/${created.id}`, photographer.token)).statusCode).toBe(403);
      expect((await call("GET", "/api/units/424242", employee.token)).statusCode).toBe(404);
      const res = await call("GET", `/api/units/${created.id}`, employee.token);
      expect(res.json()).toMatchObject({ id: created.id, unitNumber: created.unitNumber });
    });
  });

  describe("POST /api/units", () => {
    it("creates a unit with the schema's normalisation and an audit row", async () => {
      const res = await call("POST", "/api/units", employee.token, body({ unitNumber: " 101 ", status: "" }));
      expect(res.statusCode).toBe(201);
      const unit = res.json();
      expect(unit).toMatchObject({
        projectId,
        unitNumber: "101",
        building: "A",
        price: 850000,
        status: "متاحة",
        rooms: 3,
        floor: 2,
        direction: ["شمال", "شرق"],
        privateArea: 120.5,
        totalArea: null,
      });
      const audit = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityType, "unit"), eq(auditLogs.entityId, String(unit.id))));
      expect(audit.map((a) => a.action)).toEqual(["create"]);
      expect(audit[0].userId).toBe(employee.id);
    });

    it("answers 401 without a session and 403 without units.create", async () => {
      expect((await call("POST", "/api/units", null, body())).statusCode).toBe(401);
      expect((await call("POST", "/api/units", photographer.token, body())).statusCode).toBe(403);
    });

    it("answers 400 with the Arabic field messages of the form's rules", async () => {
      const res = await call(
        "POST",
        "/api/units",
        employee.token,
        body({
          unitNumber: "  ",
          rooms: 11,
          floor: -6,
          privateArea: "10.005",
          status: "متاح للبيع",
          direction: ["فوق"],
        }),
      );
      expect(res.statusCode).toBe(400);
      const fields = res.json().fields as Record<string, string>;
      expect(fields.unitNumber).toBe(UNIT_MESSAGES.unitNumberRequired);
      expect(fields.rooms).toBe(UNIT_MESSAGES.roomsInvalid);
      expect(fields.floor).toBe(UNIT_MESSAGES.floorInvalid);
      expect(fields.privateArea).toBe(UNIT_MESSAGES.privateAreaInvalid);
      expect(fields.status).toBe(UNIT_MESSAGES.statusInvalid);
      expect(Object.keys(fields).some((k) => k.startsWith("direction"))).toBe(true);
    });

    it("accepts the limits themselves (rooms 1–10, floor −5..50, areas on the 0.01 step)", async () => {
      const low = await call("POST", "/api/units", employee.token, body({ rooms: 1, floor: -5, privateArea: 1 }));
      const high = await call(
        "POST",
        "/api/units",
        employee.token,
        body({ rooms: 10, floor: 50, totalArea: "99999999.99" }),
      );
      expect([low.statusCode, high.statusCode]).toEqual([201, 201]);
      expect(high.json().totalArea).toBe(99999999.99);
    });

    it("answers 404 for a project that does not exist", async () => {
      const res = await call("POST", "/api/units", employee.token, body({ projectId: 999_999 }));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("المشروع غير موجود");
    });

    it("answers 409 for a unit number already used in the same project and building", async () => {
      const first = await call("POST", "/api/units", employee.token, body({ unitNumber: "D-1", building: "B" }));
      expect(first.statusCode).toBe(201);
      const clash = await call("POST", "/api/units", employee.token, body({ unitNumber: "D-1", building: "B" }));
      expect(clash.statusCode).toBe(409);
      expect(clash.json().fields.unitNumber).toBeTruthy();
      // Same number in another building, or another project, is a different unit.
      expect(
        (await call("POST", "/api/units", employee.token, body({ unitNumber: "D-1", building: "C" }))).statusCode,
      ).toBe(201);
      expect(
        (
          await call(
            "POST",
            "/api/units",
            employee.token,
            body({ unitNumber: "D-1", building: "B", projectId: otherProjectId }),
          )
        ).statusCode,
      ).toBe(201);
    });
  });

  describe("PUT /api/units/{id}", () => {
    it("moves a unit to sold: the public list and the project's sales percentage change at once", async () => {
      const [fresh] = await t.db
        .insert(projects)
        .values({ name: "مشروع المبيعات", city: "جدة", price: 1, publishedAt: new Date() })
        .returning({ id: projects.id });
      const made: number[] = [];
      for (const n of ["1", "2", "3", "4"]) {
        const res = await call("POST", "/api/units", employee.token, body({ projectId: fresh.id, unitNumber: n }));
        made.push(res.json().id);
      }
      const before = await call("GET", `/api/projects/${fresh.id}`, null);
      expect(before.json().salesPercentage).toBe(0);

      const res = await call(
        "PUT",
        `/api/units/${made[0]}`,
        employee.token,
        body({ projectId: fresh.id, unitNumber: "1", status: "مباعة" }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe("مباعة");

      const after = await call("GET", `/api/projects/${fresh.id}`, null);
      expect(after.json().salesPercentage).toBe(25);
      expect(after.json().unitCounts).toMatchObject({ total: 4, sold: 1, available: 3 });
      const list = await call("GET", `/api/projects/${fresh.id}/units`, null);
      expect(list.json().find((u: { id: number }) => u.id === made[0]).status).toBe("مباعة");

      // Any status to any other (SPEC §4.8): sold back to available.
      const back = await call(
        "PUT",
        `/api/units/${made[0]}`,
        employee.token,
        body({ projectId: fresh.id, unitNumber: "1", status: "متاحة" }),
      );
      expect(back.json().status).toBe("متاحة");
      const audit = await t.db
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.entityType, "unit"),
            eq(auditLogs.entityId, String(made[0])),
            eq(auditLogs.action, "update"),
          ),
        );
      expect(audit).toHaveLength(2);
      expect(audit[0].previousState).toMatchObject({ status: "متاحة" });
    });

    it("answers 401, 403, 400 and 404 as they apply", async () => {
      const created = (await call("POST", "/api/units", employee.token, body())).json();
      expect((await call("PUT", `/api/units/${created.id}`, null, body())).statusCode).toBe(401);
      expect((await call("PUT", `/api/units/${created.id}`, photographer.token, body())).statusCode).toBe(403);
      const bad = await call("PUT", `/api/units/${created.id}`, employee.token, body({ floor: 51 }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.floor).toBe(UNIT_MESSAGES.floorInvalid);
      expect((await call("PUT", "/api/units/987654", employee.token, body())).statusCode).toBe(404);
      expect((await call("PUT", "/api/units/abc", employee.token, body())).statusCode).toBe(400);
    });

    it("answers 409 when the new number clashes with another unit", async () => {
      await call("POST", "/api/units", employee.token, body({ unitNumber: "X-1", building: "Z" }));
      const other = (
        await call("POST", "/api/units", employee.token, body({ unitNumber: "X-2", building: "Z" }))
      ).json();
      const res = await call(
        "PUT",
        `/api/units/${other.id}`,
        employee.token,
        body({ unitNumber: "X-1", building: "Z" }),
      );
      expect(res.statusCode).toBe(409);
      // Saving a unit unchanged is not a clash with itself.
      const same = await call(
        "PUT",
        `/api/units/${other.id}`,
        employee.token,
        body({ unitNumber: "X-2", building: "Z" }),
      );
      expect(same.statusCode).toBe(200);
    });
  });

  describe("DELETE /api/units/{id}", () => {
    it("needs units.delete (employees lack it by default) and removes the unit with an audit row", async () => {
      const created = (await call("POST", "/api/units", employee.token, body())).json();
      expect((await call("DELETE", `/api/units/${created.id}`, null)).statusCode).toBe(401);
      expect((await call("DELETE", `/api/units/${created.id}`, employee.token)).statusCode).toBe(403);
      expect((await call("DELETE", `/api/units/${created.id}`, manager.token)).statusCode).toBe(204);
      expect(await t.db.select().from(units).where(eq(units.id, created.id))).toHaveLength(0);
      expect((await call("DELETE", `/api/units/${created.id}`, manager.token)).statusCode).toBe(404);
      const audit = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityId, String(created.id)), eq(auditLogs.action, "delete")));
      expect(audit).toHaveLength(1);
      expect(audit[0].previousState).toMatchObject({ unitNumber: created.unitNumber });
    });

    it("answers 400 for an id that is not a number", async () => {
      expect((await call("DELETE", "/api/units/x1", admin.token)).statusCode).toBe(400);
    });
  });

  describe("templates", () => {
    it("needs units.import", async () => {
      expect((await call("GET", "/api/units/template.xlsx", null)).statusCode).toBe(401);
      expect((await call("GET", "/api/units/template.csv", photographer.token)).statusCode).toBe(403);
    });

    it("serves an .xlsx with the headers, an example row and drop-downs for status and direction", async () => {
      const res = await call("GET", "/api/units/template.xlsx", employee.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toContain(".xlsx");
      const bytes = res.rawPayload;
      const book = XLSX.read(bytes, { type: "buffer" });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
      expect(rows[0]).toContain("رقم الوحدة");
      expect(rows[0]).toContain("الحالة");
      expect(rows).toHaveLength(2);
      const zip = XLSX.CFB.read(bytes, { type: "buffer" });
      const sheet = zip.FileIndex[zip.FullPaths.findIndex((p: string) => p.endsWith("sheet1.xml"))];
      const xml = Buffer.from(sheet.content as Uint8Array).toString("utf8");
      expect(xml).toContain('<dataValidation type="list"');
      expect(xml).toContain("متاحة,محجوزة,مباعة");
      expect(xml).toContain("شمال,جنوب,شرق,غرب");
      expect(xml).toContain('rightToLeft="1"');
    });

    it("serves a UTF-8 CSV with a BOM and the Arabic headers", async () => {
      const res = await call("GET", "/api/units/template.csv", employee.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/csv");
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header] = res.rawPayload.toString("utf8").slice(1).split("\r\n");
      expect(header.split(",")).toContain("رقم الوحدة");
    });
  });
});
