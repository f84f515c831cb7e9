/** The texts of the leads list's live clock (src/domain/lead-list.ts): counted nouns after «منذ»/«بعد», rounding. */
import { describe, expect, it } from "vitest";
import { durationText, nextStepText, waitText } from "./lead-clock.ts";

const at = (iso: string) => new Date(iso);
const now = at("2026-11-23T12:00:00Z");

describe("the live wait and time left", () => {
  it("counts the wait down to whole minutes, hours and days with agreeing nouns", () => {
    expect(waitText(at("2026-11-23T11:59:30Z"), now)).toBe("الآن");
    expect(waitText(at("2026-11-23T11:58:59Z"), now)).toBe("منذ دقيقة واحدة");
    expect(waitText(at("2026-11-23T11:58:00Z"), now)).toBe("منذ دقيقتين");
    expect(waitText(at("2026-11-23T11:57:00Z"), now)).toBe("منذ ٣ دقائق");
    expect(waitText(at("2026-11-23T11:49:00Z"), now)).toBe("منذ ١١ دقيقة");
    expect(waitText(at("2026-11-23T10:00:00Z"), now)).toBe("منذ ساعتين");
    expect(waitText(at("2026-11-12T12:00:00Z"), now)).toBe("منذ ١١ يومًا");
  });

  it("counts the time left up, and says when the step is due", () => {
    const step = (iso: string) => ({ kind: "reassign" as const, at: at(iso) });
    expect(nextStepText(step("2026-11-23T12:00:30Z"), now)).toBe("إعادة الإسناد بعد دقيقة واحدة");
    expect(nextStepText(step("2026-11-23T12:04:01Z"), now)).toBe("إعادة الإسناد بعد ٥ دقائق");
    expect(nextStepText(step("2026-11-23T12:00:00Z"), now)).toBe("إعادة الإسناد: حان موعده");
    expect(durationText(3 * 60 * 60_000, "up")).toBe("٣ ساعات");
  });
});
