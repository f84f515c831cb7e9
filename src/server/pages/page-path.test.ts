/**
 * The request targets a page refuses (page-path.ts, docs/decisions/052-page-requests-never-5xx.md): the odd paths
 * that gave 500 (`//%00`) or rendered another page than their own (`/update/..` → the home page), and none of the
 * site's own URLs.
 */
import { describe, expect, it } from "vitest";
import { isRefusedPageTarget } from "./page-path.ts";

describe("isRefusedPageTarget", () => {
  it.each([
    "/",
    "/?index",
    "/all-projects?search=%D9%81%D9%8A%D9%84%D8%A7",
    "/all-projects?search=a%0Ab",
    "/project/12",
    "/project/12.data",
    "/update/3?preview=abc",
    "/campaign/facebook/alsahel-residence?utm_source=fb&fbclid=x.y",
    "/campaign/winter-offer",
    "/privacy",
    "/admin/projects/4",
    "/assets/entry-abc123.js",
    "/sitemap.xml",
    "/no/such/page",
    "/project/%D9%A1",
  ])("lets %s through", (target) => {
    expect(isRefusedPageTarget(target)).toBe(false);
  });

  it.each([
    ["//%00", "a second slash: read as a host"],
    ["//", "a second slash"],
    ["///x", "a second slash"],
    ["//evil.example/x", "a second slash"],
    ["/\\evil.example", "a backslash: a slash to the URL parser"],
    ["/project\\1", "a backslash"],
    ["http://evil.example/", "absolute form"],
    ["*", "asterisk form"],
    ["/%2e%2e/%2e%2e/etc/passwd", "encoded traversal"],
    ["/project/%2E%2e", "encoded traversal, mixed case"],
    ["/update/..", "a raw dot segment"],
    ["/./project/1", "a raw dot segment"],
    ["/.%2e/x", "half-encoded dot segment"],
    ["/..%2f..%2fetc/passwd", "an encoded slash"],
    ["/project/1%5c", "an encoded backslash"],
    ["/%00", "an encoded NUL"],
    ["/project/1%00", "an encoded NUL"],
    ["/campaign/%00/x", "an encoded NUL"],
    ["/project/%0a1", "an encoded line break in the path"],
    ["/project/%7F", "an encoded DEL in the path"],
    ["/all-projects?search=%00", "an encoded NUL in the query"],
    ["/project/1\u0000", "a raw NUL"],
    ["/all-projects?q=\u0007", "a raw control character in the query"],
  ])("refuses %s (%s)", (target) => {
    expect(isRefusedPageTarget(target)).toBe(true);
  });

  it("keeps dots that are not whole segments", () => {
    expect(isRefusedPageTarget("/project/1.data")).toBe(false);
    expect(isRefusedPageTarget("/files/a..b")).toBe(false);
    expect(isRefusedPageTarget("/.well-known/security.txt")).toBe(false);
  });
});
