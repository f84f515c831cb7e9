/**
 * TOTP two-factor sign-in (RFC 6238 via otplib; docs/decisions/020-staff-sign-in-hardening.md).
 * - Enrolment: startEnrolment seals a new 160-bit secret (lib/secrets.ts, AES-256-GCM) as pending and returns it with
 *   its otpauth:// URI and a QR code (SVG data URL, qrcode); confirmEnrolment checks a code against it, marks it
 *   enabled and returns RECOVERY_CODE_COUNT one-time recovery codes (shown once, stored as argon2id hashes).
 * - Sign-in: verifySecondFactor accepts the current code (±1 time step of 30 s for clock drift), never a step
 *   already used (lastStep: such a code answers "reused", so the user is told to wait for the next code), or an
 *   unused recovery code, which it spends.
 * - Policy: a super_admin requires 2FA per role (role_settings); a member of such a role without 2FA gets a session
 *   that may only enrol (plugins/auth.ts), and cannot turn 2FA off.
 */
import { hash, verify as verifyHash } from "@node-rs/argon2";
import { and, count, eq, isNull } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { ROLES, type Role } from "#domain/roles.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { recoveryCodes, roleSettings, userTwoFactor } from "../../db/tables/auth.ts";
import { conflict } from "../../lib/http-errors.ts";
import type { SecretBox } from "../../lib/secrets.ts";
import { newToken } from "../../lib/tokens.ts";
import { recordAudit } from "../audit/service.ts";

/** Who acts and from where (the audit row of each change). */
interface Actor {
  userId: string;
  ip: string | null;
}

export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_S = 30;
const ISSUER = "لوحة التحكم";

export interface TwoFactorStatus {
  enabled: boolean;
  /** The user's role requires a second factor. */
  required: boolean;
  recoveryCodesLeft: number;
}

/** GET /api/roles/two-factor: every role with whether its members must use a second factor. */
export async function listRoleTwoFactor(db: Db): Promise<{ role: Role; requireTwoFactor: boolean }[]> {
  const rows = await db.select().from(roleSettings);
  const required = new Map(rows.map((row) => [row.role, row.requireTwoFactor]));
  return ROLES.map((role) => ({ role, requireTwoFactor: required.get(role) ?? false }));
}

/** PUT /api/roles/{role}/two-factor: sets the requirement, with its audit row, in one transaction. */
export async function setRoleTwoFactor(db: Db, actor: Actor, role: Role, requireTwoFactor: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(roleSettings)
      .values({ role, requireTwoFactor })
      .onConflictDoUpdate({ target: roleSettings.role, set: { requireTwoFactor, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      entityType: "role",
      entityId: role,
      action: "update",
      newState: { requireTwoFactor },
    });
  });
}

/** Whether members of `role` must use a second factor. */
export async function roleRequiresTwoFactor(db: Db | Tx, role: Role | string): Promise<boolean> {
  const [row] = await db.select().from(roleSettings).where(eq(roleSettings.role, role));
  return row?.requireTwoFactor ?? false;
}

export async function twoFactorEnabled(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: userTwoFactor.enabledAt })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  return Boolean(row?.enabledAt);
}

export async function twoFactorStatus(db: Db, user: { id: string; role: string }): Promise<TwoFactorStatus> {
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return {
    enabled: await twoFactorEnabled(db, user.id),
    required: await roleRequiresTwoFactor(db, user.role),
    recoveryCodesLeft: Number(left?.n ?? 0),
  };
}

/** A new pending secret for `user`; 409 when 2FA is already on (turn it off first). */
export async function startEnrolment(db: Db, box: SecretBox, user: { id: string; username: string }) {
  if (await twoFactorEnabled(db, user.id)) throw conflict("التحقق بخطوتين مفعل بالفعل");
  const secret = generateSecret();
  const sealed = box.seal(secret);
  await db
    .insert(userTwoFactor)
    .values({ userId: user.id, secretSealed: sealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed: sealed, enabledAt: null, lastStep: null },
    });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.username, secret });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
  ).toString("base64")}`;
  return { secret, otpauthUrl, qrCode };
}

/**
 * The outcome of a second-factor code: "ok"; "reused" when it is a right code of a time step already used (the same
 * code again, or an older one still inside the drift window: the user must wait for the next code); "wrong".
 */
export type SecondFactorResult = "ok" | "reused" | "wrong";

/** Checks `code` against the secret (enabled, or pending when `pending`); records its step so it is used once. */
async function checkCode(
  db: Db | Tx,
  box: SecretBox,
  userId: string,
  code: string,
  pending: boolean,
): Promise<SecondFactorResult> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  if (!row || Boolean(row.enabledAt) === pending) return "wrong";
  if (!/^\d{6}$/.test(code)) return "wrong";
  const result = await verify({ secret: box.open(row.secretSealed), token: code, epochTolerance: TOTP_PERIOD_S });
  if (!result.valid || !("timeStep" in result)) return "wrong";
  if (row.lastStep !== null && result.timeStep <= row.lastStep) return "reused";
  // Conditional update: two requests with the same code cannot both pass.
  const updated = await db
    .update(userTwoFactor)
    .set({ lastStep: result.timeStep })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        row.lastStep === null ? isNull(userTwoFactor.lastStep) : eq(userTwoFactor.lastStep, row.lastStep),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return updated.length === 1 ? "ok" : "reused";
}

/**
 * Confirms the enrolment of `actor.userId` with a first code, with its audit row; returns the recovery codes (shown
 * once), or null when the code is wrong.
 */
export async function confirmEnrolment(db: Db, box: SecretBox, actor: Actor, code: string) {
  const { userId } = actor;
  if ((await checkCode(db, box, userId, code, true)) !== "ok") return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(newToken()));
  const hashes = await Promise.all(codes.map((c) => hash(normaliseRecoveryCode(c))));
  await db.transaction(async (tx) => {
    await tx.update(userTwoFactor).set({ enabledAt: new Date() }).where(eq(userTwoFactor.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    await recordAudit(tx, actor, { entityType: "user", entityId: userId, action: "two_factor_enable" });
  });
  return codes;
}

/** Turns 2FA off for `actor.userId` (secret and recovery codes deleted), with its audit row. */
export async function disableTwoFactor(db: Db, actor: Actor) {
  await db.transaction(async (tx) => {
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, actor.userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId));
    await recordAudit(tx, actor, { entityType: "user", entityId: actor.userId, action: "two_factor_disable" });
  });
}

/**
 * A TOTP code or a recovery code (spent on use): "ok" when it proves the second factor, "reused" for a TOTP code of
 * an already used time step (SecondFactorResult), else "wrong" (a used recovery code is "wrong": it is gone).
 */
export async function verifySecondFactor(
  db: Db,
  box: SecretBox,
  userId: string,
  code: string,
): Promise<SecondFactorResult> {
  const trimmed = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(trimmed)) return checkCode(db, box, userId, trimmed, false);
  const normalised = normaliseRecoveryCode(trimmed);
  if (normalised.length !== 16) return "wrong";
  const unused = await db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyHash(row.codeHash, normalised))) continue;
    const spent = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return spent.length === 1 ? "ok" : "wrong";
  }
  return "wrong";
}

/** "abcd-efgh-jkmn-pqrs": 16 characters of a token, lower-case letters and digits, in groups of 4. */
function formatRecoveryCode(token: string): string {
  const chars = token
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 16)
    .padEnd(16, "0");
  return chars.match(/.{4}/g)?.join("-") ?? chars;
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}
