/**
 * A project's online-deposit settings (docs/payments.md "Settings"; #domain/payments.ts): read and save, the
 * gateway credentials sealed with SECRETS_KEY (lib/secrets.ts) on the way in and never answered (`hasX`), each save
 * audited without them. Enabling deposits needs the gateway credentials and, for an off-plan project, its escrow
 * account (docs/compliance.md licence data): otherwise 409 `{ message, fields: { <first missing>: message } }`.
 * A deposit of 0 or empty terms when enabling → 400 {depositSar}/{termsText}. Unknown project → 404.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  missingForDeposits,
  PAYMENT_TEXTS,
  type PaymentSettings,
  type paymentSettingsInputSchema,
} from "#domain/payments.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { projects } from "../../db/schema.ts";
import { projectPaymentSettings } from "../../db/tables/payments.ts";
import { badRequest, conflict, notFound } from "../../lib/http-errors.ts";
import type { SecretBox } from "../../lib/secrets.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import type { GatewayCredentials } from "./gateway.ts";

type Row = typeof projectPaymentSettings.$inferSelect;
type Input = z.output<typeof paymentSettingsInputSchema>;

const view = (projectId: number, row: Row | undefined): PaymentSettings => ({
  projectId,
  enabled: row?.enabled ?? false,
  depositSar: row?.depositSar ?? 0,
  termsText: row?.termsText ?? "",
  refundWindowDays: row?.refundWindowDays ?? 0,
  daysToSign: row?.daysToSign ?? 0,
  gateway: "moyasar",
  hasSecretKey: Boolean(row?.secretKeySealed),
  hasWebhookSecret: Boolean(row?.webhookSecretSealed),
});

async function projectOf(db: Db | Tx, projectId: number) {
  const [project] = await db
    .select({
      id: projects.id,
      saleMode: projects.saleMode,
      escrowBank: projects.escrowBank,
      escrowAccountName: projects.escrowAccountName,
      escrowIban: projects.escrowIban,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) throw notFound("المشروع غير موجود");
  return project;
}

/** GET /api/projects/{id}/payment-settings (the defaults, disabled, when never saved). */
export async function readPaymentSettings(db: Db, projectId: number): Promise<PaymentSettings> {
  await projectOf(db, projectId);
  const [row] = await db.select().from(projectPaymentSettings).where(eq(projectPaymentSettings.projectId, projectId));
  return view(projectId, row);
}

/** PUT /api/projects/{id}/payment-settings; `now` is the app's clock. */
export async function savePaymentSettings(
  db: Db,
  secrets: SecretBox,
  actor: AuditActor,
  projectId: number,
  input: Input,
  now: Date,
): Promise<PaymentSettings> {
  return db.transaction(async (tx) => {
    const project = await projectOf(tx, projectId);
    const [current] = await tx
      .select()
      .from(projectPaymentSettings)
      .where(eq(projectPaymentSettings.projectId, projectId))
      .for("update");
    const sealed = (given: string | undefined, stored: string | null | undefined) =>
      given === undefined ? (stored ?? null) : given === "" ? null : secrets.seal(given);
    const secretKeySealed = sealed(input.secretKey, current?.secretKeySealed);
    const webhookSecretSealed = sealed(input.webhookSecret, current?.webhookSecretSealed);
    if (input.enabled) {
      const fields: Record<string, string> = {};
      if (input.depositSar < 1) fields.depositSar = PAYMENT_TEXTS.deposit;
      if (!input.termsText) fields.termsText = PAYMENT_TEXTS.terms;
      if (Object.keys(fields).length) throw badRequest(fields);
      const [missing] = missingForDeposits(project, {
        hasSecretKey: secretKeySealed !== null,
        hasWebhookSecret: webhookSecretSealed !== null,
      });
      if (missing) throw conflict(PAYMENT_TEXTS[missing], { [missing]: PAYMENT_TEXTS[missing] });
    }
    const values = {
      enabled: input.enabled,
      depositSar: input.depositSar,
      termsText: input.termsText,
      refundWindowDays: input.refundWindowDays,
      daysToSign: input.daysToSign,
      gateway: input.gateway,
      secretKeySealed,
      webhookSecretSealed,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(projectPaymentSettings)
      .values({ projectId, ...values })
      .onConflictDoUpdate({ target: projectPaymentSettings.projectId, set: values })
      .returning();
    const answer = view(projectId, row);
    await recordAudit(tx, actor, {
      entityType: "project_payment_settings",
      entityId: projectId,
      action: current ? "update" : "create",
      newState: { ...answer },
    });
    return answer;
  });
}

/** The project's opened gateway credentials, or null when either is missing. */
export async function credentialsOf(db: Db, secrets: SecretBox, projectId: number): Promise<GatewayCredentials | null> {
  const [row] = await db.select().from(projectPaymentSettings).where(eq(projectPaymentSettings.projectId, projectId));
  if (!row?.secretKeySealed || !row.webhookSecretSealed) return null;
  return { secretKey: secrets.open(row.secretKeySealed), webhookSecret: secrets.open(row.webhookSecretSealed) };
}
