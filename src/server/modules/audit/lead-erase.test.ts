/**
 * A deleted lead leaves no personal data in the audit log (SPEC §3 privacy): its rows keep identifiers only, and
 * neither the delete row nor the earlier rows carry the name, e-mail, phone, message or the visitor's IP.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../db/tables/access.ts";
import { setUpTestApp } from "../../test-utils/block-app.ts";

describe("deleting a lead scrubs it from the audit log", () => {
  const t = setUpTestApp();

  it("keeps identifiers only", async () => {
    const personal = {
      name: "سارة المحذوفة",
      email: "sara.erased@example.com",
      phone: "0551112233",
      message: "رسالة خاصة جدا",
    };
    const created = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: personal,
      remoteAddress: "198.51.100.23",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const admin = await t.signIn("super_admin");
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/contact/messages/${id}`,
      headers: t.bearer(admin.token),
    });
    expect(deleted.statusCode).toBeLessThan(300);

    const rows = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(id)));
    const leadRows = rows.filter((r) => r.entityType === "contact_message");
    expect(leadRows.map((r) => r.action).sort()).toEqual(["create", "delete"]);
    const text = JSON.stringify(leadRows);
    for (const value of [...Object.values(personal), "966551112233", "198.51.100.23"]) {
      expect(text).not.toContain(value);
    }
    const deleteRow = leadRows.find((r) => r.action === "delete");
    expect(deleteRow?.previousState).toMatchObject({ id });
  });
});
