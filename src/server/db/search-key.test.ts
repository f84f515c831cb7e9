/**
 * The database's `search_key` (drizzle/0004_search_key.sql) and the domain's normalizeSearchText give the same normal
 * form, character by character, so a query folded in JavaScript matches text folded in SQL.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { normalizeSearchText, SEARCH_FOLD_FROM, SEARCH_STRIPPED } from "#domain/search.ts";
import { setUpTestApp } from "../test-utils/block-app.ts";

describe("search_key in SQL", () => {
  const t = setUpTestApp();

  it("agrees with normalizeSearchText on every folded and stripped character", async () => {
    const samples = [SEARCH_FOLD_FROM, `ب${SEARCH_STRIPPED}ب`, "أبحر الشمالية", "حي  الروضة\tجدة", "مُحَمَّد ABC", ""];
    for (const sample of samples) {
      const result = await t.db.execute(sql`select search_key(${sample}) as key`);
      const rows = (result as unknown as { rows: { key: string }[] }).rows;
      expect(rows[0].key).toBe(normalizeSearchText(sample));
    }
  });
});
