/**
 * Secrets at rest (ARCHITECTURE security model "secrets encrypted at rest"; README "Configuration", SECRETS_KEY).
 * A SecretBox seals short strings (two-factor secrets) with AES-256-GCM (node:crypto): 96-bit random IV, 128-bit tag,
 * stored as "v1:" + base64url(iv | tag | ciphertext). open() throws when the text was altered or sealed with another
 * key. The key is SECRETS_KEY (32 bytes); without it, one is generated once into DATA_DIR/secrets.key (mode 0600)
 * and a warning says so: losing that file makes the stored secrets unreadable.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * A keyed, deterministic digest of `plain` for `purpose` (HMAC-SHA256 under a key derived from SECRETS_KEY with
   * HKDF), hex: equal inputs give equal digests, so a sealed value can still be looked up or kept unique (a buyer's
   * national ID: docs/payments.md "Checkout") without storing it readable.
   */
  digest(purpose: string, plain: string): string;
}

const PREFIX = "v1:";

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the secrets key must be 32 bytes");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
    },
    digest(purpose, plain) {
      const derived = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), `digest:${purpose}`, 32));
      return createHmac("sha256", derived).update(plain, "utf8").digest("hex");
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error("unknown sealed secret format");
      const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}

/**
 * The configured key, else the one kept in `dataDir`/secrets.key (created on first use). `warn` is told when the
 * file is used, so operators learn that SECRETS_KEY is unset.
 */
export function resolveSecretsKey(configured: Buffer | undefined, dataDir: string, warn: (message: string) => void) {
  if (configured) return configured;
  const file = path.join(dataDir, "secrets.key");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
  }
  warn(`SECRETS_KEY is not set: secrets stored in the database are encrypted with the key kept in ${file}`);
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte hex key`);
  return key;
}
