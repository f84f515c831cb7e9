import { beforeEach, describe, expect, it } from "vitest";
import {
  homePathOf,
  isSafeAdminPath,
  postLoginDestination,
  REDIRECT_KEY,
  storeRedirect,
  takeRedirect,
} from "./auth-redirect.ts";

beforeEach(() => sessionStorage.clear());

describe("redirect address (SPEC §2.9)", () => {
  it.each([
    ["/admin", true],
    ["/admin/units?projectId=3", true],
    ["/admin/", true],
    ["/admin/login", false],
    ["/admin/login/", false],
    ["/administrator", false],
    ["//evil.example/admin", false],
    ["/admin//evil.example", false],
    ["/admin\\evil", false],
    ["https://evil.example/admin", false],
    ["/all-projects", false],
  ])("%s is safe: %s", (path, safe) => {
    expect(isSafeAdminPath(path)).toBe(safe);
  });

  it("stores only safe paths and is read once", () => {
    storeRedirect("https://evil.example/admin");
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
    storeRedirect("/admin/projects");
    expect(takeRedirect()).toBe("/admin/projects");
    expect(takeRedirect()).toBeNull();
  });

  it("defaults to /admin", () => {
    expect(postLoginDestination()).toBe("/admin");
  });

  it("lands a sales agent on «عملائي» unless a stored address says otherwise", () => {
    expect(postLoginDestination(undefined, homePathOf("sales_agent"))).toBe("/admin/leads/mine");
    expect(homePathOf("manager")).toBe("/admin");
    storeRedirect("/admin/leads/5");
    expect(postLoginDestination(undefined, homePathOf("sales_agent"))).toBe("/admin/leads/5");
  });
});
