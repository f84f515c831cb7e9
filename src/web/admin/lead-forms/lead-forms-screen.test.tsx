import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  GoogleConnectionView,
  LeadFormView,
  MetaConnectionView,
  TiktokConnectionView,
} from "#domain/lead-forms.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
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

const google: GoogleConnectionView = {
  platform: "google",
  enabled: false,
  hasGoogleKey: false,
  webhookPath: "/api/lead-forms/google/webhook",
  health: { lastWebhookAt: null, lastBackfillAt: null, leads24h: 3, error: null },
};

type Calls = ReturnType<typeof mockApi>;

/**
 * Saves the connection `card` untouched, then with a secret typed: the first PUT /api/lead-forms/{platform} carries
 * `saved` (no secret), the second `saved` and the typed secret, and the secret's field is empty again after.
 */
async function expectSecretSentOnlyWhenTyped(
  card: HTMLElement,
  calls: Calls,
  platform: string,
  saved: object,
  secret: { label: string; name: string; value: string },
) {
  const puts = () => calls.filter((c) => c.key === `PUT /api/lead-forms/${platform}`);
  const field = within(card).getByLabelText(secret.label);
  expect(field).toHaveValue("");
  await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
  await waitFor(() => expect(puts().length).toBeGreaterThan(0));
  expect(puts()[0].body).toEqual(saved);
  await userEvent.type(field, secret.value);
  await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
  await waitFor(() => expect(puts()).toHaveLength(2));
  expect(puts()[1].body).toEqual({ ...saved, [secret.name]: secret.value });
  await waitFor(() => expect(field).toHaveValue(""));
}

