/**
 * Streaming-upload test helper: sends a large MP4 to POST /api/upload/video through a real socket, written as it goes
 * (the client holds one 64 KiB chunk), and measures the most live memory the process held while the upload ran.
 *
 * "Live" is the V8 heap in use plus memory outside it (Buffers, ArrayBuffers: `process.memoryUsage().external`),
 * read right after a forced garbage collection every `collectEvery` chunks. Unlike RSS, which keeps pages the
 * allocator has not returned and moves with the machine's load, it measures what the upload path holds: a path that
 * buffers the file grows by the file's size, a streaming one by its pipeline's buffers.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { mp4 } from "./media-fixtures.ts";

/** One 64 KiB chunk: the unit of `chunks` below (bytes). */
export const STREAM_CHUNK_BYTES = 64 * 1024;

/** The collector exposed at run time (`--expose-gc` set for the contexts created after it). */
function garbageCollector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

/** Live memory now (bytes): heap in use plus external memory (Buffers). */
function liveBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

export interface StreamedUpload {
  status: number | undefined;
  /** The response body as text. */
  text: string;
  /** SHA-256 (hex) of the file bytes sent. */
  digest: string;
  /** File size sent (bytes). */
  size: number;
  /** The file's first 64 KiB chunk (the MP4 boxes) and every later chunk's bytes, to check ranges against. */
  firstChunk: Buffer;
  laterChunk: Buffer;
  /** Most live memory above the level before the upload, after collection (MiB). */
  liveGrowthMiB: number;
}

/**
 * Uploads an MP4 of `chunks` × 64 KiB (the first chunk parses as ftyp + moov + mdat, its last byte is `seed`, so two
 * calls with different seeds store different files) to `http://127.0.0.1:{port}/api/upload/video` with `headers`
 * (the caller's bearer token). Resolves with the answer and the memory figure; rejects on a socket error.
 */
export async function streamVideoUpload(options: {
  port: number;
  chunks: number;
  seed: number;
  headers: Record<string, string>;
  collectEvery?: number;
}): Promise<StreamedUpload> {
  const { port, chunks, seed, headers, collectEvery = 16 } = options;
  const collectGarbage = garbageCollector();
  const chunk = Buffer.alloc(STREAM_CHUNK_BYTES, 3);
  const first = mp4(chunk.length, 3);
  first[first.length - 1] = seed;
  const boundary = "----streamtest";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="tour.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash("sha256");

  collectGarbage();
  const baseline = liveBytes();
  let peak = baseline;
  const sample = () => {
    collectGarbage();
    peak = Math.max(peak, liveBytes());
  };

  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/upload/video",
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": head.length + chunks * chunk.length + tail.length,
      ...headers,
    },
  });
  const response = once(request, "response") as Promise<[http.IncomingMessage]>;
  request.write(head);
  for (let i = 0; i < chunks; i++) {
    const part = i === 0 ? first : chunk;
    hash.update(part);
    if (!request.write(part)) await once(request, "drain");
    if (i % collectEvery === collectEvery - 1) sample();
  }
  request.end(tail);
  const [res] = await response;
  let text = "";
  for await (const piece of res) text += piece;
  sample();
  return {
    status: res.statusCode,
    text,
    digest: hash.digest("hex"),
    size: chunks * chunk.length,
    firstChunk: first,
    laterChunk: chunk,
    liveGrowthMiB: (peak - baseline) / (1024 * 1024),
  };
}
