/**
 * The example-values banner: shown to staff holding permissions.manage while the configuration still holds example
 * values, listing each with its Arabic name and value; never requested for other staff; gone when nothing is left.
 */
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { ExampleValuesBanner } from "./example-values-banner.tsx";

const found = {
  file: "config/site.json",
  values: [
    { path: "email", value: "info@example.com", label: "البريد الإلكتروني" },
    { path: "whatsapp", value: "+966500000000", label: "رقم واتساب" },
  ],
};

beforeEach(() => localStorage.clear());
afterEach(cleanUpScreenTest);

describe("example values banner", () => {
  it("lists each example value still set, by its Arabic name, with the file where it is set", async () => {
    signInAs({ role: "manager", permissions: ["permissions.manage"] });
    mockApi({ "GET /api/site/example-values": () => json(found) });
    renderScreen(<ExampleValuesBanner />);
    const banner = await screen.findByRole("region", { name: "بيانات الموقع ما زالت تجريبية" });
    const items = within(banner).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "البريد الإلكتروني:info@example.com",
      "رقم واتساب:+966500000000",
    ]);
    expect(banner).toHaveTextContent("config/site.json");
  });

  it("is not requested for staff without permissions.manage", async () => {
    signInAs({ role: "employee", permissions: ["projects.view"] });
    const calls = mockApi({ "GET /api/site/example-values": () => json(found) });
    renderScreen(<ExampleValuesBanner />);
    await Promise.resolve();
    expect(screen.queryByRole("region", { name: "بيانات الموقع ما زالت تجريبية" })).toBeNull();
    expect(calls.some((c) => c.key.includes("example-values"))).toBe(false);
  });

  it("shows nothing once every value is set", async () => {
    signInAs({ role: "super_admin", isAdmin: true });
    const calls = mockApi({ "GET /api/site/example-values": () => json({ file: "config/site.json", values: [] }) });
    renderScreen(<ExampleValuesBanner />);
    await vi.waitFor(() => expect(calls.some((c) => c.key.includes("example-values"))).toBe(true));
    expect(screen.queryByRole("region", { name: "بيانات الموقع ما زالت تجريبية" })).toBeNull();
  });
});
