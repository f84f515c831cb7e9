/**
 * Loads the advertising-compliance rules (config/compliance.json, or COMPLIANCE_CONFIG; docs/compliance.md), validated
 * by the domain schema (domain/compliance-rules.ts), once at start like config/site.json: a bad file stops the start.
 * `licencePolicyReader` resolves the enforcement date: the file's `enforceFrom`, else the day the database recorded
 * when the compliance tables were created (db/tables/compliance.ts), read once per app.
 * Errors: loadComplianceRules throws one readable message naming the file and each invalid key.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { type ComplianceRules, complianceRulesSchema, type LicencePolicy } from "#domain/compliance-rules.ts";
import { CONTENT_EXPIRES_HEADER, type EffectiveLicence, LICENCE_OFFLINE_HEADER, riyadhDay } from "#domain/licence.ts";
import type { Db } from "../db/connection.ts";
import { complianceSettings } from "../db/tables/compliance.ts";
import { notFound } from "./http-errors.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_COMPLIANCE_RULES = path.resolve(
  here,
  here.includes(`${path.sep}dist${path.sep}`)
    ? "../../../../config/compliance.json"
    : "../../../config/compliance.json",
);

export function loadComplianceRules(file = DEFAULT_COMPLIANCE_RULES): ComplianceRules {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Invalid compliance rules in ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = complianceRulesSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(file)"}: ${i.message}`).join("\n");
    throw new Error(`Invalid compliance rules in ${file}:\n${lines}`);
  }
  return parsed.data;
}

/**
 * A reader of the licence policy (domain/compliance-rules.ts LicencePolicy) for `rules` on `db`: the database's
 * enforcement day is read on the first call and kept (only the migration writes it).
 */
export function licencePolicyReader(db: Db, rules: ComplianceRules): () => Promise<LicencePolicy> {
  let enforceFrom: Promise<string | null> | null = null;
  const stored = async () => {
    const [row] = await db
      .select({ enforceFrom: complianceSettings.enforceFrom })
      .from(complianceSettings)
      .where(eq(complianceSettings.id, 1));
    return row?.enforceFrom ?? null;
  };
  return async () => {
    if (rules.enforceFrom === null) {
      enforceFrom ??= stored().catch((error) => {
        enforceFrom = null;
        throw error;
      });
    }
    return {
      enforceFrom: rules.enforceFrom ?? (await (enforceFrom as Promise<string | null>)),
      expiringWithinDays: rules.expiringWithinDays.value,
      verificationUrlPattern: rules.verificationUrlPattern,
    };
  };
}

/** What a licence is judged against: today's Asia/Riyadh day and the policy in force. */
export interface LicenceContext {
  today: string;
  policy: LicencePolicy;
}

/** The licence context of this moment on the app's one clock (jobs/clock.ts) and policy reader. */
export async function licenceContext(app: {
  clock: () => Date;
  licencePolicy: () => Promise<LicencePolicy>;
}): Promise<LicenceContext> {
  return { today: riyadhDay(app.clock()), policy: await app.licencePolicy() };
}

export { CONTENT_EXPIRES_HEADER, LICENCE_OFFLINE_HEADER } from "#domain/licence.ts";

/** The earliest of some ISO instants (nulls skipped), or null. */
export function earliest(instants: readonly (string | null | undefined)[]): string | null {
  let first: string | null = null;
  for (const instant of instants) if (instant && (first === null || instant < first)) first = instant;
  return first;
}

/**
 * For a visitor's read: throws 404 `notFoundMessage` with LICENCE_OFFLINE_HEADER when `licence` does not allow
 * advertising today; else sets CONTENT_EXPIRES_HEADER to the end of its last day (when it has one).
 */
export function assertAdvertisable(
  reply: { header(name: string, value: string): unknown },
  licence: Pick<EffectiveLicence, "advertisable" | "reason" | "advertiseUntil">,
  notFoundMessage: string,
): void {
  if (!licence.advertisable) {
    reply.header(LICENCE_OFFLINE_HEADER, licence.reason ?? "missing");
    throw notFound(notFoundMessage);
  }
  if (licence.advertiseUntil) reply.header(CONTENT_EXPIRES_HEADER, licence.advertiseUntil);
}
