import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";

describe("GET /media/* from the local folder", () => {
  let t: TestApp;
  const video = Buffer.alloc(300_000);
  for (let i = 0; i < video.length; i++) video[i] = i % 251;
  const url = "/media/videos/0123456789abcdef0123456789abcdef.mp4";

  beforeAll(async () => {
    t = await createTestApp();
    await t.storage.put("videos/0123456789abcdef0123456789abcdef.mp4", video);
  });
  afterAll(async () => t.close());

  it("answers the whole file with Accept-Ranges, a strong ETag and Last-Modified", async () => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers.etag).toBe('"0123456789abcdef0123456789abcdef.mp4"');
    expect(res.headers["last-modified"]).toMatch(/GMT$/);
    expect(res.headers["content-length"]).toBe(String(video.length));
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.rawPayload.equals(video)).toBe(true);

    const get = vi.spyOn(t.storage, "get");
    const head = await t.app.inject({ method: "HEAD", url, headers: { range: "bytes=0-99" } });
    expect(head.statusCode).toBe(206);
    expect(head.headers["content-length"]).toBe("100");
    expect(head.rawPayload.length).toBe(0);
    const headWhole = await t.app.inject({ method: "HEAD", url });
    expect(headWhole.statusCode).toBe(200);
    expect(headWhole.headers["content-length"]).toBe(String(video.length));
    expect(headWhole.headers.etag).toBe(res.headers.etag);
    // HEAD never opens the object (a 200 MB video is not downloaded from the bucket to be thrown away).
    expect(get).not.toHaveBeenCalled();
    get.mockRestore();
  });

  it("answers a range with 206, an open range to the end, 416 past the end; several ranges get the whole file", async () => {
    const first = await t.app.inject({
      method: "GET",
      url,
      headers: { range: "bytes=0-1023", "accept-encoding": "gzip" },
    });
    expect(first.statusCode).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-1023/${video.length}`);
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.rawPayload.equals(video.subarray(0, 1024))).toBe(true);

    const open = await t.app.inject({ method: "GET", url, headers: { range: "bytes=299990-" } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(video.subarray(299_990))).toBe(true);

    const past = await t.app.inject({ method: "GET", url, headers: { range: "bytes=400000-400010" } });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${video.length}`);
    expect(past.json().message).toBe("النطاق المطلوب خارج حجم الملف");

    const several = await t.app.inject({ method: "GET", url, headers: { range: "bytes=0-9,100-109" } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(video.length);
    const malformed = await t.app.inject({ method: "GET", url, headers: { range: "pages=1-2" } });
    expect(malformed.statusCode).toBe(200);
  });

  it("answers 304 to a matching If-None-Match or a later If-Modified-Since; a matching If-Range keeps the range", async () => {
    const res = await t.app.inject({ method: "GET", url });
    const etag = String(res.headers.etag);
    const lastModified = String(res.headers["last-modified"]);
    const byTag = await t.app.inject({ method: "GET", url, headers: { "if-none-match": `"x", ${etag}` } });
    expect(byTag.statusCode).toBe(304);
    const byDate = await t.app.inject({ method: "GET", url, headers: { "if-modified-since": lastModified } });
    expect(byDate.statusCode).toBe(304);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const changed = await t.app.inject({ method: "GET", url, headers: { "if-modified-since": older } });
    expect(changed.statusCode).toBe(200);
    const kept = await t.app.inject({ method: "GET", url, headers: { range: "bytes=10-19", "if-range": etag } });
    expect(kept.statusCode).toBe(206);
    expect(kept.rawPayload.equals(video.subarray(10, 20))).toBe(true);
  });

  it("answers 404 in Arabic for an unknown key or type", async () => {
    const missing = await t.app.inject({
      method: "GET",
      url: "/media/videos/ffff.mp4",
      headers: { range: "bytes=0-1" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("الملف غير موجود");
    expect((await t.app.inject({ method: "GET", url: "/media/videos/a.exe" })).statusCode).toBe(404);
  });

  it("redirects to MEDIA_PUBLIC_URL (a CDN in front of the bucket) when it is set", async () => {
    const cdn = await createTestApp({ env: { MEDIA_PUBLIC_URL: "https://cdn.example.sa/media/" } });
    try {
      const res = await cdn.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe("https://cdn.example.sa/media/videos/0123456789abcdef0123456789abcdef.mp4");
      expect(res.headers["cache-control"]).toContain("immutable");
    } finally {
      await cdn.close();
    }
  });
});
