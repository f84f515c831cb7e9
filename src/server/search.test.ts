/**
 * Arabic search (domain/search.ts, server/lib/search.ts): the public and admin project search folds spelling variants
 * (أ/إ/آ/ا, ة/ه, ى/ي, tatweel, diacritics, Arabic-Indic digits) on both the query and the text, over name, city and
 * district, in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test-utils/app.ts";

describe("project search with Arabic folding", () => {
  let t: TestApp;
  const names = (res: { json(): unknown }) => (res.json() as { name: string }[]).map((p) => p.name).sort();
  const search = (q: string) =>
    t.app.inject({ method: "GET", url: `/api/projects?search=${encodeURIComponent(q)}` }).then(names);

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.signIn("super_admin");
    for (const body of [
      { name: "أبراج أبحر", city: "جدة", district: "أبحر الشمالية" },
      { name: "فلل الروضة ٢", city: "جدة", district: "الروضة" },
      { name: "مُجَمَّع المرسى", city: "مكة", district: "العزيزية" },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/projects",
        headers: t.bearer(admin.token),
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
      // New projects are drafts; visitors search published ones.
      const published = await t.app.inject({
        method: "POST",
        url: `/api/projects/${res.json().id}/publish`,
        headers: t.bearer(admin.token),
      });
      expect(published.statusCode).toBe(200);
    }
  });
  afterAll(async () => t.close());

  it("finds أبحر by ابحر and الروضة by الروضه, in the name or the district", async () => {
    expect(await search("ابحر")).toEqual(["أبراج أبحر"]);
    expect(await search("الروضه")).toEqual(["فلل الروضة ٢"]);
    expect(await search("ابحر الشماليه")).toEqual(["أبراج أبحر"]);
  });

  it("ignores diacritics, tatweel and the digit script, and matches the city", async () => {
    expect(await search("مجمع")).toEqual(["مُجَمَّع المرسى"]);
    expect(await search("المرســى")).toEqual(["مُجَمَّع المرسى"]);
    expect(await search("الروضة 2")).toEqual(["فلل الروضة ٢"]);
    expect(await search("مكه")).toEqual(["مُجَمَّع المرسى"]);
  });

  it("treats LIKE wildcards in the query as text", async () => {
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });
});

describe("lead search: Arabic folding and phones in any typed form", () => {
  let t: TestApp;
  let token: string;
  const found = async (q: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/contact/messages?search=${encodeURIComponent(q)}`,
      headers: t.bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { name: string }[]).map((m) => m.name).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signIn("super_admin")).token;
    for (const [name, phone] of [
      ["نورة الأحمد", "0541112233"],
      ["سارة", "0559998877"],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { name, phone, email: `${phone}@example.sa`, message: "أرغب في زيارة الموقع" },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it("finds the lead stored as +966541112233 by 05…, 5…, 9665…, +9665… and Arabic-Indic digits", async () => {
    for (const typed of ["0541112233", "541112233", "966541112233", "+966 54 111 2233", "٠٥٤١١١٢٢٣٣"]) {
      expect(await found(typed), typed).toEqual(["نورة الأحمد"]);
    }
  });

  it("folds the name: الاحمد finds الأحمد", async () => {
    expect(await found("الاحمد")).toEqual(["نورة الأحمد"]);
    expect(await found("ساره")).toEqual(["سارة"]);
  });
});
