/**
 * Compliance routes (docs/compliance.md):
 * GET /api/compliance                         compliance.view    the compliance screen's report (ComplianceReport)
 * PUT /api/landing-campaigns/{id}/licence     campaigns.manage   a campaign's own advertising licence (both empty:
 *                                                                none, the project's applies); 404 unknown campaign
 * and the "licence-alerts" queue of the job engine (alerts.ts), registered after the jobs plugin (app.ts).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { riyadhDay } from "#domain/licence.ts";
import { idParam } from "#domain/schemas/common.ts";
import { overrideLicenceSchema } from "#domain/schemas/licence.ts";
import { campaignLicenceSchema, complianceReportSchema } from "#domain/schemas/licence-view.ts";
import { licenceContext } from "../../lib/compliance-rules.ts";
import { actorOf } from "../../plugins/auth.ts";
import { ALERT_SCAN_MS, sendLicenceAlerts } from "./alerts.ts";
import { complianceReport, updateCampaignLicence } from "./service.ts";

export async function complianceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/compliance",
    {
      config: { access: { permission: "compliance.view" } },
      schema: { response: { 200: complianceReportSchema } },
    },
    async () => complianceReport(app.db, await licenceContext(app)),
  );
  r.put(
    "/api/landing-campaigns/:id/licence",
    {
      config: { access: { permission: "campaigns.manage" }, changesPublicPages: true },
      schema: { params: idParam, body: overrideLicenceSchema, response: { 200: campaignLicenceSchema } },
    },
    async (request) =>
      updateCampaignLicence(app.db, request.params.id, request.body, actorOf(request), await licenceContext(app)),
  );
}

/** The "licence-alerts" queue: a pass at most every ALERT_SCAN_MS of the app's clock on this instance. */
export const licenceAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    let lastScan = Number.NEGATIVE_INFINITY;
    app.jobs.due("licence-alerts", async (now) => {
      if (now.getTime() - lastScan < ALERT_SCAN_MS) return 0;
      lastScan = now.getTime();
      return sendLicenceAlerts(app.db, riyadhDay(now), now, app.compliance.alertDaysBefore.values);
    });
  },
  { name: "licence-alerts", dependencies: ["jobs"] },
);
