/**
 * Advertising compliance (docs/compliance.md, docs/decisions/080-advertising-licences.md):
 * - `complianceReport`: GET /api/compliance — every project, every campaign and every unit with a licence of its own,
 *   with the licence that applies today (domain/licence.ts effectiveLicence), its state, days left and what is
 *   offline because of it;
 * - `updateCampaignLicence`: PUT /api/landing-campaigns/{id}/licence — a campaign's own advertising licence
 *   (both fields empty: none, the project's applies), audited.
 * Reads the tables directly: it decides nothing the projects, units or landing modules rely on.
 */
import { asc, eq, isNotNull, or } from "drizzle-orm";
import { CAMPAIGN_PLATFORM_LABELS } from "#domain/conversions.ts";
import { type EffectiveLicence, effectiveLicence } from "#domain/licence.ts";
import type { ComplianceReport, ComplianceRow } from "#domain/schemas/licence-view.ts";
import type { Db } from "../../db/connection.ts";
import { landingCampaigns, landingPages, projects, units } from "../../db/schema.ts";
import type { LicenceContext } from "../../lib/compliance-rules.ts";
import { notFound } from "../../lib/http-errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";

export const CAMPAIGN_NOT_FOUND = "الحملة غير موجودة";

/**
 * `text` between FSI and PDI (the text form of <bdi>), so a Latin link or unit number inside an Arabic name keeps its
 * place when shown right to left (ARCHITECTURE resolution 11: such identifiers stay in Latin digits).
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

/** The Arabic name of a campaign: its display name, else its platform and link. */
export function campaignName(c: { displayName: string | null; platformName: string; urlSlug: string }): string {
  return c.displayName || `${CAMPAIGN_PLATFORM_LABELS[c.platformName] ?? c.platformName} (${isolated(c.urlSlug)})`;
}

/** The Arabic name of a unit: «وحدة 0101 - A», its number and building isolated. */
export function unitName(u: { unitNumber: string; building: string | null }): string {
  return `وحدة ${isolated(u.unitNumber)}${u.building ? ` - ${isolated(u.building)}` : ""}`;
}

function offlineOf(licence: EffectiveLicence, what: string[]): string[] {
  return licence.advertisable ? [] : what;
}

function willGoOffline(licence: EffectiveLicence, ctx: LicenceContext): boolean {
  return licence.state === "missing" && licence.advertisable && ctx.policy.enforceFrom !== null;
}

