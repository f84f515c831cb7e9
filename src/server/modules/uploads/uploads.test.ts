import { readdir, stat } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PassThrough } from "node:stream";
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLogs, permissions as permissionsTable, userPermissions } from "../../db/tables/access.ts";
import { fileHashes } from "../../db/tables/system.ts";
import { HttpError } from "../../lib/http-errors.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";
import { box, mp4 } from "../../test-utils/media-fixtures.ts";
import { multipartFiles as multipart } from "../../test-utils/multipart.ts";
import { streamVideoUpload } from "../../test-utils/stream-upload.ts";
import { webmFile } from "../../test-utils/webm.ts";
import { storeStreamedUpload, UPLOAD_MESSAGES } from "./service.ts";

async function png(seed: number, size = 32): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .png()
    .toBuffer();
}

const MINIMAL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

describe("uploads", () => {
  const t = setUpTestApp({
    configure: (config) => {
      config.uploadLimits = { image: 200_000, pdf: 50_000, video: 100_000 };
    },
  });
  const employee = signedIn(t, "employee");

  const upload = (url: string, files: Parameters<typeof multipart>[0], token: string | null = employee.token) => {
    const body = multipart(files);
    return t.app.inject({
      method: "POST",
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? t.bearer(token) : {}) },
    });
  };

  it("stores an image re-encoded as WebP, served from /media, and flags the second upload as a duplicate", async () => {
    const data = await png(1);
    const first = await upload("/api/upload/image", [{ field: "image", name: "a.png", type: "image/png", data }]);
    expect(first.statusCode).toBe(200);
    const { url, isDuplicate } = first.json();
    expect(isDuplicate).toBe(false);
    expect(url).toMatch(/^\/media\/images\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");

    const second = await upload("/api/upload/image", [{ field: "image", name: "copy.jpg", type: "image/jpeg", data }]);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ url, isDuplicate: true, message: UPLOAD_MESSAGES.duplicate });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, url));
    expect(audit.map((r) => r.action).sort()).toEqual(["reuse", "upload"]);
  });

  it("rejects a script renamed .jpg, an SVG with a script and a truncated image with a clear message", async () => {
    const script = Buffer.from("#!/bin/sh\nrm -rf /\n");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const truncated = (await png(2, 256)).subarray(0, 200);
    for (const [name, data] of [
      ["photo.jpg", script],
      ["logo.svg", svg],
      ["cut.png", truncated],
    ] as const) {
      const res = await upload("/api/upload/image", [{ field: "image", name, type: "image/jpeg", data }]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toMatch(/الملف ليس صورة صالحة/);
    }
    const rows = await t.db.select().from(fileHashes);
    expect(rows.every((r) => r.mimeType === "image/webp")).toBe(true);
  });

  it("answers 413 with an Arabic message for an oversized file, never 500", async () => {
    const big = Buffer.alloc(250_000, 1);
    const res = await upload("/api/upload/image", [{ field: "image", name: "big.png", type: "image/png", data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tooLarge("image", 200_000));
    const pdf = await upload("/api/upload/pdf", [
      { field: "pdf", name: "big.pdf", type: "application/pdf", data: Buffer.alloc(60_000, 1) },
    ]);
    expect(pdf.statusCode).toBe(413);
  });

  it("accepts a PDF by its header and EOF marker; refuses a fake PDF and one with JavaScript", async () => {
    const ok = await upload("/api/upload/pdf", [
      { field: "pdf", name: "b.pdf", type: "application/pdf", data: MINIMAL_PDF },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().url).toMatch(/^\/media\/files\/[a-f0-9]{32}\.pdf$/);
    const fake = await upload("/api/upload/pdf", [
      { field: "pdf", name: "b.pdf", type: "application/pdf", data: Buffer.from("hello, not a pdf at all") },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().fields.pdf).toBe(UPLOAD_MESSAGES.pdfInvalid);
    const active = Buffer.from(
      MINIMAL_PDF.toString("latin1").replace(
        "/Type /Catalog",
        "/Type /Catalog /OpenAction <</S /JavaScript /JS (app.alert(1))>>",
      ),
      "latin1",
    );
    const js = await upload("/api/upload/pdf", [
      { field: "pdf", name: "c.pdf", type: "application/pdf", data: active },
    ]);
    expect(js.statusCode).toBe(400);
    expect(js.json().fields.pdf).toBe(UPLOAD_MESSAGES.pdfActive);
  });

  it("accepts an MP4 and a WebM whose containers parse, refuses other bytes behind their signatures", async () => {
    const movie = mp4(300);
    const webm = webmFile();
    const a = await upload("/api/upload/video", [{ field: "video", name: "a.mp4", type: "video/mp4", data: movie }]);
    expect(a.statusCode).toBe(200);
    expect(a.json().url).toMatch(/\.mp4$/);
    const b = await upload("/api/upload/video", [{ field: "video", name: "b.webm", type: "video/webm", data: webm }]);
    expect(b.statusCode).toBe(200);
    expect(b.json().url).toMatch(/\.webm$/);
    // A WebM signature (a whole EBML header, even) followed by HTML, or a header with no tracks, is refused.
    const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");
    for (const data of [
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 2)]),
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), html]),
      Buffer.concat([webmFile({ segment: false }), html]),
      webmFile({ tracks: false }),
      webmFile({ docType: "html" }),
    ]) {
      const refused = await upload("/api/upload/video", [{ field: "video", name: "x.webm", type: "video/webm", data }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.video).toBe(UPLOAD_MESSAGES.videoInvalid);
    }
    const c = await upload("/api/upload/video", [
      { field: "video", name: "c.mp4", type: "video/mp4", data: Buffer.from("<html><script></script></html>") },
    ]);
    expect(c.statusCode).toBe(400);
    expect(c.json().fields.video).toBe(UPLOAD_MESSAGES.videoInvalid);
    const htmlAfterSignature = Buffer.concat([
      box("ftyp", Buffer.concat([Buffer.from("isom"), Buffer.alloc(4), Buffer.from("isommp41")])),
      Buffer.from("<html><script>alert(document.cookie)</script></html>"),
    ]);
    const d = await upload("/api/upload/video", [
      { field: "video", name: "d.mp4", type: "video/mp4", data: htmlAfterSignature },
    ]);
    expect(d.statusCode).toBe(400);
    expect(d.json().fields.video).toBe(UPLOAD_MESSAGES.videoInvalid);
  });

  it("uploads several images at once; the first bad file stops the rest and is named", async () => {
    const res = await upload("/api/upload/images", [
      { field: "images", name: "1.png", type: "image/png", data: await png(10) },
      { field: "images", name: "2.png", type: "image/png", data: await png(11) },
    ]);
    expect(res.statusCode).toBe(200);
    const { files } = res.json();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ isDuplicate: false });
    const bad = await upload("/api/upload/images", [
      { field: "images", name: "ok.png", type: "image/png", data: await png(12) },
      { field: "images", name: "evil.jpg", type: "image/jpeg", data: Buffer.from("<?php system($_GET[1]); ?>") },
      { field: "images", name: "later.png", type: "image/png", data: await png(13) },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("evil.jpg");
    const later = await upload("/api/upload/image", [
      { field: "image", name: "l.png", type: "image/png", data: await png(13) },
    ]);
    expect(later.json().isDuplicate).toBe(false);
  });

  it("answers 400 for a missing or misnamed field or an unknown kind, 401 and 403 by session and permission", async () => {
    const data = await png(20);
    const wrong = await upload("/api/upload/image", [{ field: "file", name: "a.png", type: "image/png", data }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.image).toBe(UPLOAD_MESSAGES.missingFile("image"));
    const json = await t.app.inject({
      method: "POST",
      url: "/api/upload/image",
      headers: t.bearer(employee.token),
      payload: { image: "x" },
    });
    expect(json.statusCode).toBe(400);
    const kind = await upload("/api/upload/exe", [
      { field: "exe", name: "a.exe", type: "application/octet-stream", data },
    ]);
    expect(kind.statusCode).toBe(400);
    expect(
      (await upload("/api/upload/image", [{ field: "image", name: "a.png", type: "image/png", data }], null))
        .statusCode,
    ).toBe(401);
    const manager = await t.signIn("manager");
    const [permission] = await t.db.select().from(permissionsTable).where(eq(permissionsTable.key, "uploads.create"));
    await t.db.insert(userPermissions).values({ userId: manager.id, permissionId: permission.id, granted: false });
    const denied = await upload(
      "/api/upload/image",
      [{ field: "image", name: "a.png", type: "image/png", data }],
      manager.token,
    );
    expect(denied.statusCode).toBe(403);
  });
});

