import { describe, expect, it, vi } from "vitest";
import { exampleValues, warnExampleValues } from "./example-values.ts";
import { loadSiteConfig } from "./site-config.ts";

describe("example values in the site configuration", () => {
  it("finds the shipped placeholders: example.com email and links, 9665000000… numbers, zero registration numbers", () => {
    const paths = exampleValues(loadSiteConfig()).map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "email",
        "whatsapp",
        "commercialRegistration",
        "licenseNumber",
        "social.x",
        "social.snapchat",
      ]),
    );
  });

  it("accepts real-looking values", () => {
    const real = {
      email: "sales@alsahel.sa",
      whatsapp: "+966551234567",
      phone: "+966126543210",
      commercialRegistration: "4030123456",
      social: { x: "https://x.com/alsahel_dev" },
      description: "نبني منذ ٢٠٠٠ عام",
    };
    expect(exampleValues(real)).toEqual([]);
  });

  it("logs one warning and prints what to set", () => {
    const warn = vi.fn();
    const out = vi.fn();
    const found = warnExampleValues(loadSiteConfig(), { warn }, out);
    expect(found.length).toBeGreaterThan(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(out.mock.calls[0][0]).toContain("email: info@example.com");
  });
});
