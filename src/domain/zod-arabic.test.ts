import { describe, expect, it } from "vitest";
import { z } from "zod";
import { installArabicZodErrors } from "./zod-arabic.ts";

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("zod's own messages in Arabic (docs/architecture.md resolution 11)", () => {
  installArabicZodErrors();

  it("answers a wrong type, a missing field, a NaN number and an unknown key in Arabic", () => {
    expect(messagesOf(z.object({ name: z.string() }), null)).toEqual(["القيمة غير صالحة"]);
    expect(messagesOf(z.object({ name: z.string() }), {})).toEqual(["هذا الحقل مطلوب"]);
    expect(messagesOf(z.coerce.number(), "x")).toEqual(["القيمة غير صالحة"]);
    expect(messagesOf(z.strictObject({}), { extra: 1 })).toEqual(["حقل غير معروف"]);
  });

  it("says sizes with their counted noun and keeps a schema's own message", () => {
    expect(messagesOf(z.string().min(3), "a")).toEqual(["يجب ألا يقل النص عن ٣ أحرف"]);
    expect(messagesOf(z.string().max(11), "a".repeat(12))).toEqual(["يجب ألا يزيد النص عن ١١ حرفًا"]);
    expect(messagesOf(z.number().max(10), 11)).toEqual(["يجب ألا تزيد القيمة عن ١٠"]);
    expect(messagesOf(z.string({ error: "أدخل الاسم" }), 5)).toEqual(["أدخل الاسم"]);
  });
});
