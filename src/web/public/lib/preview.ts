/**
 * Preview links on the public pages (docs/decisions/017-drafts-and-preview.md; ARCHITECTURE resolution 13): a page
 * opened with `?preview=<token>` forwards the token to every API read of its record, and when the API let a draft
 * through (it answers `X-Robots-Tag: noindex`) the page itself is private and noindex and shows the preview banner.
 */
import { data } from "react-router";

/** The headers of every page that shows a draft: no shared cache keeps it, no search engine indexes it. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

/** The `?preview=` token of a page request, or null when absent or not token-shaped (base64url, ≤ 128 chars). */
export function previewToken(request: Request): string | null {
  const token = new URL(request.url).searchParams.get("preview");
  return token && TOKEN.test(token) ? token : null;
}

/** `path` with `preview=<token>` added to its query string (unchanged when token is null). */
export function withPreview(path: string, token: string | null): string {
  if (!token) return path;
  return `${path}${path.includes("?") ? "&" : "?"}preview=${encodeURIComponent(token)}`;
}

/** The loader's answer: `payload`, with PREVIEW_HEADERS when the page shows a previewed record. */
export function previewData<T>(payload: T, preview: boolean) {
  return data(payload, preview ? { headers: PREVIEW_HEADERS } : undefined);
}

/** Whether a page opened with `token` shows a previewed record: the token is there and the API answered noindex. */
export function isPreviewOf(token: string | null, response: Response): boolean {
  return token !== null && isPreviewAnswer(response);
}

/** Whether an API answer included a draft or a previewed record (the API marks those noindex). */
export function isPreviewAnswer(response: Response): boolean {
  return /noindex/i.test(response.headers.get("x-robots-tag") ?? "");
}

/**
 * The route `headers` function of the previewable pages: the parent's headers, overridden by PREVIEW_HEADERS when
 * this route's loader sent them (a previewed page), so the document answer is `private, no-store` and noindex.
 */
export function previewDocumentHeaders({
  loaderHeaders,
  parentHeaders,
}: {
  loaderHeaders: Headers;
  parentHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  if (loaderHeaders.get("x-robots-tag")) {
    for (const [key, value] of Object.entries(PREVIEW_HEADERS)) headers.set(key, value);
  }
  return headers;
}
