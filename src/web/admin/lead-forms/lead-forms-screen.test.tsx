import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadFormView, MetaConnectionView } from "#domain/lead-forms.ts";
import { json, mockApi, renderScreen, resetSession, signInAs } from "~/test-utils/admin-harness.tsx";
import { LeadFormsScreen } from "./lead-forms-screen.tsx";

const meta: MetaConnectionView = {
  platform: "meta",
  enabled: true,
  pageId: "104857600123456789",
  hasAppSecret: true,
  hasVerifyToken: true,
  hasPageAccessToken: true,
  webhookPath: "/api/lead-forms/meta/webhook",
  health: {
    lastWebhookAt: "2026-11-27T09:00:00.000Z",
    lastBackfillAt: null,
    leads24h: 12,
    error: "رفضت المنصة رمز الوصول (انتهت صلاحيته أو أُلغي)، أدخل رمزًا جديدًا",
  },
};

const form: LeadFormView = {
  formId: "987654321098765432",
  name: "نموذج مشروع الريف",
  status: "ACTIVE",
  questions: [
    { key: "full_name", label: "الاسم الكامل" },
    { key: "budget", label: "الميزانية" },
  ],
  projectId: null,
  fieldMap: {},
  testMode: false,
};

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("«نماذج المنصات»", () => {
  it('shows "غير مصرح لك" without lead_forms.manage and asks nothing', async () => {
    signInAs({ role: "employee", permissions: ["dashboard.view"] });
    const calls = mockApi({});
    renderScreen(<LeadFormsScreen />);
    expect(await screen.findByRole("alert")).toHaveTextContent("غير مصرح لك");
    expect(calls).toEqual([]);
  });

  it("shows the health line, keeps secret fields empty and sends a secret only when typed", async () => {
    signInAs({ role: "manager", permissions: ["lead_forms.manage"] });
    const calls = mockApi({
      "GET /api/lead-forms/meta": () => json(meta),
      "PUT /api/lead-forms/meta": () => json(meta),
      "GET /api/lead-forms/meta/forms": () => json([]),
      "GET /api/projects": () => json([]),
    });
    renderScreen(<LeadFormsScreen />);
    const card = await screen.findByTestId("lead-forms-meta");
    expect(within(card).getByText("١٢")).toBeInTheDocument();
    expect(within(card).getByRole("alert")).toHaveTextContent("رفضت المنصة رمز الوصول");
    const token = within(card).getByLabelText("رمز وصول الصفحة");
    expect(token).toHaveValue("");
    await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.some((c) => c.key === "PUT /api/lead-forms/meta")).toBe(true));
    expect(calls.find((c) => c.key === "PUT /api/lead-forms/meta")?.body).toEqual({
      enabled: true,
      pageId: "104857600123456789",
    });
    await userEvent.type(token, "EAAG-new");
    await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.filter((c) => c.key === "PUT /api/lead-forms/meta")).toHaveLength(2));
    expect(calls.filter((c) => c.key === "PUT /api/lead-forms/meta")[1].body).toEqual({
      enabled: true,
      pageId: "104857600123456789",
      pageAccessToken: "EAAG-new",
    });
    await waitFor(() => expect(token).toHaveValue(""));
  });

  it("saves the project and what each question feeds for a form", async () => {
    signInAs({ role: "manager", permissions: ["lead_forms.manage"] });
    const calls = mockApi({
      "GET /api/lead-forms/meta": () => json({ ...meta, health: { ...meta.health, error: null } }),
      "GET /api/lead-forms/meta/forms": () => json([form]),
      "GET /api/projects": () => json([{ id: 7, name: "مشروع الريف" }]),
      [`PUT /api/lead-forms/meta/forms/${form.formId}`]: (body) => json({ ...form, ...(body as object) }),
    });
    renderScreen(<LeadFormsScreen />);
    const card = await screen.findByTestId(`lead-form-${form.formId}`);
    await within(card).findByRole("option", { name: "مشروع الريف" });
    await userEvent.selectOptions(within(card).getByLabelText("المشروع"), "7");
    await userEvent.selectOptions(within(card).getByLabelText("الميزانية"), "message");
    await userEvent.click(within(card).getByRole("button", { name: "حفظ النموذج" }));
    await waitFor(() => expect(calls.some((c) => c.key.startsWith("PUT /api/lead-forms/meta/forms/"))).toBe(true));
    expect(calls.find((c) => c.key.startsWith("PUT /api/lead-forms/meta/forms/"))?.body).toEqual({
      projectId: 7,
      fieldMap: { budget: "message" },
    });
  });
});
