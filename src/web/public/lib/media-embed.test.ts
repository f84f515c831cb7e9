import { describe, expect, it } from "vitest";
import { osmEmbedUrl, videoSource, youtubeId } from "./media-embed.ts";

describe("youtubeId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=10", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=x", "dQw4w9WgXcQ"],
  ])("reads %s", (link, id) => {
    expect(youtubeId(link)).toBe(id);
  });

  it.each(["https://www.youtube.com/watch?v=short", "https://evil.com/watch?v=dQw4w9WgXcQ", "not a url", ""])(
    "refuses %s",
    (link) => {
      expect(youtubeId(link)).toBeNull();
    },
  );
});

describe("videoSource", () => {
  it("embeds YouTube without autoplay on the no-cookie host", () => {
    const source = videoSource("https://youtu.be/dQw4w9WgXcQ");
    expect(source).toMatchObject({
      kind: "youtube",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0",
    });
    expect(source?.kind === "youtube" && source.embedUrl).not.toContain("autoplay");
  });

  it("plays uploaded and direct files natively, ignores anything else", () => {
    expect(videoSource("/media/videos/abc.mp4")).toEqual({ kind: "file", url: "/media/videos/abc.mp4" });
    expect(videoSource("https://cdn.example.com/tour.webm")).toEqual({
      kind: "file",
      url: "https://cdn.example.com/tour.webm",
    });
    expect(videoSource("http://cdn.example.com/tour.mp4")).toBeNull();
    expect(videoSource("https://vimeo.com/123")).toBeNull();
    expect(videoSource(null)).toBeNull();
  });
});

describe("osmEmbedUrl (zoom 16)", () => {
  it("centres a marker on the coordinates with a small bounding box", () => {
    const url = new URL(osmEmbedUrl(21.5906, 39.1096) ?? "");
    expect(url.origin + url.pathname).toBe("https://www.openstreetmap.org/export/embed.html");
    expect(url.searchParams.get("marker")).toBe("21.590600,39.109600");
    const [w, s, e, n] = (url.searchParams.get("bbox") ?? "").split(",").map(Number);
    expect((w + e) / 2).toBeCloseTo(39.1096, 5);
    expect((s + n) / 2).toBeCloseTo(21.5906, 5);
    // 800 px at zoom 16 ≈ 0.0172° of longitude
    expect(e - w).toBeCloseTo(0.01717, 4);
    expect(n - s).toBeLessThan(e - w);
  });

  it("is null without coordinates (resolution 10)", () => {
    expect(osmEmbedUrl(null, 39.1)).toBeNull();
    expect(osmEmbedUrl(21.5, null)).toBeNull();
    expect(osmEmbedUrl(Number.NaN, 39.1)).toBeNull();
    expect(osmEmbedUrl(95, 39.1)).toBeNull();
  });
});
