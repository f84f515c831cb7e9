import { describe, expect, it } from "vitest";
import { type CachedPage, createPageCache, emptiesPageCache } from "./page-cache.ts";

const page = (body: string): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  body,
  etag: 'W/"x"',
});

describe("rendered page cache", () => {
  it("answers a stored page until its time is up", () => {
    let now = 1_000;
    const cache = createPageCache({ ttlMs: 10_000, now: () => now });
    cache.set("h /", page("<p>أ</p>"), cache.generation());
    now += 9_999;
    expect(cache.get("h /")?.body).toBe("<p>أ</p>");
    expect(cache.get("h /other")).toBeUndefined();
    now += 2;
    expect(cache.get("h /")).toBeUndefined();
  });

  it("is emptied by a write, and does not keep a render that began before it", () => {
    const cache = createPageCache({ ttlMs: 10_000, now: () => 0 });
    cache.set("h /", page("old"), cache.generation());
    const renderedAt = cache.generation();
    cache.clear();
    expect(cache.get("h /")).toBeUndefined();
    cache.set("h /", page("rendered before the write"), renderedAt);
    expect(cache.get("h /")).toBeUndefined();
    cache.set("h /", page("new"), cache.generation());
    expect(cache.get("h /")?.body).toBe("new");
  });

  it("keeps nothing with a time of 0, and no body over 1 MiB", () => {
    const off = createPageCache({ ttlMs: 0 });
    off.set("h /", page("x"), off.generation());
    expect(off.get("h /")).toBeUndefined();
    const cache = createPageCache({ ttlMs: 10_000 });
    cache.set("h /big", page("x".repeat(600 * 1024)), cache.generation());
    expect(cache.get("h /big")).toBeUndefined();
  });

  it("drops the least recently used page past its byte budget", () => {
    const cache = createPageCache({ ttlMs: 10_000, maxBytes: 6_000 });
    cache.set("h /a", page("a".repeat(1_000)), 0);
    cache.set("h /b", page("b".repeat(1_000)), 0);
    cache.get("h /a");
    cache.set("h /c", page("c".repeat(1_000)), 0);
    expect(cache.get("h /a")).toBeDefined();
    expect(cache.get("h /b")).toBeUndefined();
  });

  it("is emptied only by a successful answer of a route that declares changesPublicPages", () => {
    expect(emptiesPageCache({ changesPublicPages: true }, 200)).toBe(true);
    expect(emptiesPageCache({ changesPublicPages: true }, 204)).toBe(true);
    expect(emptiesPageCache({ changesPublicPages: true }, 400)).toBe(false);
    expect(emptiesPageCache({ access: "public" }, 201)).toBe(false);
    expect(emptiesPageCache(undefined, 200)).toBe(false);
  });
});
