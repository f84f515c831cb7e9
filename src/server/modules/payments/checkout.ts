/**
 * Starting an online checkout (docs/payments.md "Checkout"; docs/decisions/123-online-checkout-and-holds.md):
 * POST /api/checkout. In one transaction: the buyer's earlier checkouts that ran out are ended, the unit gets an
 * online hold of PAYMENTS_HOLD_MINUTES (inventory/service.ts placeOnlineHold, the unit_holds_active_key guarantee),
 * and the checkout row (pending) is stored with the national ID sealed; the partial unique indexes keep one pending
 * checkout per phone, per national ID and per e-mail. Then the gateway's hosted page is created to expire with the
 * hold; when the gateway cannot be reached the hold is released at once (503, nothing was charged). The checkout keeps
 * the ad link's attribution and the buyer's affordability estimate for the lead (docs/affordability.md "Kept with an
 * enquiry"), and queues the platforms' InitiateCheckout event in its transaction (../conversions/checkout-events.ts).
 * Errors: 400 {unitId} unknown unit; 409 {unitId} deposits not offered, held until … («محجوزة حتى …», with
 * `heldUntil`), or not available; 409 {phone|nationalId|email} the person already has a pending checkout; 503.
 */
import { randomUUID } from "node:crypto";
import { and, eq, lte, or } from "drizzle-orm";
import type { AffordabilityRules } from "#domain/affordability-rules.ts";
import { buyerEstimateOf } from "#domain/buyer-estimate.ts";
import { CHECKOUT_TEXTS, type CheckoutRequest, heldUntilMessage } from "#domain/checkout.ts";
import { toHalalas } from "#domain/payments.ts";
import { unitLabel } from "#domain/unit-label.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { landingCampaigns, projects, units } from "#server/db/schema.ts";
import { checkouts, projectPaymentSettings } from "#server/db/tables/payments.ts";
import { badRequest, conflict, HttpError, notFound } from "#server/lib/http-errors.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import { uniqueViolationOf } from "#server/lib/sql.ts";
import { recordAudit } from "../audit/service.ts";
import { queueCheckoutConversions } from "../conversions/checkout-events.ts";
import { placeOnlineHold, releaseOnlineHold } from "../inventory/service.ts";
import { GatewayError, type PaymentGateway } from "./gateway.ts";
import { credentialsOf } from "./settings.ts";

/** What the checkout needs of the app. */
export interface PaymentDeps {
  db: Db;
  secrets: SecretBox;
  gateway: PaymentGateway;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** PAYMENTS_HOLD_MINUTES. */
  holdMinutes: number;
  /** The affordability rules loaded at start (`app.affordability`): a checkout's estimate is computed by them. */
  affordabilityRules?: AffordabilityRules;
}

export interface CheckoutMeta {
  ip: string | null;
  userAgent: string | null;
  consentVersion: string;
  marketingConsentVersion: string | null;
  now: Date;
}

/** The digest purpose of national IDs (lib/secrets.ts digest). */
export const NATIONAL_ID_DIGEST = "checkout-national-id";

/** The buyer's confirmation page for checkout `token`. */
export const confirmationUrl = (publicUrl: string, token: string) => `${publicUrl}/checkout/done/${token}`;

/** Ends the pending checkouts of the same person whose time ran out at `now` (their holds released). */
async function endRunOut(tx: Tx, phone: string, email: string, idHash: string, now: Date) {
  const stale = await tx
    .select({ id: checkouts.id, holdId: checkouts.holdId })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.state, "pending"),
        lte(checkouts.expiresAt, now),
        or(eq(checkouts.phone, phone), eq(checkouts.email, email), eq(checkouts.nationalIdHash, idHash)),
      ),
    )
    .for("update");
  for (const row of stale) {
    if (row.holdId !== null) await releaseOnlineHold(tx, row.holdId, "expired", now);
    await tx.update(checkouts).set({ state: "expired", endedAt: now }).where(eq(checkouts.id, row.id));
  }
}

const PERSON_KEYS: Record<string, "phone" | "nationalId" | "email"> = {
  checkouts_pending_phone_key: "phone",
  checkouts_pending_national_id_key: "nationalId",
  checkouts_pending_email_key: "email",
};

/** The unit with its project's deposit settings (offered or not). Errors: 400 {unitId} unknown unit. */
async function unitOffer(db: Db, unitId: number) {
  const [row] = await db
    .select({
      unitId: units.id,
      projectId: units.projectId,
      unitNumber: units.unitNumber,
      building: units.building,
      projectName: projects.name,
      enabled: projectPaymentSettings.enabled,
      depositSar: projectPaymentSettings.depositSar,
    })
    .from(units)
    .innerJoin(projects, eq(projects.id, units.projectId))
    .leftJoin(projectPaymentSettings, eq(projectPaymentSettings.projectId, units.projectId))
    .where(eq(units.id, unitId))
    .limit(1);
  if (!row) throw badRequest({ unitId: CHECKOUT_TEXTS.unitInvalid });
  return row;
}

/**
 * GET /api/projects/{id}/deposit-offer (public): what «احجز الآن بعربون» offers on the project's unit pages — the
 * deposit (whole SAR), the terms text, the refund window and the days to sign (days) — when deposits are enabled
 * with the gateway's credentials. Errors: 404 when the project offers none.
 */