/** Every file (not folder) under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe("streamed pdf and video uploads", () => {
  const t = setUpTestApp();
  const employee = signedIn(t, "employee");

  const upload = (url: string, files: Parameters<typeof multipart>[0], app: TestApp = t, token = employee.token) => {
    const body = multipart(files);
    return app.app.inject({
      method: "POST",
      url,
      payload: body.payload,
      headers: { ...body.headers, ...app.bearer(token) },
    });
  };

  it("streams a 30 MB video to storage over HTTP while memory stays well under the file size", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const headers = t.bearer(employee.token);
    // The first upload loads and warms what every upload uses; the old path held every chunk of the second.
    const warmUp = await streamVideoUpload({ port, chunks: 64, seed: 1, headers });
    expect(warmUp.status, warmUp.text).toBe(200);
    const sent = await streamVideoUpload({ port, chunks: 480, seed: 2, headers }); // 480 × 64 KiB = 30 MiB

    expect(sent.status, sent.text).toBe(200);
    const name = `${sent.digest.slice(0, 32)}.mp4`;
    const body = JSON.parse(sent.text);
    expect(body).toEqual({ url: `/media/videos/${name}`, isDuplicate: false });
    expect((await stat(path.join(t.mediaDir, "videos", name))).size).toBe(sent.size);
    const [row] = await t.db.select().from(fileHashes).where(eq(fileHashes.hash, sent.digest));
    expect(row).toMatchObject({ filePath: body.url, mimeType: "video/mp4", size: sent.size });
    expect((await filesUnder(t.mediaDir)).sort()).toEqual(
      [`videos/${name}`, `videos/${warmUp.digest.slice(0, 32)}.mp4`].sort(),
    );

    process.stdout.write(
      `streamed video upload to disk: 30 MiB file, live memory growth ${sent.liveGrowthMiB.toFixed(1)} MiB\n`,
    );
    expect(sent.liveGrowthMiB).toBeLessThan(10);
  });

  it("flags a second upload of the same video as a duplicate and keeps one copy", async () => {
    const data = mp4(4096, 7);
    const first = await upload("/api/upload/video", [{ field: "video", name: "a.mp4", type: "video/mp4", data }]);
    expect(first.statusCode).toBe(200);
    const second = await upload("/api/upload/video", [{ field: "video", name: "b.mp4", type: "video/mp4", data }]);
    expect(second.json()).toEqual({ url: first.json().url, isDuplicate: true, message: UPLOAD_MESSAGES.duplicate });
    const files = await filesUnder(t.mediaDir);
    expect(files.filter((f) => `/media/${f}` === first.json().url)).toHaveLength(1);
    expect(files.filter((f) => f.startsWith("tmp") || f.endsWith(".tmp"))).toEqual([]);
  });

  it("leaves no temp file when the content check fails, at the start or at the end of the file", async () => {
    const before = await filesUnder(t.mediaDir);
    const html = await upload("/api/upload/video", [
      { field: "video", name: "x.mp4", type: "video/mp4", data: Buffer.concat([Buffer.from("<html>"), mp4(200_000)]) },
    ]);
    expect(html.statusCode).toBe(400);
    expect(html.json().fields.video).toBe(UPLOAD_MESSAGES.videoInvalid);
    // The JavaScript rule can only be judged once the whole PDF has been written to its temp key.
    const active = Buffer.from(
      `%PDF-1.4\n%${"x".repeat(300_000)}\n1 0 obj <</Type /Catalog /Pages 2 0 R /OpenAction <</S /JavaScript /JS (app.alert(1))>>>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
      "latin1",
    );
    const pdf = await upload("/api/upload/pdf", [
      { field: "pdf", name: "a.pdf", type: "application/pdf", data: active },
    ]);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().fields.pdf).toBe(UPLOAD_MESSAGES.pdfActive);
    const noEof = await upload("/api/upload/pdf", [
      { field: "pdf", name: "b.pdf", type: "application/pdf", data: Buffer.from(`%PDF-1.4\n${"y".repeat(5000)}`) },
    ]);
    expect(noEof.json().fields.pdf).toBe(UPLOAD_MESSAGES.pdfInvalid);
    expect(await filesUnder(t.mediaDir)).toEqual(before);
  });

  it("answers 400, not 500, when the body ends in the middle of the file, and keeps nothing", async () => {
    const before = await filesUnder(t.mediaDir);
    const body = multipart([{ field: "video", name: "cut.mp4", type: "video/mp4", data: mp4(100_000, 3) }]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/upload/video",
      payload: body.payload.subarray(0, 50_000),
      headers: { ...body.headers, ...t.bearer(employee.token) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.video).toBe(UPLOAD_MESSAGES.incomplete);
    expect(await filesUnder(t.mediaDir)).toEqual(before);
  });

  it("answers 400 for a file stream that failed before or after it was handed over, without waiting for data", async () => {
    const before = await filesUnder(t.mediaDir);
    const actor = { userId: null, ip: null };
    const failure = (settled: Promise<unknown>) =>
      settled.then(
        () => expect.unreachable("the upload must fail"),
        (error: unknown) => {
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).statusCode).toBe(400);
          expect((error as HttpError).fields).toEqual({ video: UPLOAD_MESSAGES.incomplete });
        },
      );
    // Already failed when storeStreamedUpload attaches its listeners (its "error" event is in the past).
    const failedEarly = new PassThrough();
    failedEarly.on("error", () => {});
    failedEarly.destroy(new Error("Unexpected end of form"));
    await failure(storeStreamedUpload(t.db, t.storage, "video", failedEarly, 1024 * 1024, actor));
    // Destroyed without an error before its end: nothing more will arrive either.
    const closedEarly = new PassThrough();
    closedEarly.destroy();
    await failure(storeStreamedUpload(t.db, t.storage, "video", closedEarly, 1024 * 1024, actor));
    // Fails after the listeners are attached, mid-file.
    const failedLater = new PassThrough();
    const pending = storeStreamedUpload(t.db, t.storage, "video", failedLater, 1024 * 1024, actor);
    failedLater.write(mp4(10_000, 4));
    setImmediate(() => failedLater.destroy(new Error("Unexpected end of form")));
    await failure(pending);
    expect(await filesUnder(t.mediaDir)).toEqual(before);
  });

  it("answers 413 for a video over the configured limit and leaves no file in the media folder", async () => {
    const small = await createTestApp({
      configure: (c) => {
        c.uploadLimits.video = 1024 * 1024;
      },
    });
    try {
      const user = await small.signIn("employee");
      const res = await upload(
        "/api/upload/video",
        [{ field: "video", name: "big.mp4", type: "video/mp4", data: mp4(3 * 1024 * 1024, 5) }],
        small,
        user.token,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(UPLOAD_MESSAGES.tooLarge("video", 1024 * 1024));
      expect(await filesUnder(small.mediaDir)).toEqual([]);
      expect(await small.db.select().from(fileHashes).where(like(fileHashes.mimeType, "video/%"))).toEqual([]);
      const fits = await upload(
        "/api/upload/video",
        [{ field: "video", name: "ok.mp4", type: "video/mp4", data: mp4(1024 * 1024, 5) }],
        small,
        user.token,
      );
      expect(fits.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
