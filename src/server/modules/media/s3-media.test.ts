import type { AddressInfo } from "node:net";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "#domain/media.ts";
import { buildApp } from "../../app.ts";
import { fileHashes } from "../../db/tables/system.ts";
import { s3Storage } from "../../lib/s3-storage.ts";
import { STORAGE_UNAVAILABLE } from "../../lib/storage.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { multipartFile } from "../../test-utils/multipart.ts";
import { startS3Server, type TestS3Server } from "../../test-utils/s3-server.ts";
import { streamVideoUpload } from "../../test-utils/stream-upload.ts";

async function png(seed: number, size = 1400): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .png()
    .toBuffer();
}

/** A PDF of about `size` bytes (a comment pads it) that passes the content checks. */
function pdf(size: number, seed: number): Buffer {
  const head = `%PDF-1.4\n% seed ${seed}\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n`;
  const tail = "trailer <</Root 1 0 R>>\n%%EOF\n";
  const pad = `%${"x".repeat(Math.max(0, size - head.length - tail.length - 2))}\n`;
  return Buffer.from(head + pad + tail, "latin1");
}

describe("media on an S3-compatible bucket", () => {
  let s3: TestS3Server;
  let t: TestApp;
  let employee: TestUser;

  const upload = (app: TestApp["app"], kind: string, name: string, type: string, data: Buffer) => {
    const body = multipartFile(kind, name, type, data);
    return app.inject({
      method: "POST",
      url: `/api/upload/${kind}`,
      payload: body.payload,
      headers: { ...body.headers, ...t.bearer(employee.token) },
    });
  };
  const keysUnder = async (prefix: string) => {
    const storage = s3Storage(s3.config);
    const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((o) => o.Key);
  };
  /** A second instance on the same database and bucket. */
  const otherInstance = () =>
    buildApp({ db: t.db, config: t.config, site: t.site, storage: s3Storage(s3.config), logger: false });
  const rowCount = async () => (await t.db.select({ n: count() }).from(fileHashes))[0].n;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({
      storage: s3Storage(s3.config),
      configure: (config) => {
        config.uploadLimits = { image: 10 * 1024 * 1024, pdf: 1024 * 1024, video: 40 * 1024 * 1024 };
      },
    });
    employee = await t.signIn("employee");
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it("stores an image's WebP variants in the bucket and serves them with validators and 304", async () => {
    const res = await upload(t.app, "image", "a.png", "image/png", await png(1));
    expect(res.statusCode, res.body).toBe(200);
    const { url, isDuplicate } = res.json();
    expect(isDuplicate).toBe(false);
    const name = url.match(/images\/([a-f0-9]{32})\.webp$/)[1];
    const stored = await keysUnder(`images/${name}`);
    expect(stored.sort()).toEqual(
      [`images/${name}.webp`, ...IMAGE_WIDTHS.map((w) => `images/${name}-${w}.webp`)].sort(),
    );

    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["accept-ranges"]).toBe("bytes");
    expect(served.headers.etag).toBe(`"${name}.webp"`);
    expect(new Date(String(served.headers["last-modified"])).getTime()).toBeGreaterThan(0);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1400);

    const byTag = await t.app.inject({ method: "GET", url, headers: { "if-none-match": String(served.headers.etag) } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    expect(byTag.headers.etag).toBe(served.headers.etag);
    const byDate = await t.app.inject({
      method: "GET",
      url,
      headers: { "if-modified-since": String(served.headers["last-modified"]) },
    });
    expect(byDate.statusCode).toBe(304);
    const otherTag = await t.app.inject({ method: "GET", url, headers: { "if-none-match": '"something-else"' } });
    expect(otherTag.statusCode).toBe(200);
    expect(otherTag.rawPayload.equals(served.rawPayload)).toBe(true);
  });

  it("streams a PDF into the bucket and answers ranged reads: 206 with Content-Range, suffix ranges, 416", async () => {
    const data = pdf(200_000, 1);
    const res = await upload(t.app, "pdf", "brochure.pdf", "application/pdf", data);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/media\/files\/[a-f0-9]{32}\.pdf$/);
    expect(await keysUnder("tmp/")).toEqual([]);

    const first = await t.app.inject({ method: "GET", url, headers: { range: "bytes=0-1023" } });
    expect(first.statusCode).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-1023/${data.length}`);
    expect(first.headers["content-length"]).toBe("1024");
    expect(first.rawPayload.equals(data.subarray(0, 1024))).toBe(true);

    const middle = await t.app.inject({ method: "GET", url, headers: { range: "bytes=100000-100009" } });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(data.subarray(100_000, 100_010))).toBe(true);

    const suffix = await t.app.inject({ method: "GET", url, headers: { range: "bytes=-6" } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers["content-range"]).toBe(`bytes ${data.length - 6}-${data.length - 1}/${data.length}`);
    expect(suffix.rawPayload.toString("latin1")).toBe("%EOF\n".padStart(6, "%"));

    const beyond = await t.app.inject({ method: "GET", url, headers: { range: `bytes=${data.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${data.length}`);

    // An If-Range naming another version drops the range: the whole file.
    const stale = await t.app.inject({ method: "GET", url, headers: { range: "bytes=0-9", "if-range": '"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(data)).toBe(true);
    const whole = await t.app.inject({ method: "GET", url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("application/pdf");
    expect(whole.rawPayload.equals(data)).toBe(true);
  });

  it("streams a 30 MiB video to the bucket in parts over HTTP; memory stays under the file size", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const headers = t.bearer(employee.token);
    // A first multipart upload loads and warms what every upload uses (SDK, sockets, s3rver).
    const warmUp = await streamVideoUpload({ port, chunks: 192, seed: 1, headers });
    expect(warmUp.status, warmUp.text).toBe(200);
    const chunks = 480; // 480 × 64 KiB = 30 MiB
    const started = performance.now();
    const sent = await streamVideoUpload({ port, chunks, seed: 2, headers });
    const seconds = (performance.now() - started) / 1000;
    expect(sent.status, sent.text).toBe(200);
    const { url } = JSON.parse(sent.text);
    expect(url).toBe(`/media/videos/${sent.digest.slice(0, 32)}.mp4`);
    process.stdout.write(
      `S3 streamed video upload: 30 MiB in ${seconds.toFixed(2)} s, live memory growth ${sent.liveGrowthMiB.toFixed(1)} MiB in the server process (the S3 stand-in runs in its own)\n`,
    );
    // QUEUE_SIZE parts of PART_SIZE in flight, each also copied once by the SDK's part buffer: under the file's
    // 30 MiB (a buffering path holds the whole file and more).
    expect(sent.liveGrowthMiB).toBeLessThan(30);

    const range = await t.app.inject({ method: "GET", url, headers: { range: "bytes=0-1023" } });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-type"]).toBe("video/mp4");
    expect(range.headers["content-range"]).toBe(`bytes 0-1023/${sent.size}`);
    expect(range.rawPayload.equals(sent.firstChunk.subarray(0, 1024))).toBe(true);
    const end = await t.app.inject({ method: "GET", url, headers: { range: `bytes=${sent.size - 10}-` } });
    expect(end.statusCode).toBe(206);
    expect(end.rawPayload.equals(sent.laterChunk.subarray(0, 10))).toBe(true);
    expect(await keysUnder("tmp/")).toEqual([]);
  });

  it("recognises a duplicate uploaded on another instance sharing the database and the bucket", async () => {
    const other = await otherInstance();
    try {
      const image = await png(2);
      const onFirst = await upload(t.app, "image", "b.png", "image/png", image);
      expect(onFirst.json().isDuplicate).toBe(false);
      const onSecond = await upload(other, "image", "b-copy.png", "image/png", image);
      expect(onSecond.statusCode).toBe(200);
      expect(onSecond.json()).toMatchObject({ url: onFirst.json().url, isDuplicate: true });

      const doc = pdf(5_000, 2);
      const pdfFirst = await upload(other, "pdf", "a.pdf", "application/pdf", doc);
      const pdfSecond = await upload(t.app, "pdf", "b.pdf", "application/pdf", doc);
      expect(pdfSecond.json()).toMatchObject({ url: pdfFirst.json().url, isDuplicate: true });
      expect(await keysUnder("tmp/")).toEqual([]);
      // What one instance stored, the other serves.
      const served = await other.inject({ method: "GET", url: onFirst.json().url });
      expect(served.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("two instances storing the same bytes at the same time keep one row, and one of them reports the duplicate", async () => {
    const other = await otherInstance();
    try {
      const image = await png(5);
      const doc = pdf(20_000, 5);
      const [a, b, c, d] = await Promise.all([
        upload(t.app, "image", "e.png", "image/png", image),
        upload(other, "image", "e.png", "image/png", image),
        upload(t.app, "pdf", "e.pdf", "application/pdf", doc),
        upload(other, "pdf", "e.pdf", "application/pdf", doc),
      ]);
      for (const [first, second] of [
        [a, b],
        [c, d],
      ]) {
        expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
        expect(first.json().url).toBe(second.json().url);
        expect([first.json().isDuplicate, second.json().isDuplicate].sort()).toEqual([false, true]);
        const rows = await t.db.select().from(fileHashes).where(eq(fileHashes.filePath, first.json().url));
        expect(rows).toHaveLength(1);
        expect((await other.inject({ method: "GET", url: first.json().url })).statusCode).toBe(200);
      }
      expect(await keysUnder("tmp/")).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("deletes objects; a row whose object was deleted is stored again instead of reused", async () => {
    const image = await png(3);
    const res = await upload(t.app, "image", "c.png", "image/png", image);
    const { url } = res.json();
    const key = url.replace("/media/", "");
    await t.storage.delete(key);
    expect(await t.storage.exists(key)).toBe(false);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    // Deleting what is not there is not an error.
    await t.storage.delete(key);

    const again = await upload(t.app, "image", "c.png", "image/png", image);
    expect(again.json()).toMatchObject({ url, isDuplicate: false });
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
    const rows = await t.db.select().from(fileHashes).where(eq(fileHashes.filePath, url));
    expect(rows).toHaveLength(1);
  });

  it("answers 503 in Arabic when the bucket is down, and writes no row that points to a missing object", async () => {
    const before = await rowCount();
    await s3.stop();

    const image = await upload(t.app, "image", "d.png", "image/png", await png(4));
    expect(image.statusCode).toBe(503);
    expect(image.json()).toMatchObject({ statusCode: 503, message: STORAGE_UNAVAILABLE });
    expect(image.headers["retry-after"]).toBe("30");

    const doc = await upload(t.app, "pdf", "d.pdf", "application/pdf", pdf(50_000, 4));
    expect(doc.statusCode).toBe(503);
    expect(doc.json().message).toBe(STORAGE_UNAVAILABLE);

    const read = await t.app.inject({ method: "GET", url: "/media/images/0123456789abcdef0123456789abcdef.webp" });
    expect(read.statusCode).toBe(503);
    expect(await rowCount()).toBe(before);
  });
});
