import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeadFormView, SnapchatConnectionView } from "#domain/lead-forms.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { LeadFormsScreen } from "./lead-forms-screen.tsx";

const AD_ACCOUNT_ID = "8adc3db7-8148-4fbf-999c-8d2266369d74";
const KEY = "Qm9vLXNlY3JldC1wYXRoLWtleS0xMjM0";

const fresh: SnapchatConnectionView = {
  platform: "snapchat",
  enabled: false,
  adAccountId: "",
  clientId: "",
  hasClientSecret: false,
  hasRefreshToken: false,
  hasHmacSecret: false,
  webhookPath: "",
  health: { lastWebhookAt: null, lastBackfillAt: null, leads24h: 0, error: null },
};

const form: LeadFormView = {
  formId: "a0bc123d-d4ab-4ecc-b4eb-1a23bc4567d2",
  name: "نموذج مشروع المرسى",
  status: "ACTIVE",
  questions: [{ key: "ما ميزانيتك؟", label: "ما ميزانيتك؟" }],
  projectId: null,
  fieldMap: {},
  testMode: false,
};

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

describe("«نماذج المنصات» — سناب شات", () => {
  it("connects Snapchat: ids and secrets sent, the refusal named on its field, then the secret address shown", async () => {
    signInAs({ role: "manager", permissions: ["lead_forms.manage"] });
    let stored = fresh;
    const calls = mockApi({
      "GET /api/lead-forms/snapchat": () => json(stored),
      "PUT /api/lead-forms/snapchat": (body) => {
        const input = body as { enabled: boolean; adAccountId?: string; clientSecret?: string; refreshToken?: string };
        if (input.enabled && !input.refreshToken && !stored.hasRefreshToken)
          return json(
            {
              statusCode: 400,
              message: "بيانات غير صالحة",
              fields: { refreshToken: "رمز التجديد مطلوب لتفعيل الربط" },
            },
            400,
          );
        stored = {
          ...stored,
          enabled: input.enabled,
          adAccountId: input.adAccountId ?? stored.adAccountId,
          hasClientSecret: stored.hasClientSecret || Boolean(input.clientSecret),
          hasRefreshToken: stored.hasRefreshToken || Boolean(input.refreshToken),
          webhookPath: `/api/lead-forms/snapchat/webhook/${KEY}`,
        };
        return json(stored);
      },
      "GET /api/lead-forms/snapchat/forms": () => json([form]),
      "GET /api/projects": () => json([]),
    });
    renderScreen(<LeadFormsScreen />);
    const card = await screen.findByTestId("lead-forms-snapchat");
    expect(within(card).getByText("يظهر العنوان السري بعد أول حفظ للربط.")).toBeInTheDocument();
    // Snapchat offers no way to read leads back: its health line has no backfill.
    expect(within(card).queryByText("آخر قراءة دورية")).toBeNull();
    expect(screen.getByText("فعّل ربط سناب شات واحفظه لعرض نماذج الحساب الإعلاني.")).toBeInTheDocument();

    await userEvent.click(within(card).getByRole("switch"));
    await userEvent.type(within(card).getByLabelText("معرّف الحساب الإعلاني"), AD_ACCOUNT_ID);
    await userEvent.type(within(card).getByLabelText("معرّف تطبيق OAuth (Client ID)"), "snap-client");
    await userEvent.type(within(card).getByLabelText("المفتاح السري لتطبيق OAuth (Client Secret)"), "cs-1");
    await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
    expect(await within(card).findByText("رمز التجديد مطلوب لتفعيل الربط")).toBeInTheDocument();
    expect(calls.find((c) => c.key === "PUT /api/lead-forms/snapchat")?.body).toEqual({
      enabled: true,
      adAccountId: AD_ACCOUNT_ID,
      clientId: "snap-client",
      clientSecret: "cs-1",
    });

    const refresh = within(card).getByLabelText("رمز التجديد (Refresh Token)");
    await userEvent.type(refresh, "rt-1");
    await userEvent.type(within(card).getByLabelText("المفتاح السري للتوقيع (HMAC Secret)"), "hmac-1");
    await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.filter((c) => c.key === "PUT /api/lead-forms/snapchat")).toHaveLength(2));
    expect(calls.filter((c) => c.key === "PUT /api/lead-forms/snapchat")[1].body).toMatchObject({
      refreshToken: "rt-1",
      hmacSecret: "hmac-1",
    });
    const address = await within(await screen.findByTestId("lead-forms-snapchat")).findByText(
      new RegExp(`/api/lead-forms/snapchat/webhook/${KEY}$`),
    );
    expect(address).toBeInTheDocument();
    expect(await screen.findByTestId(`lead-form-${form.formId}`)).toHaveTextContent("نموذج مشروع المرسى");
  });
});
