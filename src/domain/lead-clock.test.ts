/**
 * The response clock in words (src/domain/lead-clock.ts; docs/decisions/074-a-clock-the-agent-sees.md) and a unit's
 * label (src/domain/unit-label.ts): Arabic-Indic digits, counted nouns in the form Arabic gives them after «منذ» and
 * «بعد», the bell's lines naming the buyer, the project and the wait.
 */
import { describe, expect, it } from "vitest";
import { LEAD_CLOCK_TEXTS, nextStepText, waitText } from "./lead-clock.ts";
import { unitLabel } from "./unit-label.ts";

const at = new Date("2026-11-27T09:00:00Z");
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe("lead clock words", () => {
  it("says how long a lead has waited", () => {
    expect(waitText(at, later(0.5))).toBe("الآن");
    expect(waitText(at, later(1))).toBe("منذ دقيقة واحدة");
    expect(waitText(at, later(2))).toBe("منذ دقيقتين");
    expect(waitText(at.toISOString(), later(3))).toBe("منذ ٣ دقائق");
    expect(waitText(at, later(15))).toBe("منذ ١٥ دقيقة");
    expect(waitText(at, later(125))).toBe("منذ ساعتين");
    expect(waitText(at, later(3 * 24 * 60))).toBe("منذ ٣ أيام");
  });

  it("says the next step and the time left, rounding up", () => {
    expect(nextStepText({ kind: "notify_agent", at: later(5) }, later(3))).toBe("تنبيه المسؤول بعد دقيقتين");
    expect(nextStepText({ kind: "notify_managers", at: later(15) }, later(5.5))).toBe("تنبيه المديرين بعد ١٠ دقائق");
    expect(nextStepText({ kind: "reassign", at: later(30) }, later(31))).toBe("إعادة الإسناد: حان موعده");
  });

  it("names the buyer, the project and the wait on the bell", () => {
    expect(LEAD_CLOCK_TEXTS.notifyAgent("سارة", "مشروع الياقوت", 5 * 60_000)).toBe(
      "لم يتم التواصل مع سارة (مشروع الياقوت) منذ ٥ دقائق",
    );
    expect(LEAD_CLOCK_TEXTS.notifyManagers("سارة", null, 15 * 60_000, "فهد")).toBe(
      "لم يتم التواصل مع سارة منذ ١٥ دقيقة · المسؤول: فهد",
    );
    expect(LEAD_CLOCK_TEXTS.enquiryJoined("سارة", "مشروع الياقوت")).toBe("استفسار جديد من سارة (مشروع الياقوت)");
  });
});

describe("unit label", () => {
  it("names building and number in Latin digits, then floor, rooms and price in Arabic-Indic digits", () => {
    expect(unitLabel({ unitNumber: "101", building: "A", floor: 3, rooms: 3, price: 900_000 })).toMatch(
      /^A — 101 · الدور ٣ · ٣ غرف · .*٩٠٠٬٠٠٠/,
    );
    expect(unitLabel({ unitNumber: "G1", building: "", floor: 0, rooms: 2, price: null })).toBe(
      "G1 · الدور الأرضي · غرفتان",
    );
    expect(unitLabel({ unitNumber: "7" })).toBe("7");
  });
});
