/**
 * Funnel and cost per campaign (docs/conversions.md "Campaigns report").
 *
 * For a range of days [from, to] (Jeddah days, UTC+3, both included):
 * - visits: campaign page views counted that day (campaign_daily_visits; bots are not counted, landing/routes.ts);
 * - enquiries: the campaign's leads created in the range (merged-away duplicates excluded);
 * - contacted … sold: of those enquiries, the ones that reached the stage — their current stage or any stage in
 *   their history (lead_events stage_changed) is that stage or a later one in LEAD_STAGES order; "lost" reaches
 *   nothing by itself, so a lead lost after a visit still counts as contacted, qualified and visit;
 * - rates: each step over the one before (null when that is 0);
 * - spend: the sum of campaign_spend days in the range, SAR (null when no day was entered); cost per enquiry, per
 *   visit (the زيارة stage) and per reservation = spend / count (null when either is missing or 0), 2 decimals.
 * - online: the campaign's leads' online reservations whose deposit was paid in the range (paid checkouts that
 *   became a reservation, docs/payments.md; a lead belongs to the campaign of its opening enquiry) and those deposits
 *   in whole SAR, refunds not subtracted (deposits received).
 * Spend is typed in per day or imported from a platform's CSV export (`parseSpendCsv`).
 */
import * as XLSX from "@e965/xlsx";
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import {
  type CampaignFunnel,
  CONVERSION_TEXTS,
  FUNNEL_STEP_LABELS,
  FUNNEL_STEPS,
  type FunnelReport,
} from "#domain/conversions.ts";
import { LEAD_STAGES, type LeadStage } from "#domain/lead-desk.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { contactMessages, landingCampaigns, landingPages, leads, projects } from "../../db/schema.ts";
import { campaignDailyVisits, campaignSpend } from "../../db/tables/conversions.ts";
import { leadEvents } from "../../db/tables/lead-desk.ts";
import { checkouts } from "../../db/tables/payments.ts";
import { badRequest, notFound } from "../../lib/http-errors.ts";
import { dayStart, jeddahDay } from "../../lib/jeddah-days.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";

/** Counts one campaign page view on its Jeddah day (call where the visit is counted). */
export async function countDailyVisit(db: Db | Tx, campaignId: number, at: Date): Promise<void> {
  await db
    .insert(campaignDailyVisits)
    .values({ campaignId, day: jeddahDay(at), visits: 1 })
    .onConflictDoUpdate({
      target: [campaignDailyVisits.campaignId, campaignDailyVisits.day],
      set: { visits: sql`${campaignDailyVisits.visits} + 1` },
    });
}

const RANK: Record<LeadStage, number> = Object.fromEntries(
  LEAD_STAGES.map((s) => [s, s === "lost" ? -1 : LEAD_STAGES.indexOf(s)]),
) as Record<LeadStage, number>;
const rankOf = (stage: string | null) => (stage && stage in RANK ? RANK[stage as LeadStage] : -1);
const round2 = (n: number) => Math.round(n * 100) / 100;
const per = (spend: number | null, n: number) => (spend === null || n === 0 ? null : round2(spend / n));

