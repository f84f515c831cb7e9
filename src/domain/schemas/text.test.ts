import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loginSchema } from "./auth.ts";
import { contactListQuerySchema, contactSchema } from "./contact.ts";
import { auditQuerySchema } from "./permission.ts";
import { projectInputSchema } from "./project.ts";
import { CONTROL_CHARACTERS_MESSAGE, multilineText, text } from "./text.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Every source file under `dir` (recursively) that is not a test. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.join(e.parentPath, e.name));
}

describe("text fields refuse control characters", () => {
  it("single-line text refuses NUL, tab, line breaks and DEL; multi-line keeps tab and line breaks", () => {
    for (const bad of ["a\u0000b", "a\tb", "a\nb", "\u001f", "a\u007f"]) {
      expect(text().safeParse(bad).success).toBe(false);
    }
    expect(text().safeParse("اسم عادي").success).toBe(true);
    expect(multilineText().safeParse("سطر\nسطر\tثاني\r\n").success).toBe(true);
    const result = multilineText().safeParse("a\u0000b");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it("the login, contact, list filters and project forms answer a NUL with a field message", () => {
    expect(loginSchema.safeParse({ username: "ad\u0000min", password: "x" }).error?.issues[0]?.path).toEqual([
      "username",
    ]);
    const contact = contactSchema.safeParse({ name: "أحمد\u0000", phone: "0551234567", consent: true });
    expect(contact.success).toBe(false);
    expect(
      contactSchema.safeParse({ name: "أحمد", phone: "0551234567", message: "سطر\nسطر" }).error?.issues ?? [],
    ).not.toContainEqual(expect.objectContaining({ path: ["message"] }));
    expect(contactListQuerySchema.safeParse({ search: "\u0000" }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ action: "x\u0000" }).success).toBe(false);
    expect(projectInputSchema.safeParse({ name: "برج\u0000" }).error?.issues[0]?.message).toBe(
      CONTROL_CHARACTERS_MESSAGE,
    );
  });

  it("no schema of the domain or the API builds a string without the shared helper", () => {
    const files = [
      ...sources(path.join(root, "domain/schemas")),
      ...sources(path.join(root, "server/modules")).filter((f) => f.endsWith("routes.ts")),
      // api.ts and its parts (api-*.ts) declare what the server answers, not what it accepts.
    ].filter((f) => !f.endsWith(`${path.sep}text.ts`) && !/[\\/]api(-[a-z]+)?\.ts$/.test(f));
    const offenders = files.filter((f) => /\bz\s*\.string\(/.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});

describe("dates are bounded to 1900–2100", () => {
  it("the leads list and the audit log refuse year 0 and far-future dates", () => {
    for (const bad of ["0000-01-01", "1899-12-31", "2101-01-01"]) {
      expect(contactListQuerySchema.safeParse({ from: bad }).success).toBe(false);
      expect(auditQuerySchema.safeParse({ from: bad }).success).toBe(false);
      expect(auditQuerySchema.safeParse({ to: bad }).success).toBe(false);
    }
    expect(auditQuerySchema.safeParse({ from: "+275760-09-13T00:00:00.000Z" }).success).toBe(false);
    expect(contactListQuerySchema.safeParse({ from: "2026-01-01", to: "2026-12-31" }).success).toBe(true);
    expect(auditQuerySchema.safeParse({ from: "2026-01-01", to: "2026-12-31" }).success).toBe(true);
  });
});
