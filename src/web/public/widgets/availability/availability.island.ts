/**
 * The availability widget's behaviour (docs/decisions/099-availability-after-first-paint.md): once the widget comes
 * within a screen of the viewport (IntersectionObserver, `AVAILABILITY_NEAR_MARGIN`; at once in a browser without
 * it), one GET /api/projects/{id}/inventory, then each building the server left as a link is drawn as its grid, with
 * the same cells as the server's (contract.ts). Not at load: drawing a large building and the first price formatter
 * (Intl loads the locale's data, some 17 ms on a desktop CPU) would be one long task of the page's load
 * (docs/performance/web.md, "Total blocking time"). When the request fails, or a building is no longer in the answer,
 * its link stays: it opens the project page drawing that building.
 */
import { formatSAR } from "#domain/format.ts";
import type { ProjectInventory } from "#domain/inventory-public.ts";
import { attrSelector, claim, islandSelector } from "~/public/islands/contract.ts";
import {
  AVAILABILITY,
  CELL_CLASS,
  CELL_STATUS_CLASS,
  FLOOR_CLASS,
  FLOOR_LABEL_CLASS,
  FLOORS_CLASS,
  UNIT_NUMBER_CLASS,
  UNITS_CLASS,
  unitHref,
} from "./contract.ts";

type Building = ProjectInventory["buildings"][number];

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The grid of `building` as DOM, cell for cell what availability.tsx draws. */
export function buildingGrid(projectId: number, building: Building): HTMLOListElement {
  const floors = element("ol", FLOORS_CLASS);
  for (const floor of building.floors) {
    const row = element("li", FLOOR_CLASS);
    row.append(element("span", FLOOR_LABEL_CLASS, floor.label));
    const cells = element("ul", UNITS_CLASS);
    for (const unit of floor.units) {
      const link = element("a", `${CELL_CLASS} ${CELL_STATUS_CLASS[unit.status]}`);
      link.href = unitHref(projectId, unit.id);
      const number = element("bdi", UNIT_NUMBER_CLASS, unit.unitNumber);
      number.setAttribute("data-latin-digits", "unit");
      link.append(number, element("span", "", unit.status));
      if (unit.price !== null) link.append(element("span", "", formatSAR(unit.price)));
      const item = element("li", "");
      item.append(link);
      cells.append(item);
    }
    row.append(cells);
    floors.append(row);
  }
  return floors;
}

async function fill(root: HTMLElement, fetcher: typeof fetch): Promise<void> {
  const projectId = Number(root.getAttribute(AVAILABILITY.attrs.project));
  const pending = [...root.querySelectorAll<HTMLElement>(attrSelector(AVAILABILITY.attrs.building))];
  if (!Number.isInteger(projectId) || pending.length === 0) return;
  const response = await fetcher(`/api/projects/${projectId}/inventory`, { headers: { Accept: "application/json" } });
  if (!response.ok) return;
  const inventory = (await response.json()) as ProjectInventory;
  for (const slot of pending) {
    const building = inventory.buildings.find((b) => b.name === slot.getAttribute(AVAILABILITY.attrs.building));
    if (!building) continue;
    slot.querySelector("a")?.replaceWith(buildingGrid(projectId, building));
    slot.removeAttribute(AVAILABILITY.attrs.building);
  }
}

/** How near the viewport a widget starts drawing its other buildings: one screen above or below (rootMargin). */
export const AVAILABILITY_NEAR_MARGIN = "100% 0px";

/** Resolves once `widget` is within `AVAILABILITY_NEAR_MARGIN` of the viewport (at once without IntersectionObserver). */
function near(widget: HTMLElement): Promise<void> {
  if (typeof IntersectionObserver !== "function") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: AVAILABILITY_NEAR_MARGIN },
    );
    observer.observe(widget);
  });
}

/**
 * Draws the other buildings' grids of every availability widget under `root`, once, each when it comes near the
 * viewport. Returns when they are drawn (tests wait for it; it stays pending for a widget never scrolled near); a
 * failed request leaves the links.
 */
export function enhanceAvailability(root: ParentNode = document, fetcher: typeof fetch = fetch): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const widget of root.querySelectorAll<HTMLElement>(islandSelector(AVAILABILITY.island))) {
    if (claim(widget)) jobs.push(near(widget).then(() => fill(widget, fetcher).catch(() => undefined)));
  }
  return Promise.all(jobs).then(() => undefined);
}