/** The funnel of every campaign (or one) over [from, to]. */
export async function campaignFunnels(
  db: Db,
  range: { from: string; to: string; campaignId?: number },
): Promise<FunnelReport> {
  const start = dayStart(range.from);
  const end = dayStart(range.to, 1);
  const campaigns = await db
    .select({ campaign: landingCampaigns, projectId: projects.id, projectName: projects.name })
    .from(landingCampaigns)
    .leftJoin(landingPages, eq(landingPages.id, landingCampaigns.landingPageId))
    .leftJoin(projects, eq(projects.id, landingPages.projectId))
    .where(range.campaignId ? eq(landingCampaigns.id, range.campaignId) : undefined)
    .orderBy(landingCampaigns.id);
  const ids = campaigns.map((c) => c.campaign.id);
  if (!ids.length) return { from: range.from, to: range.to, campaigns: [] };

  const visits = await db
    .select({ campaignId: campaignDailyVisits.campaignId, n: sql<number>`sum(${campaignDailyVisits.visits})::int` })
    .from(campaignDailyVisits)
    .where(
      and(
        inArray(campaignDailyVisits.campaignId, ids),
        gte(campaignDailyVisits.day, range.from),
        lte(campaignDailyVisits.day, range.to),
      ),
    )
    .groupBy(campaignDailyVisits.campaignId);
  const spend = await db
    .select({ campaignId: campaignSpend.campaignId, h: sql<number>`sum(${campaignSpend.amountHalalas})::bigint` })
    .from(campaignSpend)
    .where(
      and(inArray(campaignSpend.campaignId, ids), gte(campaignSpend.day, range.from), lte(campaignSpend.day, range.to)),
    )
    .groupBy(campaignSpend.campaignId);
  const found = await db
    .select({ id: leads.id, campaignId: contactMessages.campaignId, stage: leads.stage })
    .from(contactMessages)
    .innerJoin(leads, eq(leads.id, contactMessages.leadId))
    .where(
      and(
        inArray(contactMessages.campaignId, ids),
        gte(contactMessages.createdAt, start),
        lt(contactMessages.createdAt, end),
        isNull(leads.mergedIntoId),
        // A platform's test lead is left out of reports (docs/lead-forms.md "Test leads").
        eq(contactMessages.isTest, false),
      ),
    );
  const online = await db
    .select({
      campaignId: contactMessages.campaignId,
      n: sql<number>`count(*)::int`,
      sar: sql<number>`coalesce(sum(${checkouts.amountSar}), 0)::int`,
    })
    .from(checkouts)
    .innerJoin(contactMessages, eq(contactMessages.id, checkouts.leadId))
    .where(
      and(
        inArray(contactMessages.campaignId, ids),
        isNotNull(checkouts.leadId),
        gte(checkouts.paidAt, start),
        lt(checkouts.paidAt, end),
        eq(contactMessages.isTest, false),
      ),
    )
    .groupBy(contactMessages.campaignId);
  const reached = new Map(found.map((l) => [l.id, rankOf(l.stage)]));
  for (let i = 0; i < found.length; i += 1000) {
    const chunk = found.slice(i, i + 1000).map((l) => l.id);
    const history = await db
      .select({ leadId: leadEvents.leadId, toStage: leadEvents.toStage })
      .from(leadEvents)
      .where(and(inArray(leadEvents.leadId, chunk), eq(leadEvents.kind, "stage_changed")));
    for (const h of history) reached.set(h.leadId, Math.max(reached.get(h.leadId) ?? -1, rankOf(h.toStage)));
  }

  const rows: CampaignFunnel[] = campaigns.map(({ campaign, projectId, projectName }) => {
    const mine = found.filter((l) => l.campaignId === campaign.id).map((l) => reached.get(l.id) ?? -1);
    const atLeast = (stage: LeadStage) => mine.filter((r) => r >= RANK[stage]).length;
    const counts = {
      visits: visits.find((v) => v.campaignId === campaign.id)?.n ?? 0,
      enquiries: mine.length,
      contacted: atLeast("contacted"),
      qualified: atLeast("qualified"),
      visit: atLeast("visit"),
      reserved: atLeast("reserved"),
      sold: atLeast("sold"),
    };
    const rates: Record<string, number | null> = {};
    FUNNEL_STEPS.forEach((step, i) => {
      if (i === 0) return;
      const before = counts[FUNNEL_STEPS[i - 1]];
      rates[step] = before === 0 ? null : round2(counts[step] / before);
    });
    const halalas = spend.find((s) => s.campaignId === campaign.id)?.h;
    const sar = halalas === undefined || halalas === null ? null : Number(halalas) / 100;
    return {
      campaignId: campaign.id,
      platform: campaign.platformName,
      urlSlug: campaign.urlSlug,
      name: campaign.displayName ?? campaign.urlSlug,
      projectId: projectId ?? null,
      projectName: projectName ?? null,
      counts,
      rates,
      spend: sar,
      costPerEnquiry: per(sar, counts.enquiries),
      costPerVisit: per(sar, counts.visit),
      costPerReservation: per(sar, counts.reserved),
      online: {
        reservations: online.find((o) => o.campaignId === campaign.id)?.n ?? 0,
        depositsSar: online.find((o) => o.campaignId === campaign.id)?.sar ?? 0,
      },
    };
  });
  return { from: range.from, to: range.to, campaigns: rows };
}

async function assertCampaign(db: Db | Tx, campaignId: number) {
  const [row] = await db
    .select({ id: landingCampaigns.id })
    .from(landingCampaigns)
    .where(eq(landingCampaigns.id, campaignId));
  if (!row) throw notFound(CONVERSION_TEXTS.campaignNotFound);
}

/**
 * PUT /api/conversions/spend: sets the spend of each given day (SAR, to the halala; 0 removes the day), in one
 * transaction with its audit row. Returns the days written and their total. Errors: 404 unknown campaign.
 */
