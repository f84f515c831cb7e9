import { beforeAll, describe, expect, it } from "vitest";
import { loadCommonPasswords } from "../password-policy.ts";
import { passwordProblem, USER_TEXTS, userCreateSchema, userUpdateSchema } from "./user.ts";

describe("password policy", () => {
  beforeAll(() => loadCommonPasswords());
  it("accepts a long, uncommon password", () => {
    expect(passwordProblem("جدة-2026-برج-سكني", "ahmed")).toBeNull();
  });

  it("refuses fewer than 12 characters and whitespace only", () => {
    expect(passwordProblem("abc12345!xy", "ahmed")).toBe(USER_TEXTS.passwordShort);
    expect(passwordProblem(" ".repeat(20), "ahmed")).toBe(USER_TEXTS.passwordBlank);
    expect(passwordProblem("\t\n ".repeat(6), "ahmed")).toBe(USER_TEXTS.passwordBlank);
  });

  it("refuses the username, whatever the case", () => {
    expect(passwordProblem("Ahmed.Sales.1", "ahmed.sales.1")).toBe(USER_TEXTS.passwordIsUsername);
  });

  it("refuses common passwords", () => {
    for (const password of [
      "Password1!!!",
      "qwerty123456",
      "Aa123456789!",
      "123456789012",
      "Password123!",
      "iloveyou2026",
    ]) {
      expect(passwordProblem(password, "ahmed"), password).toBe(USER_TEXTS.passwordCommon);
    }
  });
});

describe("employee schemas", () => {
  it("defaults the role to employee and normalises the username", () => {
    const parsed = userCreateSchema.parse({ username: "  Sara.K ", name: "سارة", password: "long-enough-pass" });
    expect(parsed).toMatchObject({ username: "sara.k", role: "employee" });
  });

  it("requires the password on create with an Arabic message", () => {
    const result = userCreateSchema.safeParse({ username: "sara", name: "سارة", password: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["password"], message: "كلمة المرور مطلوبة" });
  });

  it("treats an empty password on edit as unchanged but checks a filled one", () => {
    expect(userUpdateSchema.parse({ username: "sara", name: "سارة", role: "manager", password: "" }).password).toBe(
      undefined,
    );
    const result = userUpdateSchema.safeParse({ username: "sara", name: "سارة", password: "sara" });
    expect(result.error?.issues[0]?.message).toBe(USER_TEXTS.passwordShort);
  });

  it("refuses unknown roles", () => {
    expect(
      userCreateSchema.safeParse({ username: "sara", name: "س", role: "owner", password: "x".repeat(12) }).success,
    ).toBe(false);
  });
});
