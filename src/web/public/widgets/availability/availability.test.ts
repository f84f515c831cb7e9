/**
 * The project page's availability (docs/decisions/099-availability-after-first-paint.md): the server draws the summary
 * of every building and one building's grid; every other building is a link to the project page drawing it (no
 * JavaScript needed); once the widget nears the viewport the island fetches the inventory once and draws those grids
 * with the same cells; a failed request leaves the links. A 2,000-unit project's markup carries one building's cells.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatSAR } from "#domain/format.ts";
import type { ProjectInventory } from "#domain/inventory-public.ts";
import type { UnitStatus } from "#domain/project-rules.ts";
import { intersectionMockInstance, mockIsIntersecting } from "~/test-utils/intersection-observer.ts";
import { AVAILABILITY_NEAR_MARGIN, enhanceAvailability } from "./availability.island.ts";
import { AvailabilityGrid } from "./availability.tsx";
import { AVAILABILITY } from "./contract.ts";

const STATUSES: UnitStatus[] = ["متاحة", "محجوزة", "مباعة"];

/** `buildings` buildings × `floors` floors × `perFloor` units, ids counting up from 1. */
function inventoryOf(buildings: string[], floors: number, perFloor: number): ProjectInventory {
  let id = 0;
  return {
    buildings: buildings.map((name) => ({
      name,
      floors: Array.from({ length: floors }, (_, f) => ({
        number: floors - f,
        label: `الدور ${floors - f}`,
        units: Array.from({ length: perFloor }, (_, u) => {
          id += 1;
          const status = STATUSES[id % 3];
          return {
            id,
            unitNumber: `${String(floors - f).padStart(2, "0")}${String(u + 1).padStart(2, "0")}`,
            status,
            type: "نموذج أ",
            rooms: 3,
            price: status === "مباعة" ? null : 800_000 + id * 1000,
            totalArea: 140,
          };
        }),
      })),
    })),
  };
}

const render = (inventory: ProjectInventory, building: string | null = null) => {
  document.body.innerHTML = renderToStaticMarkup(
    createElement(AvailabilityGrid, { projectId: 5, inventory, building }),
  );
};
const widget = () => document.querySelector<HTMLElement>(`[data-island="${AVAILABILITY.island}"]`) as HTMLElement;
const cellsOf = () => [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/project/5/unit/"]')];

afterEach(() => {
  document.body.innerHTML = "";
});

describe("project availability", () => {
  it("draws the first building's grid and links the others to the page drawing them, readable without JavaScript", () => {
    render(inventoryOf(["A", "B", "C"], 2, 2));
    expect(cellsOf().map((a) => a.getAttribute("href"))).toEqual([1, 2, 3, 4].map((id) => `/project/5/unit/${id}`));
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/project/5?"]')];
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["عرض مخطط المبنى B", "/project/5?building=B#availability"],
      ["عرض مخطط المبنى C", "/project/5?building=C#availability"],
    ]);
    // The summary still counts every building.
    expect(document.querySelectorAll("tbody tr")).toHaveLength(3);

    render(inventoryOf(["A", "B", "C"], 2, 2), "B");
    expect(cellsOf().map((a) => a.getAttribute("href"))).toEqual([5, 6, 7, 8].map((id) => `/project/5/unit/${id}`));
  });

  it("draws the other buildings' grids once the widget nears the viewport, from one inventory request, cell for cell", async () => {
    const inventory = inventoryOf(["A", "B"], 2, 2);
    // What the server would draw for B, to compare the island's cells with.
    render(inventory, "B");
    const serverCells = cellsOf().map((a) => a.cloneNode(true));
    render(inventory);
    const fetcher = vi.fn(async () => new Response(JSON.stringify(inventory), { status: 200 }));
    const drawn = enhanceAvailability(document, fetcher);
    const again = enhanceAvailability(document, fetcher);
    // Not at load: nothing is requested while the widget is far from the viewport.
    await Promise.resolve();
    expect(fetcher).not.toHaveBeenCalled();
    expect(intersectionMockInstance(widget()).rootMargin).toBe(AVAILABILITY_NEAR_MARGIN);
    mockIsIntersecting(widget(), true);
    await Promise.all([drawn, again]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0]).toEqual(["/api/projects/5/inventory", { headers: { Accept: "application/json" } }]);
    const cells = cellsOf();
    expect(cells).toHaveLength(8);
    expect(cells.slice(4).map((a, i) => a.isEqualNode(serverCells[i]))).toEqual([true, true, true, true]);
    expect(cells[5].textContent).toBe(`0202متاحة${formatSAR(806_000)}`);
    expect(document.querySelector('a[href^="/project/5?"]')).toBeNull();
  });

  it("keeps the links when the request fails", async () => {
    render(inventoryOf(["A", "B"], 1, 1));
    const drawn = enhanceAvailability(
      document,
      vi.fn(async () => new Response("", { status: 503 })),
    );
    mockIsIntersecting(widget(), true);
    await drawn;
    expect(document.querySelector('a[href="/project/5?building=B#availability"]')).not.toBeNull();
  });

  it("keeps a 2,000-unit project's markup to one building's cells", () => {
    const big = inventoryOf(["A", "B", "C", "D", "E"], 20, 20);
    render(big);
    expect(cellsOf()).toHaveLength(400);
    expect(new TextEncoder().encode(document.body.innerHTML).length).toBeLessThan(200_000);
  });
});
