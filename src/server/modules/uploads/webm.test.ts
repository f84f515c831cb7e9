import { describe, expect, it } from "vitest";
import { ebml, webmFile } from "../../test-utils/webm.ts";
import { WEBM_HEAD_LIMIT_BYTES, WebmCheck } from "./webm.ts";

describe("WebM container check", () => {
  it("is ready once the tracks are read, fed in small pieces, and ignores the media that follows", () => {
    const check = new WebmCheck();
    const file = webmFile();
    for (let i = 0; i < file.length; i += 7) check.feed(file.subarray(i, i + 7));
    expect(check.ready).toBe(true);
    // Whatever follows the tracks is not parsed (a 200 MB video's clusters are never decoded or kept).
    check.feed(Buffer.alloc(WEBM_HEAD_LIMIT_BYTES * 2, 0xff));
    expect(check).toMatchObject({ ready: true, failed: false });
  });

  it("fails on HTML after the header, unknown elements, missing tracks, or tracks past the head limit", () => {
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const header = webmFile({ segment: false });
    const padding = ebml([0xec], Buffer.alloc(WEBM_HEAD_LIMIT_BYTES)); // a Void element before the segment
    for (const bytes of [
      Buffer.concat([header, html]),
      webmFile({ tracks: false }),
      Buffer.concat([header, padding]),
    ]) {
      const check = new WebmCheck();
      check.feed(bytes);
      expect(check.ready).toBe(false);
      if (bytes.length > WEBM_HEAD_LIMIT_BYTES) expect(check.failed).toBe(true);
    }
  });
});
