/**
 * Featured ranks are unique (docs/decisions/008-featured-ranks.md): taking rank n moves its holder and every
 * project after it down by one, also when several staff set ranks at the same moment; the public order is then
 * the ranks in order.
 */
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { projects } from "../../db/schema.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";

describe("featured ranks", () => {
  const t = setUpTestApp();
  const manager = signedIn(t, "manager");

  const rank = (id: number, value: number | null) =>
    t.app.inject({
      method: "POST",
      url: `/api/projects/${id}/set-featured-rank`,
      headers: t.bearer(manager.token),
      payload: { rank: value },
    });

  async function makeProjects(prefix: string, n: number): Promise<number[]> {
    const rows = await t.db
      .insert(projects)
      .values(
        Array.from({ length: n }, (_, i) => ({
          name: `${prefix} ${i + 1}`,
          city: "جدة",
          price: 500000,
          publishedAt: new Date(),
        })),
      )
      .returning({ id: projects.id });
    return rows.map((r) => r.id);
  }

  async function ranksOf(ids: number[]): Promise<Map<number, number | null>> {
    const rows = await t.db
      .select({ id: projects.id, rank: projects.featuredRank })
      .from(projects)
      .where(inArray(projects.id, ids));
    return new Map(rows.map((r) => [r.id, r.rank]));
  }

  it("moves the holder of a rank, and those after it, down by one", async () => {
    await t.db.update(projects).set({ featuredRank: null });
    const [a, b, c, d] = await makeProjects("مرتب", 4);
    expect((await rank(a, 1)).statusCode).toBe(200);
    expect((await rank(b, 2)).statusCode).toBe(200);
    expect((await rank(c, 1)).json().featuredRank).toBe(1);
    expect(Object.fromEntries(await ranksOf([a, b, c]))).toEqual({ [c]: 1, [a]: 2, [b]: 3 });
    // A free rank moves nobody.
    expect((await rank(d, 7)).statusCode).toBe(200);
    expect(Object.fromEntries(await ranksOf([a, b, c, d]))).toEqual({ [c]: 1, [a]: 2, [b]: 3, [d]: 7 });
    // Removing a rank leaves the others as they are.
    expect((await rank(a, null)).statusCode).toBe(200);
    expect(Object.fromEntries(await ranksOf([a, b, c, d]))).toEqual({ [c]: 1, [a]: null, [b]: 3, [d]: 7 });

    const list = await t.app.inject({ url: "/api/projects" });
    const order = (list.json() as { id: number }[]).map((p) => p.id).filter((id) => [b, c, d].includes(id));
    expect(order).toEqual([c, b, d]);
  });

  it("keeps ranks unique when ten projects take rank 1 at the same moment", async () => {
    await t.db.update(projects).set({ featuredRank: null });
    const ids = await makeProjects("متزامن", 10);
    const answers = await Promise.all(ids.map((id) => rank(id, 1)));
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    const ranks = [...(await ranksOf(ids)).values()];
    expect(new Set(ranks).size).toBe(10);
    expect([...ranks].sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
