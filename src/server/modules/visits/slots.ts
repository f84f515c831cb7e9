/**
 * The slots a visitor may book (docs/decisions/088-site-visits.md; src/domain/visit-slots.ts for the arithmetic):
 * the project's availability and the visits already booked per slot (visit_slot_counts), at the app clock's `now`.
 */
import { and, eq, gte, isNotNull, lt } from "drizzle-orm";
import { addDays, computeSlots, riyadhInstant, type SlotRules, type VisitSlot } from "#domain/visit-slots.ts";
import { VISIT_NEXT_SLOTS, VISIT_TEXTS } from "#domain/visits.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { projects } from "#server/db/schema.ts";
import { visitSlotCounts } from "#server/db/tables/visits.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { readVisitSettings, type StoredVisitSettings } from "./settings.ts";

/** A published project offering visits, with its availability. Errors: 404 unknown, draft, or not offering visits. */
export async function offeringProject(db: Db | Tx, projectId: number): Promise<StoredVisitSettings> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), isNotNull(projects.publishedAt)))
    .limit(1);
  if (!project) throw notFound(VISIT_TEXTS.projectInvalid);
  const settings = await readVisitSettings(db, projectId);
  if (!settings?.enabled) throw notFound(VISIT_TEXTS.notOffered);
  return settings;
}

/** Visits booked per slot start (epoch ms) of `projectId` between Riyadh dates `from` and `to` (inclusive). */
async function bookedCounts(db: Db | Tx, projectId: number, from: string, to: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ startsAt: visitSlotCounts.startsAt, booked: visitSlotCounts.booked })
    .from(visitSlotCounts)
    .where(
      and(
        eq(visitSlotCounts.projectId, projectId),
        gte(visitSlotCounts.startsAt, riyadhInstant(from, "00:00")),
        // Hours past midnight put a date's last slots on the next date.
        lt(visitSlotCounts.startsAt, riyadhInstant(addDays(to, 2), "00:00")),
      ),
    );
  return new Map(rows.map((r) => [r.startsAt.getTime(), r.booked]));
}

/** The slots of `rules` on Riyadh dates from…to at `now` (see computeSlots). */
export async function slotsOf(
  db: Db | Tx,
  projectId: number,
  rules: SlotRules,
  range: { from: string; to: string },
  now: Date,
): Promise<VisitSlot[]> {
  return computeSlots(rules, range, now, await bookedCounts(db, projectId, range.from, range.to));
}

/**
 * GET /api/projects/{id}/visit-slots?from&to (public): `[{startsAt, endsAt, available}]` in ISO 8601 at +03:00.
 * Errors: 404 unknown or draft project, or one not offering visits.
 */
export async function listVisitSlots(
  db: Db,
  projectId: number,
  range: { from: string; to: string },
  now: Date,
): Promise<VisitSlot[]> {
  const settings = await offeringProject(db, projectId);
  return slotsOf(db, projectId, settings, range, now);
}

/** The next VISIT_NEXT_SLOTS free slots from `now` on (the 409 of a full or past slot offers them). */
export async function nextFreeSlots(db: Db | Tx, projectId: number, rules: SlotRules, now: Date): Promise<VisitSlot[]> {
  const today = addDays(now.toISOString().slice(0, 10), -1);
  const slots = await slotsOf(db, projectId, rules, { from: today, to: addDays(today, rules.horizonDays + 1) }, now);
  return slots.filter((s) => s.available).slice(0, VISIT_NEXT_SLOTS);
}
