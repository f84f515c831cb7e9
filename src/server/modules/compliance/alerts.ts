/**
 * Licence alerts (docs/compliance.md): `alertDaysBefore` days (30, 7 and 1 by default, config/compliance.json) before
 * a licence's last day, its staff are told in the bell and by e-mail (the lead desk's notification outbox, `notify`):
 * a project's licence → the users holding `projects.edit`; a unit's or a campaign's own licence → the same users and
 * the project's agents (its round-robin list).
 *
 * Each alert is a `licence_alerts` row (thing, last day, days before) inserted in the notifications' transaction: the
 * unique key makes it happen once across instances and restarts (a second inserter finds the row and sends nothing).
 * A licence entered with fewer days left than a threshold gets the nearest threshold's alert only (never three at
 * once); a renewed licence (another last day) is alerted again. Runs as the engine's "licence-alerts" queue
 * (plugin.ts), at most every ALERT_SCAN_MS of the app's clock per instance.
 */
import { eq, isNotNull } from "drizzle-orm";
import { countNoun, formatDateLong, formatHijri, NOUNS } from "#domain/format.ts";
import { daysBetween, riyadhDayStart } from "#domain/licence.ts";
import { hasPermission } from "#domain/permissions.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { landingCampaigns, landingPages, projects, units, users } from "../../db/schema.ts";
import { licenceAlerts } from "../../db/tables/compliance.ts";
import { leadAgents } from "../../db/tables/lead-desk.ts";
import { notify } from "../leads/desk/service.ts";
import { loadPermissionFacts } from "../permissions/service.ts";
import { campaignName, isolated } from "./service.ts";

/** How often one instance looks for alerts to send, ms of the app's clock. */
export const ALERT_SCAN_MS = 10_000;
/** The notifications' kind. */
export const LICENCE_ALERT_KIND = "licence_expiring";

interface Due {
  entityType: "project" | "unit" | "campaign";
  entityId: number;
  projectId: number;
  name: string;
  expiresOn: string;
}

/** The alert's Arabic text: what, in how many days, and the last day (Gregorian and Hijri). */
export function alertText(due: Due, daysLeft: number): string {
  const what = { project: "مشروع", unit: "", campaign: "حملة" }[due.entityType];
  const day = riyadhDayStart(due.expiresOn);
  const left = daysLeft <= 0 ? "اليوم آخر يوم فيه" : `ينتهي بعد ${countNoun(daysLeft, NOUNS.day)}`;
  return `ترخيص إعلان ${what ? `${what} ` : ""}«${due.name}» ${left}، في ${formatDateLong(day)} (${formatHijri(day)}). جدّده قبل أن يتوقف عرضه للزوار.`;
}

/** Every licence with a last day: the projects' (both kinds), and the units' and campaigns' own. */
async function licencesWithExpiry(db: Db | Tx): Promise<Due[]> {
  const out: Due[] = [];
  for (const p of await db.select().from(projects)) {
    const days = [p.advertisingLicenseExpiresOn, p.offPlanLicenseExpiresOn].filter((d): d is string => Boolean(d));
    for (const expiresOn of new Set(days)) {
      out.push({ entityType: "project", entityId: p.id, projectId: p.id, name: p.name, expiresOn });
    }
  }
  const campaigns = await db
    .select({ campaign: landingCampaigns, projectId: landingPages.projectId })
    .from(landingCampaigns)
    .innerJoin(landingPages, eq(landingPages.id, landingCampaigns.landingPageId))
    .where(isNotNull(landingCampaigns.advertisingLicenseExpiresOn));
  for (const { campaign, projectId } of campaigns) {
    out.push({
      entityType: "campaign",
      entityId: campaign.id,
      projectId,
      name: campaignName(campaign),
      expiresOn: campaign.advertisingLicenseExpiresOn as string,
    });
  }
  const unitRows = await db.select().from(units).where(isNotNull(units.advertisingLicenseExpiresOn));
  for (const u of unitRows) {
    out.push({
      entityType: "unit",
      entityId: u.id,
      projectId: u.projectId,
      name: `وحدة ${isolated(u.unitNumber)}`,
      expiresOn: u.advertisingLicenseExpiresOn as string,
    });
  }
  return out;
}

/** The ids of the users holding `projects.edit` (super_admin always; SPEC §6 check order). */
async function editors(db: Db | Tx): Promise<string[]> {
  const all = await db.select({ id: users.id, role: users.role }).from(users);
  const ids: string[] = [];
  for (const user of all) {
    const subject = { id: user.id, role: user.role as Parameters<typeof loadPermissionFacts>[1]["role"] };
    if (hasPermission(subject, "projects.edit", await loadPermissionFacts(db, subject))) ids.push(user.id);
  }
  return ids;
}

/**
 * One pass: sends the alerts due on the Asia/Riyadh day `today` (YYYY-MM-DD) at `now`. Output: how many alerts were
 * sent (each to all its recipients). Safe on several instances at once (see the module comment).
 */
export async function sendLicenceAlerts(db: Db, today: string, now: Date, daysBefore: readonly number[]) {
  const thresholds = [...daysBefore].sort((a, b) => a - b);
  let sent = 0;
  let recipients: string[] | null = null;
  for (const due of await licencesWithExpiry(db)) {
    const daysLeft = daysBetween(today, due.expiresOn);
    if (daysLeft < 0) continue;
    const nearest = thresholds.find((d) => d >= daysLeft);
    if (nearest === undefined) continue;
    const done = await db.transaction(async (tx) => {
      // The thresholds already passed count as handled with this one: a late entry gets one alert, not three.
      const rows = thresholds
        .filter((d) => d >= nearest)
        .map((d) => ({
          entityType: due.entityType,
          entityId: due.entityId,
          expiresOn: due.expiresOn,
          daysBefore: d,
          sentAt: now,
        }));
      const inserted = await tx
        .insert(licenceAlerts)
        .values(rows)
        .onConflictDoNothing()
        .returning({ daysBefore: licenceAlerts.daysBefore });
      if (!inserted.some((r) => r.daysBefore === nearest)) return false;
      recipients ??= await editors(tx);
      const to = new Set(recipients);
      if (due.entityType !== "project") {
        const agents = await tx
          .select({ userId: leadAgents.userId })
          .from(leadAgents)
          .where(eq(leadAgents.projectId, due.projectId));
        for (const a of agents) to.add(a.userId);
      }
      await notify(tx, [...to], null, LICENCE_ALERT_KIND, alertText(due, daysLeft), now);
      return true;
    });
    if (done) sent++;
  }
  return sent;
}
