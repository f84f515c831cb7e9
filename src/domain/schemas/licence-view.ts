/**
 * Response shapes of the licence fields (docs/compliance.md): a project's licence and disclosure fields as answered,
 * and the computed licence that applies today (src/domain/licence.ts EffectiveLicence). Beside api.ts, which spreads
 * them into the Project shape.
 */
import { z } from "zod";
import { LICENCE_STATES, SALE_MODES } from "../licence.ts";
import { text } from "./text.ts";

/** The licence that applies and what follows from it today (src/domain/licence.ts EffectiveLicence). */
export const licenceViewSchema = z.object({
  source: z.enum(["unit", "campaign", "project"]),
  kind: z.enum(["advertising", "offplan"]),
  number: text().nullable(),
  expiresOn: text().nullable(),
  verificationUrl: text().nullable(),
  state: z.enum(LICENCE_STATES),
  daysLeft: z.number().nullable(),
  advertisable: z.boolean(),
  reason: z.enum(["expired", "missing"]).nullable(),
  field: text().nullable(),
  advertiseUntil: text().nullable(),
});

/** A project's licence and disclosure fields as answered (docs/compliance.md). */
export const projectLicenceViewShape = {
  saleMode: z.enum(SALE_MODES),
  advertisingLicenseIssuedOn: text().nullable(),
  advertisingLicenseExpiresOn: text().nullable(),
  advertisingLicenseUrl: text().nullable(),
  offPlanLicenseExpiresOn: text().nullable(),
  escrowBank: text().nullable(),
  escrowAccountName: text().nullable(),
  escrowIban: text().nullable(),
  falLicenseNumber: text().nullable(),
  plotNumber: text().nullable(),
  rightsAndRestrictions: text(),
  /** Computed: the licence that applies today (read-only; accepted and ignored on PUT). */
  licence: licenceViewSchema,
};

/** One row of the compliance screen (GET /api/compliance): a project, unit or campaign and its licence. */
export const complianceRowSchema = z.object({
  entityType: z.enum(["project", "unit", "campaign"]),
  id: z.number().int(),
  name: text(),
  projectId: z.number().int(),
  projectName: text(),
  /** Where staff enter the licence (an admin path). */
  editPath: text(),
  licence: licenceViewSchema,
  /** What visitors no longer see because of it (Arabic, e.g. «صفحة المشروع»); empty while advertisable. */
  offline: z.array(text()),
  /** Missing today, but still shown until the enforcement day (the upgrade's grace period). */
  willGoOffline: z.boolean(),
});

/** GET /api/compliance: every row, the enforcement day, and how many rows need action (not «ساري»). */
export const complianceReportSchema = z
  .object({
    rows: z.array(complianceRowSchema),
    /** First day a missing licence takes a page offline (YYYY-MM-DD); null: enforced from the start. */
    enforceFrom: text().nullable(),
    today: text(),
    needsAction: z.number().int(),
  })
  .meta({ id: "ComplianceReport" });

/** A campaign's own licence as answered by PUT /api/landing-campaigns/{id}/licence. */
export const campaignLicenceSchema = z
  .object({
    id: z.number().int(),
    advertisingLicenseNumber: text().nullable(),
    advertisingLicenseExpiresOn: text().nullable(),
    licence: licenceViewSchema,
  })
  .meta({ id: "CampaignLicence" });

export type ComplianceRow = z.infer<typeof complianceRowSchema>;
export type ComplianceReport = z.infer<typeof complianceReportSchema>;
export type LicenceView = z.infer<typeof licenceViewSchema>;
export type CampaignLicence = z.infer<typeof campaignLicenceSchema>;
