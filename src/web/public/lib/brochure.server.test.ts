import { describe, expect, it, vi } from "vitest";
import { brochureSize } from "./brochure.server.ts";

describe("brochure size for the project page's download link", () => {
  it("reads the size from a one-byte ranged read of /media", async () => {
    const api = vi.fn(
      async () => new Response("%", { status: 206, headers: { "content-range": "bytes 0-0/2516582" } }),
    );
    expect(await brochureSize(api, "/media/projects/brochure.pdf")).toBe(2_516_582);
    expect(api).toHaveBeenCalledWith("/media/projects/brochure.pdf", { headers: { range: "bytes=0-0" } });
  });

  it("is null for no brochure, a file elsewhere, a missing file or a failing read", async () => {
    const api = vi.fn(async () => new Response("{}", { status: 404 }));
    expect(await brochureSize(api, null)).toBeNull();
    expect(await brochureSize(api, "https://cdn.example.org/b.pdf")).toBeNull();
    expect(await brochureSize(api, "/media/gone.pdf")).toBeNull();
    expect(
      await brochureSize(
        vi.fn(async () => Promise.reject(new Error("down"))),
        "/media/b.pdf",
      ),
    ).toBeNull();
  });
});
