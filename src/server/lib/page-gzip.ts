/**
 * A rendered page's gzip encoding, compressed once per stored copy and answered with each response's own CSP nonce
 * (docs/decisions/043-critical-css-per-route.md "compressed copies"; docs/decisions/019-script-nonce.md: a fresh
 * nonce per response; docs/decisions/040-rendered-page-cache.md: the copy holds NONCE_PLACEHOLDER instead).
 *
 * The body is split at the placeholder (by the caller, which also hashes the pieces for the ETag); each piece is
 * compressed on its own as raw DEFLATE ended by a sync flush
 * (RFC 1951: no final block, byte-aligned, back-references only inside the piece), which makes the pieces valid in
 * any order and next to any other such piece. An answer is then the gzip header (RFC 1952 §2.3), the pieces with the
 * response's nonce compressed the same way between them, an empty final block, and the trailer: the CRC-32 and the
 * length of the whole uncompressed body, computed per answer (zlib.crc32, ≈ 0.1 ms for 150 KB). So a cache hit
 * costs a few buffer copies instead of compressing 30–150 KB again (1–4 ms), and the bytes a client decompresses are
 * exactly `body` with the placeholder replaced by the nonce.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

/** A body compressed once: its uncompressed pieces (UTF-8) and each piece as sync-flushed raw DEFLATE. */
export interface GzipPieces {
  plain: Buffer[];
  deflated: Buffer[];
  /** Bytes held by both lists (for the page cache's byte budget). */
  bytes: number;
}

/** gzip member header: magic, DEFLATE, no flags, no mtime, no extra flags, OS "unknown" (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final block (BFINAL=1, fixed Huffman, end-of-block): what deflateRawSync of nothing writes. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/** `data` as raw DEFLATE ended by a sync flush (no final block), at zlib's default level. */
function deflatePiece(data: Buffer): Buffer {
  return deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
}

/** Compresses once the pieces of a body (UTF-8) that lie between its nonce placeholders. */
export function gzipPieces(plain: Buffer[]): GzipPieces {
  const deflated = plain.map(deflatePiece);
  const bytes = [...plain, ...deflated].reduce((sum, b) => sum + b.length, 0);
  return { plain, deflated, bytes };
}

/**
 * The gzip answer for `pieces` with `nonce` where the placeholder was: a complete gzip member whose decompressed
 * bytes are the body with every placeholder replaced by `nonce`.
 */
export function gzipWithNonce(pieces: GzipPieces, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const nonceDeflated = nonceBytes.length > 0 ? deflatePiece(nonceBytes) : Buffer.alloc(0);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  const add = (plain: Buffer, deflated: Buffer) => {
    parts.push(deflated);
    // zlib.crc32 of an empty buffer answers 0 whatever the running value (Node 22): empty pieces are skipped.
    if (plain.length > 0) crc = crc32(plain, crc);
    length += plain.length;
  };
  pieces.plain.forEach((plain, i) => {
    if (i > 0) add(nonceBytes, nonceDeflated);
    add(plain, pieces.deflated[i] as Buffer);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE: the length modulo 2^32 (RFC 1952 §2.3.1).
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
