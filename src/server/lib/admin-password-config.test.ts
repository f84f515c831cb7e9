/**
 * ADMIN_PASSWORD follows the one staff password rule (src/domain/password-policy.ts) that every later password meets
 * (README "Configuration"; docs/decisions/020-staff-sign-in-hardening.md): a start with a weaker one stops, naming it.
 */
import { describe, expect, it } from "vitest";
import { PASSWORD_TEXTS } from "#domain/password-policy.ts";
import { loadConfig } from "../config.ts";

const withAdmin = (password: string, username = "admin") =>
  loadConfig({ ADMIN_PASSWORD: password, ADMIN_USERNAME: username });

describe("ADMIN_PASSWORD", () => {
  it("refuses what a staff member could not set later: short, common, or the username", () => {
    expect(() => withAdmin("jeddah-2026")).toThrow(PASSWORD_TEXTS.passwordShort);
    expect(() => withAdmin("Password1234!")).toThrow(PASSWORD_TEXTS.passwordCommon);
    expect(() => withAdmin("qwertyuiop123")).toThrow(PASSWORD_TEXTS.passwordCommon);
    expect(() => withAdmin("site-manager-01", "site-manager-01")).toThrow(PASSWORD_TEXTS.passwordIsUsername);
    expect(() => withAdmin("jeddah-2026")).toThrow(/ADMIN_PASSWORD: does not meet the staff password rule/);
  });

  it("accepts a password the policy accepts, and an unset or empty one (a generated password is printed)", () => {
    expect(withAdmin("jeddah-corniche-tower-77").adminPassword).toBe("jeddah-corniche-tower-77");
    expect(loadConfig({}).adminPassword).toBeUndefined();
    expect(loadConfig({ ADMIN_PASSWORD: "" }).adminPassword).toBeUndefined();
  });
});