export async function saveSpend(
  db: Db,
  actor: AuditActor,
  input: { campaignId: number; entries: { day: string; amount: number }[] },
): Promise<{ days: number; total: number }> {
  return db.transaction(async (tx) => {
    await assertCampaign(tx, input.campaignId);
    const byDay = new Map<string, number>();
    for (const e of input.entries) byDay.set(e.day, Math.round(e.amount * 100));
    for (const [day, amountHalalas] of byDay) {
      if (amountHalalas === 0) {
        await tx
          .delete(campaignSpend)
          .where(and(eq(campaignSpend.campaignId, input.campaignId), eq(campaignSpend.day, day)));
        continue;
      }
      await tx
        .insert(campaignSpend)
        .values({ campaignId: input.campaignId, day, amountHalalas })
        .onConflictDoUpdate({
          target: [campaignSpend.campaignId, campaignSpend.day],
          set: { amountHalalas, updatedAt: new Date() },
        });
    }
    const total = [...byDay.values()].reduce((a, b) => a + b, 0) / 100;
    await recordAudit(tx, actor, {
      entityType: "campaign_spend",
      entityId: input.campaignId,
      action: "update",
      newState: { days: byDay.size, total },
    });
    return { days: byDay.size, total };
  });
}

/** Column names of the day and the amount in the platforms' exports (Arabic and English interfaces), lower-cased. */
const DAY_COLUMNS = [
  "day",
  "date",
  "start time",
  "time period",
  "reporting starts",
  "التاريخ",
  "اليوم",
  "بدء إعداد التقارير",
];
const AMOUNT_COLUMNS = [
  "amount spent (sar)",
  "amount spent",
  "spend",
  "cost",
  "spend (sar)",
  "cost (sar)",
  "المبلغ الذي تم إنفاقه (sar)",
  "المبلغ الذي تم إنفاقه",
  "التكلفة",
  "الإنفاق",
];

/** A day cell as YYYY-MM-DD: ISO dates, "2026/11/20", "11/20/2026", or a spreadsheet date number. */
function dayOf(value: unknown): string | null {
  if (typeof value === "number") {
    const parsed = XLSX.SSF.parse_date_code(value);
    return parsed ? `${parsed.y}-${String(parsed.m).padStart(2, "0")}-${String(parsed.d).padStart(2, "0")}` : null;
  }
  const text = String(value ?? "").trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(text);
  if (m) return `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text);
  if (m) return `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}`;
  return null;
}

/**
 * Reads a platform's spend export (CSV) into days and SAR amounts, summing rows of the same day: the first column
 * whose header is a known day column and the first known amount column (Snapchat "Start time"/"Spend", Meta
 * "Day"/"Amount spent (SAR)", TikTok "Date"/"Cost", Google "Day"/"Cost", X "Time period"/"Spend"). Rows without a
 * date or amount (totals) are skipped. Errors: 400 {csv} no such columns.
 */
export function parseSpendCsv(csv: string): { day: string; amount: number }[] {
  const book = XLSX.read(csv.replace(/^\uFEFF/, ""), { type: "string", raw: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  const rows = sheet ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false }) : [];
  const headerIndex = rows.findIndex((r) =>
    r.some((c) =>
      DAY_COLUMNS.includes(
        String(c ?? "")
          .trim()
          .toLowerCase(),
      ),
    ),
  );
  const header = (rows[headerIndex] ?? []).map((c) =>
    String(c ?? "")
      .trim()
      .toLowerCase(),
  );
  const dayCol = header.findIndex((h) => DAY_COLUMNS.includes(h));
  const amountCol = AMOUNT_COLUMNS.map((name) => header.indexOf(name)).find((i) => i >= 0) ?? -1;
  if (headerIndex < 0 || dayCol < 0 || amountCol < 0) throw badRequest({ csv: CONVERSION_TEXTS.csvInvalid });
  const byDay = new Map<string, number>();
  for (const row of rows.slice(headerIndex + 1)) {
    const day = dayOf(row[dayCol]);
    const amount = Number(String(row[amountCol] ?? "").replace(/[^\d.-]/g, ""));
    if (!day || !Number.isFinite(amount) || String(row[amountCol] ?? "").trim() === "") continue;
    byDay.set(day, round2((byDay.get(day) ?? 0) + amount));
  }
  return [...byDay].map(([day, amount]) => ({ day, amount }));
}

/** The report as .xlsx (one right-to-left sheet "الحملات"), Arabic headers. */
export function funnelXlsx(report: FunnelReport): Buffer {
  const rows = report.campaigns.map((c) => ({
    الحملة: c.name,
    المنصة: c.platform,
    المشروع: c.projectName ?? "",
    ...Object.fromEntries(FUNNEL_STEPS.map((s) => [FUNNEL_STEP_LABELS[s], c.counts[s]])),
    "الإنفاق (ريال)": c.spend ?? "",
    "تكلفة الطلب": c.costPerEnquiry ?? "",
    "تكلفة الزيارة": c.costPerVisit ?? "",
    "تكلفة الحجز": c.costPerReservation ?? "",
    "الحجوزات الإلكترونية": c.online.reservations,
    "العرابين المستلمة (ر.س)": c.online.depositsSar,
  }));
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.json_to_sheet(rows);
  book.Workbook = { Views: [{ RTL: true }] };
  XLSX.utils.book_append_sheet(book, sheet, "الحملات");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}
