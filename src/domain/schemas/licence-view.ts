/**
 * Response shapes of the licence fields (docs/compliance.md): a project's licence and disclosure fields as answered,
 * and the computed licence that applies today (src/domain/licence.ts EffectiveLicence). Beside api.ts, which spreads
 * them into the Project shape.
 */
import { z } from "zod";
import { LICENCE_STATES, SALE_MODES } from "../licence.ts";

/** The licence that applies and what follows from it today (src/domain/licence.ts EffectiveLicence). */
export const licenceViewSchema = z
  .object({
    source: z.enum(["unit", "campaign", "project"]),
    kind: z.enum(["advertising", "offplan"]),
    number: z.string().nullable(),
    expiresOn: z.string().nullable(),
    verificationUrl: z.string().nullable(),
    state: z.enum(LICENCE_STATES),
    daysLeft: z.number().nullable(),
    advertisable: z.boolean(),
    reason: z.enum(["expired", "missing"]).nullable(),
    field: z.string().nullable(),
    advertiseUntil: z.string().nullable(),
  })
  .meta({ id: "Licence" });

/** A project's licence and disclosure fields as answered (docs/compliance.md). */
export const projectLicenceViewShape = {
  saleMode: z.enum(SALE_MODES),
  advertisingLicenseIssuedOn: z.string().nullable(),
  advertisingLicenseExpiresOn: z.string().nullable(),
  advertisingLicenseUrl: z.string().nullable(),
  offPlanLicenseExpiresOn: z.string().nullable(),
  escrowBank: z.string().nullable(),
  escrowAccountName: z.string().nullable(),
  escrowIban: z.string().nullable(),
  falLicenseNumber: z.string().nullable(),
  plotNumber: z.string().nullable(),
  rightsAndRestrictions: z.string(),
  /** Computed: the licence that applies today (read-only; accepted and ignored on PUT). */
  licence: licenceViewSchema,
};
