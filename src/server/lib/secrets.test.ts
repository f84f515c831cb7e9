import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSecretBox, resolveSecretsKey } from "./secrets.ts";

describe("secret box", () => {
  const key = Buffer.alloc(32, 7);

  it("seals with a fresh IV each time and opens what it sealed", () => {
    const box = createSecretBox(key);
    const a = box.seal("JBSWY3DPEHPK3PXP");
    const b = box.seal("JBSWY3DPEHPK3PXP");
    expect(a).not.toBe(b);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(box.open(a)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses an altered text and another key", () => {
    const sealed = createSecretBox(key).seal("secret");
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === "A" ? "B" : "A"}${sealed.at(-1)}`;
    expect(() => createSecretBox(key).open(flipped)).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
  });

  it("generates and keeps a key file (0600) when none is configured, with a warning", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "secrets-"));
    const warnings: string[] = [];
    const first = resolveSecretsKey(undefined, dir, (m) => warnings.push(m));
    const second = resolveSecretsKey(undefined, dir, (m) => warnings.push(m));
    expect(first.equals(second)).toBe(true);
    expect(first).toHaveLength(32);
    expect((await stat(path.join(dir, "secrets.key"))).mode & 0o777).toBe(0o600);
    expect(warnings[0]).toContain("SECRETS_KEY");
    expect((await readFile(path.join(dir, "secrets.key"), "utf8")).trim()).toHaveLength(64);
    expect(resolveSecretsKey(Buffer.alloc(32, 1), dir, () => {})).toEqual(Buffer.alloc(32, 1));
    await rm(dir, { recursive: true, force: true });
  });
});
