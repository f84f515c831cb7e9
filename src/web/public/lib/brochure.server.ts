/**
 * The size of a project's brochure (SPEC §3 pdfUrl), for the download link of the project page. Read from our own
 * /media route in-process with a one-byte ranged GET: the 206 answer's `Content-Range: bytes 0-0/<size>` carries the
 * size without reading the file. Null when the file is elsewhere (an absolute URL, or media served by a CDN
 * redirect), missing, or the answer has no size.
 */
import type { ApiInit } from "~/context.ts";

type Api = (path: string, init?: ApiInit) => Promise<Response>;

/** The brochure's size in bytes, or null when it cannot be known (see the module note). Never throws. */
export async function brochureSize(api: Api, pdfUrl: string | null): Promise<number | null> {
  if (!pdfUrl?.startsWith("/media/")) return null;
  try {
    const res = await api(pdfUrl, { headers: { range: "bytes=0-0" } });
    const match = /\/(\d+)$/.exec(res.headers.get("content-range") ?? "");
    if (res.status === 206 && match) return Number(match[1]);
    const length = Number(res.headers.get("content-length"));
    return res.ok && Number.isFinite(length) && length > 0 ? length : null;
  } catch {
    return null;
  }
}
