import { describe, expect, it, vi } from "vitest";
import { TEXTS } from "#domain/texts.ts";
import type { ApiInit } from "~/context.ts";
import { handleCampaignContact } from "~/public/campaign/campaign-action.server.ts";
import { handleContactAction } from "./contact-action.server.ts";
import { CONTACT_TEXTS } from "./contact-texts.ts";

function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return new Request("http://localhost/project/4", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

function apiAnswering(status: number, body: unknown) {
  return vi.fn(async (_path: string, _init?: ApiInit) => new Response(JSON.stringify(body), { status }));
}

describe("handleContactAction (SPEC §4.6, §5.1, §8.4; resolutions 3 and 4)", () => {
  it("home: reports every missing required field in Arabic without calling the API", async () => {
    const api = apiAnswering(201, {});
    const { result, status } = await handleContactAction(
      post({ name: "", email: "bad", phone: "", message: "" }),
      api,
      {
        kind: "home",
      },
    );
    expect(status).toBe(400);
    expect(api).not.toHaveBeenCalled();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toMatchObject({
      name: TEXTS.nameRequired,
      email: TEXTS.emailInvalid,
      phone: "رقم الجوال مطلوب",
      message: TEXTS.messageRequired,
    });
  });

  it("project: name and message plus phone or email; missing ones give «يرجى ملء جميع الحقول المطلوبة»", async () => {
    const api = apiAnswering(201, {});
    const { result } = await handleContactAction(post({ name: "محمد", message: "استفسار" }), api, {
      kind: "project",
      reference: 4,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.formError).toBe(TEXTS.requiredFieldsMissing);
    expect(result.fieldErrors.phone).toBe("يرجى إدخال رقم الجوال أو البريد الإلكتروني");
    expect(result.values.name).toBe("محمد");
  });

  it("heads a form whose required fields are all filled but not valid «يرجى تصحيح الحقول المحددة», on every form", async () => {
    const filled = { name: "محمد", email: "m@example.com", phone: "12345", message: "استفسار" };
    for (const kind of ["home", "project"] as const) {
      const { result } = await handleContactAction(post(filled), apiAnswering(201, {}), { kind, reference: 4 });
      expect(result.ok === false && result.formError).toBe(CONTACT_TEXTS.fieldsToCorrect);
    }
    const campaign = await handleCampaignContact(post(filled), apiAnswering(201, {}), {
      landingPageId: 2,
      campaignId: 3,
    });
    expect(campaign.result.ok === false && campaign.result.formError).toBe(CONTACT_TEXTS.fieldsToCorrect);
    const missing = await handleCampaignContact(post({ ...filled, phone: "" }), apiAnswering(201, {}), {
      landingPageId: 2,
      campaignId: 3,
    });
    expect(missing.result.ok === false && missing.result.formError).toBe(TEXTS.requiredFieldsMissing);
  });

  it("passes the island's time stamp on as elapsedMs, and nothing when the form had none", async () => {
    const fields = { name: "محمد", message: "استفسار", phone: "501234567" };
    const api = apiAnswering(201, { ok: true, id: 1, isDuplicate: false });
    await handleContactAction(post({ ...fields, elapsedMs: "5400" }), api, { kind: "project", reference: 4 });
    await handleContactAction(post(fields), api, { kind: "project", reference: 4 });
    expect(api.mock.calls[0][1]?.body).toHaveProperty("elapsedMs", 5400);
    expect(api.mock.calls[1][1]?.body).not.toHaveProperty("elapsedMs");
  });

  it("project: posts the payload with projectReference and succeeds on 201", async () => {
    const api = apiAnswering(201, { ok: true, id: 1, isDuplicate: false });
    const { result, status } = await handleContactAction(
      post({ name: "محمد", message: "استفسار", phone: "501234567", email: "", website: "" }),
      api,
      { kind: "project", reference: 4 },
    );
    expect(result.ok).toBe(true);
    expect(status).toBe(200);
    expect(api).toHaveBeenCalledWith("/api/contact", {
      method: "POST",
      body: expect.objectContaining({ name: "محمد", phone: "501234567", projectReference: 4 }),
    });
  });

  it("update: carries updateReference (resolution 3)", async () => {
    const api = apiAnswering(201, { ok: true });
    await handleContactAction(post({ name: "سارة", message: "سؤال", email: "s@x.sa" }), api, {
      kind: "update",
      reference: 9,
    });
    const body = api.mock.calls[0][1]?.body as Record<string, unknown>;
    expect(body.updateReference).toBe(9);
    expect(body.projectReference).toBeUndefined();
  });

  it("posts marketing consent only when its box was ticked", async () => {
    const api = apiAnswering(201, { ok: true });
    const fields = { name: "سارة", message: "سؤال", email: "s@x.sa" };
    await handleContactAction(post(fields), api, { kind: "update", reference: 9 });
    await handleContactAction(post({ ...fields, marketingConsent: "on" }), api, { kind: "update", reference: 9 });
    const bodies = api.mock.calls.map((call) => call[1]?.body as Record<string, unknown>);
    expect(bodies.map((b) => b.marketingConsent)).toEqual([undefined, true]);
  });

  it("maps 429 to rate-limited with the server's Arabic message, and other failures to failed", async () => {
    const valid = { name: "سارة", message: "سؤال", email: "s@x.sa" };
    const limited = await handleContactAction(post(valid), apiAnswering(429, { message: "طلبات كثيرة" }), {
      kind: "update",
      reference: 9,
    });
    expect(limited).toMatchObject({
      status: 429,
      result: { ok: false, reason: "rate-limited", formError: "طلبات كثيرة" },
    });
    const failed = await handleContactAction(post(valid), apiAnswering(500, {}), { kind: "update", reference: 9 });
    expect(failed).toMatchObject({ status: 502, result: { ok: false, reason: "failed" } });
    const thrown = await handleContactAction(post(valid), vi.fn().mockRejectedValue(new Error("down")), {
      kind: "update",
      reference: 9,
    });
    expect(thrown.result).toMatchObject({ ok: false, reason: "failed" });
  });

  it("sends the calculator's hidden copies as the enquiry's estimate, and none when the page had no result", async () => {
    const api = apiAnswering(201, { ok: true });
    const fields = { name: "محمد", phone: "0551234567", message: "استفسار" };
    await handleContactAction(post({ ...fields, "estimate.price": "900000", "estimate.salary": "15000" }), api, {
      kind: "project",
      reference: 4,
      unit: 7,
    });
    await handleContactAction(post(fields), api, { kind: "project", reference: 4 });
    const [withEstimate, without] = api.mock.calls.map((call) => call[1]?.body as Record<string, unknown>);
    expect(withEstimate.estimate).toEqual({ price: "900000", salary: "15000" });
    expect(without).not.toHaveProperty("estimate");
  });
});
