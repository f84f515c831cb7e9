/**
 * Prices (docs/decisions/078-stacking-plan-and-bulk-generation.md):
 * - `changePrices`: POST /api/projects/{id}/prices (inventory.manage). The preview lists every unit the change
 *   touches with old → new price (changedPrice in src/domain/inventory-admin.ts: rounded to 1,000 SAR) and the
 *   held, reserved and sold units it leaves out; applying writes exactly those, in one transaction, with the price
 *   history of each unit and one audit entry. Errors: 404 project.
 * - `priceListXlsx`: GET /api/projects/{id}/price-list.xlsx (inventory.view): the available units and their prices
 *   in SAR on a right-to-left sheet.
 */
import * as XLSX from "@e965/xlsx";
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { floorLabel } from "#domain/inventory.ts";
import { changedPrice, type PriceChangeRequest } from "#domain/inventory-admin.ts";
import type { Db } from "#server/db/connection.ts";
import { projects, units } from "#server/db/schema.ts";
import { unitPriceChanges, unitTypes } from "#server/db/tables/inventory.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { recordAudit } from "../audit/service.ts";
import { auditActor, type InventoryActor } from "./holds.ts";
import { inherited } from "./inherited.ts";
import { notifyInventory } from "./live.ts";
import { stateAt } from "./state.ts";

async function assertProject(db: Db, projectId: number) {
  const [project] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw notFound("المشروع غير موجود");
  return project;
}

export async function changePrices(
  db: Db,
  actor: InventoryActor,
  projectId: number,
  request: PriceChangeRequest,
  now: Date,
) {
  await assertProject(db, projectId);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: units.id,
        building: units.building,
        unitNumber: units.unitNumber,
        price: units.price,
        state: stateAt(now),
      })
      .from(units)
      .where(
        and(
          eq(units.projectId, projectId),
          request.building !== undefined ? eq(units.building, request.building) : undefined,
          request.floorFrom !== undefined ? gte(units.floor, request.floorFrom) : undefined,
          request.floorTo !== undefined ? lte(units.floor, request.floorTo) : undefined,
          request.typeId !== undefined ? eq(units.typeId, request.typeId) : undefined,
        ),
      )
      .orderBy(asc(units.building), asc(units.floor), asc(units.unitNumber))
      .for("update");
    const line = (r: (typeof rows)[number]) => ({
      id: r.id,
      building: r.building,
      unitNumber: r.unitNumber,
      oldPrice: r.price,
      newPrice: changedPrice(r.price, request.kind, request.amount),
    });
    const open = rows.filter((r) => r.state === "available" || r.state === "blocked");
    const changes = open.map(line).filter((c) => c.newPrice !== c.oldPrice);
    const leftOut = rows.filter((r) => !open.includes(r)).map((r) => ({ ...line(r), state: r.state }));
    if (!request.apply || changes.length === 0) return { changes, leftOut, applied: false };
    for (const c of changes) {
      await tx.update(units).set({ price: c.newPrice, updatedAt: now }).where(eq(units.id, c.id));
    }
    await tx
      .insert(unitPriceChanges)
      .values(
        changes.map((c) => ({ unitId: c.id, oldPrice: c.oldPrice, newPrice: c.newPrice, actorId: actor.id, at: now })),
      );
    await notifyInventory(tx, projectId);
    await recordAudit(tx, auditActor(actor), {
      entityType: "project",
      entityId: projectId,
      action: "prices_changed",
      newState: { request, count: changes.length, units: changes.map((c) => c.id) },
    });
    return { changes, leftOut, applied: true };
  });
}

/** The price list of the available units (.xlsx, right to left, SAR). Output: the file's bytes and its name. */
export async function priceListXlsx(
  db: Db,
  projectId: number,
  now: Date,
): Promise<{ bytes: Buffer; fileName: string }> {
  const project = await assertProject(db, projectId);
  const rows = await db
    .select({
      building: units.building,
      floor: units.floor,
      unitNumber: units.unitNumber,
      type: unitTypes.name,
      rooms: inherited.rooms,
      totalArea: inherited.totalArea,
      price: inherited.price,
    })
    .from(units)
    .leftJoin(unitTypes, eq(unitTypes.id, units.typeId))
    .where(and(eq(units.projectId, projectId), inArray(stateAt(now), ["available"])))
    .orderBy(asc(units.building), asc(units.floor), asc(units.unitNumber));
  const sheet = XLSX.utils.json_to_sheet(
    rows.map((r) => ({
      المبنى: r.building,
      الدور: r.floor === null ? "" : floorLabel(r.floor),
      "رقم الوحدة": r.unitNumber,
      النموذج: r.type ?? "",
      الغرف: r.rooms ?? "",
      "المساحة الإجمالية (م²)": r.totalArea === null ? "" : Number(r.totalArea),
      "السعر (ريال سعودي)": r.price ?? "",
    })),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "قائمة الأسعار");
  book.Workbook = { ...(book.Workbook ?? {}), Views: [{ RTL: true }] };
  return {
    bytes: XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer,
    fileName: `price-list-${project.id}.xlsx`,
  };
}
