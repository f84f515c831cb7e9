/**
 * Start-up data: the permission catalogue (every start), the first super_admin (first start), and the demo
 * content (first start with SEED=demo, the default). "First start" means the users table was empty.
 */
import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import type { AppConfig } from "../config.ts";
import type { Storage } from "../lib/storage.ts";
import { hashPassword } from "../modules/auth/service.ts";
import { syncPermissionCatalogue } from "../modules/permissions/service.ts";
import type { Db } from "./connection.ts";
import { seedDemoContent } from "./demo-content.ts";
import { users } from "./schema.ts";

export interface PrepareReport {
  firstStart: boolean;
  /** Set only when the admin was created without ADMIN_PASSWORD: print it once, never store it. */
  generatedAdminPassword?: string;
}

/** A readable random password: 4 groups of 5 base32 characters (100 bits). */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(20);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join("")).join("-");
}

export async function prepareDatabase(
  db: Db,
  storage: Storage,
  config: Pick<AppConfig, "adminUsername" | "adminPassword" | "seed">,
): Promise<PrepareReport> {
  await syncPermissionCatalogue(db);
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (Number(n) > 0) return { firstStart: false };

  const password = config.adminPassword ?? generatePassword();
  await db.insert(users).values({
    username: config.adminUsername,
    passwordHash: await hashPassword(password),
    role: "super_admin",
    name: "المدير العام",
  });
  if (config.seed === "demo") await seedDemoContent(db, storage);
  return { firstStart: true, generatedAdminPassword: config.adminPassword ? undefined : password };
}
