/**
 * A rendered page's gzip encoding, compressed once per stored copy and answered with each response's own CSP nonce
 * (docs/decisions/043-critical-css-per-route.md "compressed copies"; docs/decisions/019-script-nonce.md: a fresh
 * nonce per response; docs/decisions/040-rendered-page-cache.md: the copy holds NONCE_PLACEHOLDER instead).
 *
 * The body is split at the placeholder (by the caller, which also hashes the pieces for the ETag); each piece is
 * compressed as raw DEFLATE ended by a sync flush (RFC 1951: no final block, byte-aligned). An answer is then the gzip
 * header (RFC 1952 §2.3), the pieces with the response's nonce (compressed the same way) between them, an empty final
 * block, and the trailer: the CRC-32 and the length of the whole uncompressed body, computed per answer (zlib.crc32,
 * ≈ 0.1 ms for 150 KB). So a cache hit costs a few buffer copies instead of compressing 30–150 KB again (1–4 ms), and
 * the bytes a client decompresses are exactly the body with the placeholder replaced by the nonce.
 *
 * Each piece after the first is compressed with the 32 KB before it as a preset dictionary, the nonces in it replaced
 * by as many NUL bytes as a nonce has (`nonceLength`): the piece may then refer back to the text before it, which the
 * decoder has in its window at the same distances, but never into a nonce, since the body holds no NUL byte to match
 * (a body with one is compressed without dictionaries). So an answer is about as small as the whole body compressed
 * in one go (without it, 10–16 % larger), and it is only valid for a nonce of `nonceLength` bytes: another length gets
 * null (the caller then lets @fastify/compress encode the text).
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

/** A body compressed once: its uncompressed pieces (UTF-8) and each piece as sync-flushed raw DEFLATE. */
export interface GzipPieces {
  plain: Buffer[];
  deflated: Buffer[];
  /** Bytes of the nonce the pieces were compressed for (see the module comment). */
  nonceLength: number;
  /** Bytes held by both lists (for the page cache's byte budget). */
  bytes: number;
}

/** DEFLATE's window: how far back a piece may refer (RFC 1951 §2). */
const WINDOW_BYTES = 32 * 1024;

/** gzip member header: magic, DEFLATE, no flags, no mtime, no extra flags, OS "unknown" (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final block (BFINAL=1, fixed Huffman, end-of-block): what deflateRawSync of nothing writes. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/** `data` as raw DEFLATE ended by a sync flush (no final block), at zlib's default level, after `dictionary`. */
function deflatePiece(data: Buffer, dictionary?: Buffer): Buffer {
  return deflateRawSync(data, {
    finishFlush: constants.Z_SYNC_FLUSH,
    ...(dictionary && dictionary.length > 0 ? { dictionary } : {}),
  });
}

/**
 * Compresses once the pieces of a body (UTF-8) that lie between its nonce placeholders, for nonces of `nonceLength`
 * bytes (see the module comment).
 */
export function gzipPieces(plain: Buffer[], nonceLength: number): GzipPieces {
  const primed = !plain.some((piece) => piece.includes(0));
  const blankNonce = Buffer.alloc(nonceLength, 0);
  let window = Buffer.alloc(0);
  const deflated = plain.map((piece, i) => {
    if (!primed) return deflatePiece(piece);
    if (i > 0) window = Buffer.concat([window, blankNonce]).subarray(-WINDOW_BYTES);
    const compressed = deflatePiece(piece, window);
    window = Buffer.concat([window, piece]).subarray(-WINDOW_BYTES);
    return compressed;
  });
  const bytes = [...plain, ...deflated].reduce((sum, b) => sum + b.length, 0);
  return { plain, deflated, nonceLength, bytes };
}

/**
 * The gzip answer for `pieces` with `nonce` where the placeholder was: a complete gzip member whose decompressed
 * bytes are the body with every placeholder replaced by `nonce`; null when the nonce is not of the length the pieces
 * were compressed for and the body has a nonce.
 */
export function gzipWithNonce(pieces: GzipPieces, nonce: string): Buffer | null {
  const nonceBytes = Buffer.from(nonce);
  if (pieces.plain.length > 1 && nonceBytes.length !== pieces.nonceLength) return null;
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