export async function depositOffer(db: Db, projectId: number) {
  const [row] = await db
    .select()
    .from(projectPaymentSettings)
    .where(eq(projectPaymentSettings.projectId, projectId))
    .limit(1);
  if (!row?.enabled || !row.secretKeySealed || !row.webhookSecretSealed || row.depositSar < 1) {
    throw notFound(CHECKOUT_TEXTS.notOffered);
  }
  return {
    projectId,
    depositSar: row.depositSar,
    termsText: row.termsText,
    refundWindowDays: row.refundWindowDays,
    daysToSign: row.daysToSign,
  };
}

/** POST /api/checkout (see the module comment). Output: the gateway's page to send the buyer to. */
export async function startCheckout(deps: PaymentDeps, input: CheckoutRequest, meta: CheckoutMeta) {
  const { now } = meta;
  const offer = await unitOffer(deps.db, input.unitId);
  const credentials = offer.enabled ? await credentialsOf(deps.db, deps.secrets, offer.projectId) : null;
  const depositSar = offer.depositSar ?? 0;
  if (!credentials || depositSar < 1) {
    throw conflict(CHECKOUT_TEXTS.notOffered, { unitId: CHECKOUT_TEXTS.notOffered });
  }
  const idHash = deps.secrets.digest(NATIONAL_ID_DIGEST, input.nationalId);
  const [campaign] = input.campaign
    ? await deps.db
        .select({ id: landingCampaigns.id, landingPageId: landingCampaigns.landingPageId })
        .from(landingCampaigns)
        .where(eq(landingCampaigns.urlSlug, input.campaign))
        .limit(1)
    : [];
  const token = randomUUID();
  let checkout: typeof checkouts.$inferSelect;
  try {
    checkout = await deps.db.transaction(async (tx) => {
      await endRunOut(tx, input.phone, input.email, idHash, now);
      const hold = await placeOnlineHold(tx, input.unitId, deps.holdMinutes, now);
      if ("refused" in hold) {
        if (hold.refused === "held") {
          const message = heldUntilMessage(hold.until);
          throw new HttpError(409, message, { unitId: message }, { heldUntil: hold.until.toISOString() });
        }
        throw conflict(CHECKOUT_TEXTS.notAvailable, { unitId: CHECKOUT_TEXTS.notAvailable });
      }
      const [row] = await tx
        .insert(checkouts)
        .values({
          token,
          projectId: offer.projectId,
          unitId: input.unitId,
          holdId: hold.holdId,
          state: "pending",
          name: input.name,
          phone: input.phone,
          email: input.email,
          nationalIdSealed: deps.secrets.seal(input.nationalId),
          nationalIdHash: idHash,
          nationalIdLast4: input.nationalId.slice(-4),
          amountSar: depositSar,
          consentVersion: meta.consentVersion,
          marketingConsentVersion: input.marketingConsent ? meta.marketingConsentVersion : null,
          ipAddress: meta.ip,
          userAgent: meta.userAgent?.slice(0, 1000) ?? null,
          expiresAt: hold.expiresAt,
          createdAt: now,
          attribution: input.attribution
            ? Object.fromEntries(
                Object.entries(input.attribution).filter((e): e is [string, string] => typeof e[1] === "string"),
              )
            : {},
          landingPageId: campaign?.landingPageId ?? null,
          campaignId: campaign?.id ?? null,
          estimate:
            input.estimate && deps.affordabilityRules ? buyerEstimateOf(input.estimate, deps.affordabilityRules) : null,
        })
        .returning();
      await queueCheckoutConversions(tx, row, now, deps.publicUrl);
      await recordAudit(
        tx,
        { userId: null, ip: meta.ip },
        {
          entityType: "checkout",
          entityId: row.id,
          action: "create",
          newState: { unitId: row.unitId, holdId: row.holdId, amountSar: row.amountSar, expiresAt: row.expiresAt },
        },
      );
      return row;
    });
  } catch (error) {
    const field = PERSON_KEYS[uniqueViolationOf(error) ?? ""];
    if (field) throw conflict(CHECKOUT_TEXTS.onePerPerson, { [field]: CHECKOUT_TEXTS.onePerPerson });
    if (uniqueViolationOf(error) !== null) {
      throw conflict(CHECKOUT_TEXTS.notAvailable, { unitId: CHECKOUT_TEXTS.notAvailable });
    }
    throw error;
  }
  const label = unitLabel({ unitNumber: offer.unitNumber, building: offer.building || null });
  try {
    const hosted = await deps.gateway.createHostedPayment(credentials, {
      amountHalalas: toHalalas(checkout.amountSar),
      description: `عربون حجز الوحدة ${label} — ${offer.projectName}`,
      successUrl: confirmationUrl(deps.publicUrl, token),
      backUrl: `${deps.publicUrl}/project/${offer.projectId}/unit/${offer.unitId}`,
      callbackUrl: `${deps.publicUrl}/api/payments/webhooks/moyasar`,
      expiresAt: checkout.expiresAt,
      metadata: { checkoutId: String(checkout.id), unitId: String(offer.unitId), projectId: String(offer.projectId) },
    });
    await deps.db
      .update(checkouts)
      .set({ hostedId: hosted.id, hostedUrl: hosted.url })
      .where(eq(checkouts.id, checkout.id));
    return { token, url: hosted.url, expiresAt: checkout.expiresAt.toISOString() };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await deps.db.transaction(async (tx) => {
      if (checkout.holdId !== null) await releaseOnlineHold(tx, checkout.holdId, "released", now);
      await tx.update(checkouts).set({ state: "failed", endedAt: now }).where(eq(checkouts.id, checkout.id));
    });
    throw new HttpError(503, CHECKOUT_TEXTS.gatewayDown);
  }
}
