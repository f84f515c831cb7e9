/**
 * Search that Arabic users expect (src/domain/search.ts), through the API: letter variants, district, Arabic-Indic
 * digits, and a lead's phone typed in any form.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../db/schema.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";

describe("Arabic search", () => {
  const t = setUpTestApp();
  const staff = signedIn(t, "employee");
  beforeAll(async () => {
    await t.db.insert(projects).values([
      { name: "أبحر ريزيدنس", city: "جدة", district: "أبحر الشمالية", price: 900000, publishedAt: new Date() },
      { name: "برج النخيل", city: "جدة", district: "الروضة", price: 700000, publishedAt: new Date() },
      { name: "مُجمّع الهدى ٢", city: "مكة", price: 600000, publishedAt: new Date() },
    ]);
    const lead = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "عبدالإله", phone: "0541112233", email: "lead@example.com", message: "أرغب بزيارة" },
      remoteAddress: "203.0.113.20",
    });
    expect(lead.statusCode).toBe(201);
  });

  const projectNames = async (search: string) => {
    const res = await t.app.inject({ url: `/api/projects?search=${encodeURIComponent(search)}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { name: string }[]).map((p) => p.name);
  };

  it("finds projects whatever the alef, taa marbuta, harakat or digits typed", async () => {
    expect(await projectNames("ابحر")).toEqual(["أبحر ريزيدنس"]);
    expect(await projectNames("الروضه")).toEqual(["برج النخيل"]);
    expect(await projectNames("مجمع الهدي 2")).toEqual(["مُجمّع الهدى ٢"]);
    expect(await projectNames("الشماليه")).toEqual(["أبحر ريزيدنس"]);
    expect(await projectNames("لا يوجد")).toEqual([]);
  });

  it("finds a lead by a phone typed in any form and by a name typed without hamza", async () => {
    for (const typed of ["0541112233", "541112233", "+966541112233", "966 54 111 2233", "٠٥٤١١١٢٢٣٣"]) {
      const res = await t.app.inject({
        url: `/api/contact/messages?search=${encodeURIComponent(typed)}`,
        headers: t.bearer(staff.token),
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { name: string }[]).map((m) => m.name)).toEqual(["عبدالإله"]);
    }
    const byName = await t.app.inject({
      url: `/api/contact/messages?search=${encodeURIComponent("عبدالاله")}`,
      headers: t.bearer(staff.token),
    });
    expect((byName.json() as { name: string }[]).map((m) => m.name)).toEqual(["عبدالإله"]);
  });
});
