import { describe, expect, it } from "vitest";
import { apiCacheControl, pageCachePolicy, weakEtag } from "./http-cache.ts";

const page = { method: "GET", url: "/", status: 200, contentType: "text/html; charset=utf-8", setsCookie: false };

describe("page cache policy", () => {
  it("lets a CDN keep public pages and their client-navigation data", () => {
    expect(pageCachePolicy(page)).toBe("public");
    expect(pageCachePolicy({ ...page, method: "HEAD", url: "/project/3?utm_source=snapchat" })).toBe("public");
    expect(pageCachePolicy({ ...page, url: "/project/3.data", contentType: "text/x-script" })).toBe("public");
  });

  it("keeps admin screens, drafts, form posts, errors and answers that set a cookie private", () => {
    expect(pageCachePolicy({ ...page, url: "/admin" })).toBe("private");
    expect(pageCachePolicy({ ...page, url: "/admin/projects" })).toBe("private");
    expect(pageCachePolicy({ ...page, url: "/project/3?preview=abc" })).toBe("private");
    expect(pageCachePolicy({ ...page, method: "POST" })).toBe("private");
    expect(pageCachePolicy({ ...page, status: 404 })).toBe("private");
    expect(pageCachePolicy({ ...page, setsCookie: true })).toBe("private");
    expect(pageCachePolicy({ ...page, contentType: "application/json" })).toBe("private");
  });

  it("names a body by a weak ETag that changes with the bytes", () => {
    const a = weakEtag(new TextEncoder().encode("<p>أ</p>"));
    expect(a).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(weakEtag(new TextEncoder().encode("<p>أ</p>"))).toBe(a);
    expect(weakEtag(new TextEncoder().encode("<p>ب</p>"))).not.toBe(a);
  });
});

describe("API cache policy", () => {
  it("never stores signed-in answers or answers that set a cookie; public reads are revalidated", () => {
    expect(apiCacheControl({ method: "GET", access: "public", setsCookie: false })).toBe("no-cache");
    expect(apiCacheControl({ method: "GET", access: "signed-in", setsCookie: false })).toBe("private, no-store");
    expect(apiCacheControl({ method: "GET", access: { permission: "users.view" }, setsCookie: false })).toBe(
      "private, no-store",
    );
    expect(apiCacheControl({ method: "POST", access: "public", setsCookie: false })).toBe("private, no-store");
    expect(apiCacheControl({ method: "GET", access: "public", setsCookie: true })).toBe("private, no-store");
  });
});