/** On the form `card`: project «مشروع الريف» (7) and the question `question` feeding the message are saved to the platform's form address. */
async function expectFormMapSaved(card: HTMLElement, calls: Calls, platform: string, question: string) {
  const put = `PUT /api/lead-forms/${platform}/forms/`;
  await within(card).findByRole("option", { name: "مشروع الريف" });
  await userEvent.selectOptions(within(card).getByLabelText("المشروع"), "7");
  await userEvent.selectOptions(within(card).getByLabelText(question), "message");
  await userEvent.click(within(card).getByRole("button", { name: "حفظ النموذج" }));
  await waitFor(() => expect(calls.some((c) => c.key.startsWith(put))).toBe(true));
  expect(calls.find((c) => c.key.startsWith(put))?.body).toEqual({ projectId: 7, fieldMap: { budget: "message" } });
}

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

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
    await expectSecretSentOnlyWhenTyped(
      card,
      calls,
      "meta",
      { enabled: true, pageId: "104857600123456789" },
      {
        label: "رمز وصول الصفحة",
        name: "pageAccessToken",
        value: "EAAG-new",
      },
    );
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
    await expectFormMapSaved(card, calls, "meta", "الميزانية");
  });

  it("connects Google: the key is sent only when typed, a refusal names the field, the health line has no backfill", async () => {
    signInAs({ role: "manager", permissions: ["lead_forms.manage"] });
    let stored = google;
    const calls = mockApi({
      "GET /api/lead-forms/meta": () => json({ ...meta, enabled: false, hasPageAccessToken: false }),
      "GET /api/lead-forms/google": () => json(stored),
      "PUT /api/lead-forms/google": (body) => {
        const input = body as { enabled: boolean; googleKey?: string };
        if (input.enabled && !input.googleKey && !stored.hasGoogleKey)
          return json(
            { statusCode: 400, message: "بيانات غير صالحة", fields: { googleKey: "مفتاح جوجل مطلوب لتفعيل الربط" } },
            400,
          );
        stored = { ...stored, enabled: input.enabled, hasGoogleKey: stored.hasGoogleKey || Boolean(input.googleKey) };
        return json(stored);
      },
      "GET /api/lead-forms/google/forms": () => json([]),
      "GET /api/projects": () => json([]),
    });
    renderScreen(<LeadFormsScreen />);
    const card = await screen.findByTestId("lead-forms-google");
    expect(within(card).getByText("عملاء آخر ٢٤ ساعة")).toBeInTheDocument();
    expect(within(card).getByText("٣")).toBeInTheDocument();
    expect(within(card).queryByText("آخر قراءة دورية")).toBeNull();
    expect(within(card).getByText(/\/api\/lead-forms\/google\/webhook$/)).toBeInTheDocument();
    expect(screen.getByText("فعّل ربط جوجل واحفظه لعرض نماذجه.")).toBeInTheDocument();

    // Named by what it does, its state written beside it («متوقف» while off, never «مفعّل»).
    const receive = within(card).getByRole("switch", { name: "استقبال العملاء من إعلانات جوجل" });
    expect(within(card).getByText("متوقف")).toBeInTheDocument();
    expect(within(card).queryByText("مفعّل")).toBeNull();
    await userEvent.click(receive);
    expect(within(card).getByText("مفعّل")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
    expect(await within(card).findByText("مفتاح جوجل مطلوب لتفعيل الربط")).toBeInTheDocument();
    expect(calls.find((c) => c.key === "PUT /api/lead-forms/google")?.body).toEqual({ enabled: true });

    const key = within(card).getByLabelText("مفتاح جوجل (google_key)");
    await userEvent.type(key, "k-7f3a9c");
    await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.filter((c) => c.key === "PUT /api/lead-forms/google")).toHaveLength(2));
    expect(calls.filter((c) => c.key === "PUT /api/lead-forms/google")[1].body).toEqual({
      enabled: true,
      googleKey: "k-7f3a9c",
    });
    await waitFor(() => expect(key).toHaveValue(""));
    expect(await screen.findByText("يظهر النموذج هنا بعد أول عميل يصل منه.")).toBeInTheDocument();
    expect(within(card).getByText("محفوظ — اتركه فارغًا للإبقاء عليه")).toBeInTheDocument();
  });

  it("saves a Google form's project and field map to the Google form address", async () => {
    signInAs({ role: "manager", permissions: ["lead_forms.manage"] });
    const googleForm: LeadFormView = {
      ...form,
      formId: "4567890123",
      name: "",
      status: "",
      questions: [{ key: "budget", label: "budget" }],
    };
    const calls = mockApi({
      "GET /api/lead-forms/meta": () => json({ ...meta, enabled: false, hasPageAccessToken: false }),
      "GET /api/lead-forms/google": () => json({ ...google, enabled: true, hasGoogleKey: true }),
      "GET /api/lead-forms/google/forms": () => json([googleForm]),
      "GET /api/projects": () => json([{ id: 7, name: "مشروع الريف" }]),
      [`PUT /api/lead-forms/google/forms/${googleForm.formId}`]: (body) => json({ ...googleForm, ...(body as object) }),
    });
    renderScreen(<LeadFormsScreen />);
    const card = await screen.findByTestId(`lead-form-${googleForm.formId}`);
    await expectFormMapSaved(card, calls, "google", "budget");
    expect(calls.some((c) => c.key.startsWith("PUT /api/lead-forms/meta"))).toBe(false);
  });

  it("connects TikTok: advertiser id, and the app secret and token sent only when typed; the health line has the backfill", async () => {
    signInAs({ role: "manager", permissions: ["lead_forms.manage"] });
    const tiktok: TiktokConnectionView = {
      platform: "tiktok",
      enabled: true,
      advertiserId: "7012345678901234567",
      hasAppSecret: true,
      hasAccessToken: true,
      webhookPath: "/api/lead-forms/tiktok/webhook",
      health: { lastWebhookAt: null, lastBackfillAt: "2026-11-27T09:10:00.000Z", leads24h: 5, error: null },
    };
    const calls = mockApi({
      "GET /api/lead-forms/meta": () => json({ ...meta, enabled: false, hasPageAccessToken: false }),
      "GET /api/lead-forms/google": () => json(google),
      "GET /api/lead-forms/tiktok": () => json(tiktok),
      "PUT /api/lead-forms/tiktok": () => json(tiktok),
      "GET /api/lead-forms/tiktok/forms": () => json([]),
      "GET /api/projects": () => json([]),
    });
    renderScreen(<LeadFormsScreen />);
    const card = await screen.findByTestId("lead-forms-tiktok");
    expect(within(card).getByText("آخر قراءة دورية")).toBeInTheDocument();
    expect(within(card).getByText("٥")).toBeInTheDocument();
    expect(within(card).getByText(/\/api\/lead-forms\/tiktok\/webhook$/)).toBeInTheDocument();
    await expectSecretSentOnlyWhenTyped(
      card,
      calls,
      "tiktok",
      { enabled: true, advertiserId: "7012345678901234567" },
      {
        label: "رمز الوصول",
        name: "accessToken",
        value: "tt-new-token",
      },
    );
  });
});
