import { describe, expect, it } from "vitest";
import {
  isContactActivity,
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  leadActivitySchema,
  leadListQuerySchema,
  leadStageChangeSchema,
} from "./lead-desk.ts";
import { DEFAULT_ROLE_GRANTS, ROLE_LABELS } from "./roles.ts";

describe("lead desk domain", () => {
  it("has the seven stages of resolution 14 with Arabic labels", () => {
    expect(LEAD_STAGES.map((s) => LEAD_STAGE_LABELS[s])).toEqual([
      "جديد",
      "تم التواصل",
      "مؤهل",
      "زيارة",
      "حجز",
      "بيع",
      "مفقود",
    ]);
  });

  it("requires a lost reason for مفقود and refuses a unit outside حجز/بيع, in Arabic", () => {
    const lost = leadStageChangeSchema.safeParse({ stage: "lost" });
    expect(lost.success).toBe(false);
    expect(lost.error?.issues[0]).toMatchObject({ path: ["lostReason"], message: "يرجى اختيار سبب الفقد" });
    const unit = leadStageChangeSchema.safeParse({ stage: "visit", unitId: 3 });
    expect(unit.error?.issues[0]?.path).toEqual(["unitId"]);
    expect(leadStageChangeSchema.parse({ stage: "reserved", unitId: "3" }).unitId).toBe(3);
  });

  it("counts call/whatsapp/email/meeting as contact, not a note", () => {
    expect(isContactActivity("whatsapp")).toBe(true);
    expect(isContactActivity("note")).toBe(false);
    expect(leadActivitySchema.safeParse({ kind: "fax" }).error?.issues[0]?.message).toBe("نوع النشاط غير صالح");
  });

  it("defaults the list to newest, 50 per page", () => {
    expect(leadListQuerySchema.parse({})).toMatchObject({ sort: "newest", limit: 50 });
  });

  it("gives sales_agent own leads only and employee view only", () => {
    expect(ROLE_LABELS.sales_agent).toBe("مسؤول مبيعات");
    expect(DEFAULT_ROLE_GRANTS.sales_agent).toContain("leads.view_own");
    expect(DEFAULT_ROLE_GRANTS.sales_agent).not.toContain("leads.view_all");
    expect(DEFAULT_ROLE_GRANTS.employee).not.toContain("leads.work");
    expect(DEFAULT_ROLE_GRANTS.manager).toEqual(expect.arrayContaining(["leads.assign", "leads.settings"]));
  });
});