/** GET /api/compliance (compliance.view). Output: ComplianceReport, rows needing action first, then by days left. */
export async function complianceReport(db: Db, ctx: LicenceContext): Promise<ComplianceReport> {
  const projectRows = await db.select().from(projects).orderBy(asc(projects.id));
  const byId = new Map(projectRows.map((p) => [p.id, p]));
  const campaignRows = await db
    .select({ campaign: landingCampaigns, projectId: landingPages.projectId })
    .from(landingCampaigns)
    .innerJoin(landingPages, eq(landingPages.id, landingCampaigns.landingPageId))
    .orderBy(asc(landingCampaigns.id));
  const unitRows = await db
    .select()
    .from(units)
    .where(or(isNotNull(units.advertisingLicenseNumber), isNotNull(units.advertisingLicenseExpiresOn)))
    .orderBy(asc(units.id));
  const rows: ComplianceRow[] = [];
  for (const p of projectRows) {
    const licence = effectiveLicence({ project: p }, ctx.today, ctx.policy);
    // A campaign with a licence of its own is advertised under it alone: it does not go offline with the project's.
    const campaigns = campaignRows.filter(
      (c) =>
        c.projectId === p.id &&
        effectiveLicence({ project: p, campaign: c.campaign }, ctx.today, ctx.policy).source === "project",
    ).length;
    rows.push({
      entityType: "project",
      id: p.id,
      name: p.name,
      projectId: p.id,
      projectName: p.name,
      editPath: "/admin/projects",
      licence,
      offline: offlineOf(licence, [
        "صفحة المشروع",
        "قوائم المشاريع والشريط المتحرك وخريطة الموقع",
        ...(campaigns ? [`صفحات الحملات (${campaigns})`] : []),
      ]),
      willGoOffline: willGoOffline(licence, ctx),
    });
  }
  for (const { campaign, projectId } of campaignRows) {
    const project = byId.get(projectId);
    if (!project) continue;
    const licence = effectiveLicence({ project, campaign }, ctx.today, ctx.policy);
    rows.push({
      entityType: "campaign",
      id: campaign.id,
      name: campaignName(campaign),
      projectId,
      projectName: project.name,
      editPath: `/admin/projects/${projectId}`,
      licence,
      offline: offlineOf(licence, ["صفحة الحملة", "احتساب زيارات رابط الحملة"]),
      willGoOffline: willGoOffline(licence, ctx),
    });
  }
  for (const unit of unitRows) {
    const project = byId.get(unit.projectId);
    if (!project) continue;
    const licence = effectiveLicence({ project, unit }, ctx.today, ctx.policy);
    rows.push({
      entityType: "unit",
      id: unit.id,
      name: unitName(unit),
      projectId: unit.projectId,
      projectName: project.name,
      editPath: `/admin/units/${unit.id}/edit`,
      licence,
      offline: offlineOf(licence, ["صفحة الوحدة", "قائمة وحدات المشروع وجدول التوفر وخريطة الموقع"]),
      willGoOffline: willGoOffline(licence, ctx),
    });
  }
  const urgency = (r: ComplianceRow) => (r.licence.state === "valid" ? 1 : 0);
  rows.sort(
    (a, b) =>
      urgency(a) - urgency(b) ||
      (a.licence.daysLeft ?? Number.NEGATIVE_INFINITY) - (b.licence.daysLeft ?? Number.NEGATIVE_INFINITY),
  );
  return {
    rows,
    enforceFrom: ctx.policy.enforceFrom,
    today: ctx.today,
    needsAction: rows.filter((r) => r.licence.state !== "valid").length,
  };
}

/**
 * PUT /api/landing-campaigns/{id}/licence (campaigns.manage): sets or (both empty) removes the campaign's own
 * advertising licence, in one transaction with its audit row. Output: the campaign's licence fields and the licence
 * that applies now. Errors: 404 CAMPAIGN_NOT_FOUND.
 */
export async function updateCampaignLicence(
  db: Db,
  id: number,
  input: { advertisingLicenseNumber: string | null; advertisingLicenseExpiresOn: string | null },
  actor: AuditActor,
  ctx: LicenceContext,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ campaign: landingCampaigns, project: projects })
      .from(landingCampaigns)
      .innerJoin(landingPages, eq(landingPages.id, landingCampaigns.landingPageId))
      .innerJoin(projects, eq(projects.id, landingPages.projectId))
      .where(eq(landingCampaigns.id, id))
      .limit(1);
    if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
    const [updated] = await tx
      .update(landingCampaigns)
      .set({
        advertisingLicenseNumber: input.advertisingLicenseNumber,
        advertisingLicenseExpiresOn: input.advertisingLicenseExpiresOn,
        updatedAt: new Date(),
      })
      .where(eq(landingCampaigns.id, id))
      .returning();
    await recordAudit(tx, actor, {
      entityType: "landing_campaign",
      entityId: id,
      action: "update-licence",
      previousState: {
        advertisingLicenseNumber: row.campaign.advertisingLicenseNumber,
        advertisingLicenseExpiresOn: row.campaign.advertisingLicenseExpiresOn,
      },
      newState: input,
    });
    return {
      id,
      advertisingLicenseNumber: updated.advertisingLicenseNumber,
      advertisingLicenseExpiresOn: updated.advertisingLicenseExpiresOn,
      licence: effectiveLicence({ project: row.project, campaign: updated }, ctx.today, ctx.policy),
    };
  });
}
