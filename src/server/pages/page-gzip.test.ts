import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { NONCE_PLACEHOLDER } from "./page-cache.ts";
import { gzipPieces, gzipWithNonce } from "./page-gzip.ts";

const P = NONCE_PLACEHOLDER;
/** A nonce as csp-nonce.ts makes one: 16 random bytes in base64 (24 characters). */
const newNonce = () => randomBytes(16).toString("base64");
/** The pieces of `body` between its placeholders, compressed for 24-byte nonces (as the page bridge stores a page). */
const piecesOf = (body: string) =>
  gzipPieces(
    body.split(P).map((piece) => Buffer.from(piece)),
    24,
  );
/** Page-like markup: list items that differ from one another (numbers), as a list of projects or units does. */
const ITEMS = Array.from(
  { length: 250 },
  (_, i) => `<li class="card" id="u${i}">الوحدة ${i} بسعر ${(i * 7919) % 100_000} ريال</li>`,
).join("");
/** A body with nonces at both ends and in between, the same markup on both sides of one. */
const BODY = `${P}<script nonce="${P}">a</script>${ITEMS}<script nonce="${P}">b</script>${ITEMS}${P}`;

describe("gzipWithNonce", () => {
  it("decompresses to the body with every placeholder replaced by the answer's own nonce", () => {
    const pieces = piecesOf(BODY);
    for (const nonce of [newNonce(), newNonce(), newNonce()]) {
      const gz = gzipWithNonce(pieces, nonce);
      expect(gz).not.toBeNull();
      expect(gunzipSync(gz as Buffer).toString()).toBe(BODY.replaceAll(P, nonce));
    }
  });

  it("refers back across a nonce: about as small as the whole body compressed at once", () => {
    const nonce = newNonce();
    const gz = gzipWithNonce(piecesOf(BODY), nonce) as Buffer;
    expect(gz.length).toBeLessThanOrEqual(gzipSync(BODY.replaceAll(P, nonce)).length * 1.05);
  });

  it("answers null for a nonce of another length than the pieces were compressed for", () => {
    expect(gzipWithNonce(piecesOf(BODY), "short")).toBeNull();
  });

  it("stays right for a body holding a NUL byte (compressed without looking back)", () => {
    const body = `<p>\u0000</p>${P}${"<p>\u0000</p>".repeat(200)}${P}`;
    const nonce = newNonce();
    expect(gunzipSync(gzipWithNonce(piecesOf(body), nonce) as Buffer).toString()).toBe(body.replaceAll(P, nonce));
  });

  it("is a single gzip member that the gzip tool accepts, for a body without placeholders too", () => {
    const body = "<p>".repeat(5000);
    const gz = gzipWithNonce(piecesOf(body), "any length") as Buffer;
    expect(gunzipSync(gz).toString()).toBe(body);
    expect(execFileSync("gzip", ["-dc"], { input: gz }).toString()).toBe(body);
    // Compressed: far smaller than the text.
    expect(gz.length).toBeLessThan(body.length / 10);
    const nonce = newNonce();
    expect(execFileSync("gzip", ["-dc"], { input: gzipWithNonce(piecesOf(BODY), nonce) as Buffer }).toString()).toBe(
      BODY.replaceAll(P, nonce),
    );
  });
});
