import { execFileSync } from "node:child_process";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { NONCE_PLACEHOLDER } from "./page-cache.ts";
import { gzipPieces, gzipWithNonce } from "./page-gzip.ts";

const P = NONCE_PLACEHOLDER;
/** The pieces of `body` between its placeholders, compressed (as the page bridge stores a page). */
const piecesOf = (body: string) => gzipPieces(body.split(P).map((piece) => Buffer.from(piece)));

describe("gzipWithNonce", () => {
  it("decompresses to the body with every placeholder replaced by the answer's nonce", () => {
    const body = `${P}<script nonce="${P}">a</script>${"نص عربي ".repeat(3000)}<script nonce="${P}">b</script>${P}`;
    const pieces = piecesOf(body);
    for (const nonce of ["AbC+/0123456789xyzAB==", "Zz9+/0123456789abcdE=="]) {
      expect(gunzipSync(gzipWithNonce(pieces, nonce)).toString()).toBe(body.replaceAll(P, nonce));
    }
  });

  it("is a single gzip member that the gzip tool accepts, for a body without placeholders too", () => {
    const body = "<p>".repeat(5000);
    const gz = gzipWithNonce(piecesOf(body), "n");
    expect(gunzipSync(gz).toString()).toBe(body);
    expect(execFileSync("gzip", ["-dc"], { input: gz }).toString()).toBe(body);
    // Compressed: far smaller than the text.
    expect(gz.length).toBeLessThan(body.length / 10);
  });
});
