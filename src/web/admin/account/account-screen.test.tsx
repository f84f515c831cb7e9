/**
 * The account page (docs/decisions/020-staff-sign-in-hardening.md): sessions with "this device" and ending another one,
 * two-factor enrolment (QR, key, code, recovery codes shown once), the password form's server field messages, and
 * the per-role requirement for a super_admin only.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { formatDateTime } from "#domain/format.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { AccountScreen } from "./account-screen.tsx";

const SESSIONS = [
  {
    id: "s-current",
    createdAt: "2026-11-20T08:00:00.000Z",
    lastUsedAt: "2026-11-23T08:00:00.000Z",
    ipAddress: "192.0.2.1",
    userAgent: "Mozilla/5.0 (Windows NT 10.0) Chrome/140.0",
    current: true,
  },
  {
    id: "s-other",
    createdAt: "2026-11-01T08:00:00.000Z",
    lastUsedAt: "2026-11-02T08:00:00.000Z",
    ipAddress: "203.0.113.9",
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1",
    current: false,
  },
];

afterEach(cleanUpScreenTest);

describe("account screen", () => {
  it("lists the sessions and ends another one", async () => {
    signInAs({ role: "employee" });
    const calls = mockApi({
      "GET /api/auth/sessions": () => json(SESSIONS),
      "GET /api/auth/two-factor": () => json({ enabled: false, required: false, recoveryCodesLeft: 0 }),
      "DELETE /api/auth/sessions/s-other": () => json({ ok: true }),
    });
    renderScreen(<AccountScreen />);
    const list = await screen.findByRole("list", { name: "الجلسات النشطة" });
    expect(within(list).getByText("هذا الجهاز")).toBeInTheDocument();
    expect(within(list).getByText("Safari — iOS")).toBeInTheDocument();
    const buttons = within(list).getAllByRole("button", { name: "إنهاء الجلسة" });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]);
    await vi.waitFor(() => expect(calls.some((c) => c.key === "DELETE /api/auth/sessions/s-other")).toBe(true));
    // No per-role settings for anyone but a super_admin.
    expect(screen.queryByText("إلزام التحقق بخطوتين حسب الدور")).toBeNull();
  });

  it("shows each session's date, time of day in Riyadh and device, and ends all the others at once", async () => {
    signInAs({ role: "employee" });
    let list = SESSIONS;
    const calls = mockApi({
      "GET /api/auth/sessions": () => json(list),
      "GET /api/auth/two-factor": () => json({ enabled: false, required: false, recoveryCodesLeft: 0 }),
      "POST /api/auth/sessions/end-others": () => {
        list = [SESSIONS[0]];
        return json({ ended: 1 });
      },
    });
    renderScreen(<AccountScreen />);
    const sessions = await screen.findByRole("list", { name: "الجلسات النشطة" });
    // 08:00 UTC is 11:00 in Riyadh (UTC+3), written with the one date formatter.
    expect(sessions).toHaveTextContent(`تاريخ الدخول: ${formatDateTime("2026-11-20T08:00:00.000Z")}`);
    expect(formatDateTime("2026-11-20T08:00:00.000Z")).toContain("١١:٠٠");
    expect(sessions).toHaveTextContent(`آخر نشاط: ${formatDateTime("2026-11-02T08:00:00.000Z")}`);
    expect(within(sessions).getByText("Chrome — Windows")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "إنهاء الجلسات الأخرى" }));
    await vi.waitFor(() => expect(calls.some((c) => c.key === "POST /api/auth/sessions/end-others")).toBe(true));
    expect(await screen.findByText("لا توجد جلسات أخرى")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "إنهاء الجلسات الأخرى" })).toBeNull();
  }, 30_000);

  it("recovery codes can be copied, downloaded as a .txt file and printed", async () => {
    signInAs({ role: "manager", username: "sara" });
    mockApi({
      "GET /api/auth/sessions": () => json([SESSIONS[0]]),
      "GET /api/auth/two-factor": () => json({ enabled: false, required: false, recoveryCodesLeft: 0 }),
      "POST /api/auth/two-factor/setup": () =>
        json({
          secret: "JBSWY3DPEHPK3PXP",
          otpauthUrl: "otpauth://totp/x",
          qrCode: "data:image/svg+xml;base64,PHN2Zy8+",
        }),
      "POST /api/auth/two-factor/enable": () => json({ recoveryCodes: ["aaaa-bbbb-cccc-dddd", "eeee-ffff-gggg-hhhh"] }),
    });
    renderScreen(<AccountScreen />);
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole("button", { name: "تفعيل التحقق بخطوتين" }));
    await user.type(await screen.findByLabelText("رمز التحقق"), "123456");
    await user.click(screen.getByRole("button", { name: "تأكيد التفعيل" }));
    await screen.findByText("aaaa-bbbb-cccc-dddd");

    await user.click(screen.getByRole("button", { name: "نسخ الرموز" }));
    expect(writeText).toHaveBeenCalledOnce();
    expect(writeText.mock.calls[0][0].split("\n")).toEqual(
      expect.arrayContaining(["aaaa-bbbb-cccc-dddd", "eeee-ffff-gggg-hhhh"]),
    );
    expect(await screen.findByText("تم نسخ رموز الاسترداد")).toBeInTheDocument();

    let saved: Blob | undefined;
    // jsdom has no object URLs: the two functions exist for this test only.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved = blob;
        return "blob:codes";
      },
      revokeObjectURL: () => {},
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, "createObjectURL");
      Reflect.deleteProperty(URL, "revokeObjectURL");
    });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(screen.getByRole("button", { name: "تنزيل ملف نصي" }));
    expect(clicked[0]?.download).toBe("رموز-الاسترداد-sara.txt");
    expect(saved?.type).toBe("text/plain;charset=utf-8");
    const text = await saved?.text();
    expect(text).toContain("aaaa-bbbb-cccc-dddd\neeee-ffff-gggg-hhhh");
    expect(text).toContain("رموز الاسترداد لحساب sara");
    click.mockRestore();

    const printed = document.implementation.createHTMLDocument("");
    const print = vi.fn();
    vi.stubGlobal("open", () => ({ document: printed, print, focus: () => {} }));
    await user.click(screen.getByRole("button", { name: "طباعة" }));
    expect(print).toHaveBeenCalledOnce();
    expect(printed.documentElement.dir).toBe("rtl");
    expect([...printed.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "aaaa-bbbb-cccc-dddd",
      "eeee-ffff-gggg-hhhh",
    ]);
  }, 30_000);

  it("enrols in two-factor sign-in and shows the recovery codes once", async () => {
    signInAs({ role: "manager" });
    let enabled = false;
    mockApi({
      "GET /api/auth/sessions": () => json([SESSIONS[0]]),
      "GET /api/auth/two-factor": () => json({ enabled, required: true, recoveryCodesLeft: enabled ? 10 : 0 }),
      "POST /api/auth/two-factor/setup": () =>
        json({
          secret: "JBSWY3DPEHPK3PXP",
          otpauthUrl: "otpauth://totp/x",
          qrCode: "data:image/svg+xml;base64,PHN2Zy8+",
        }),
      "POST /api/auth/two-factor/enable": (body) => {
        if ((body as { code: string }).code !== "123456") {
          return json(
            { statusCode: 400, error: "Bad Request", message: "x", fields: { code: "رمز التحقق غير صحيح" } },
            400,
          );
        }
        enabled = true;
        return json({ recoveryCodes: ["aaaa-bbbb-cccc-dddd", "eeee-ffff-gggg-hhhh"] });
      },
    });
    renderScreen(<AccountScreen />);
    expect(await screen.findByRole("alert")).toHaveTextContent("يتطلب دورك التحقق بخطوتين");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "تفعيل التحقق بخطوتين" }));
    expect(await screen.findByRole("img", { name: "رمز QR لإضافة الحساب إلى تطبيق المصادقة" })).toHaveAttribute(
      "src",
      "data:image/svg+xml;base64,PHN2Zy8+",
    );
    expect(screen.getByTestId("two-factor-secret")).toHaveTextContent("JBSWY3DPEHPK3PXP");
    await user.type(screen.getByLabelText("رمز التحقق"), "000000");
    await user.click(screen.getByRole("button", { name: "تأكيد التفعيل" }));
    expect(await screen.findByText("رمز التحقق غير صحيح")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("رمز التحقق"));
    await user.type(screen.getByLabelText("رمز التحقق"), "123456");
    await user.click(screen.getByRole("button", { name: "تأكيد التفعيل" }));
    expect(await screen.findByText("aaaa-bbbb-cccc-dddd")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "حفظت الرموز" }));
    expect(screen.queryByText("aaaa-bbbb-cccc-dddd")).toBeNull();
    expect(await screen.findByText("رموز الاسترداد المتبقية: ١٠")).toBeInTheDocument();
    // The role requires it: no way to turn it off.
    expect(screen.queryByRole("button", { name: "إيقاف التحقق بخطوتين" })).toBeNull();
  });

  it("shows the server's field message for a wrong current password", async () => {
    signInAs({ role: "employee" });
    mockApi({
      "GET /api/auth/sessions": () => json([SESSIONS[0]]),
      "GET /api/auth/two-factor": () => json({ enabled: false, required: false, recoveryCodesLeft: 0 }),
      "POST /api/auth/password": () =>
        json(
          {
            statusCode: 400,
            error: "Bad Request",
            message: "x",
            fields: { currentPassword: "كلمة المرور الحالية غير صحيحة" },
          },
          400,
        ),
    });
    renderScreen(<AccountScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "حفظ كلمة المرور" }));
    expect(await screen.findByText("كلمة المرور الحالية مطلوبة")).toBeInTheDocument();
    await user.type(screen.getByLabelText("كلمة المرور الحالية"), "old-password-1");
    await user.type(screen.getByLabelText("كلمة المرور الجديدة"), "short");
    await user.click(screen.getByRole("button", { name: "حفظ كلمة المرور" }));
    expect(await screen.findByText("يجب أن تتكون كلمة المرور من ١٢ حرفًا على الأقل")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("كلمة المرور الجديدة"));
    await user.type(screen.getByLabelText("كلمة المرور الجديدة"), "jeddah-corniche-2027");
    await user.click(screen.getByRole("button", { name: "حفظ كلمة المرور" }));
    expect(await screen.findByText("كلمة المرور الحالية غير صحيحة")).toBeInTheDocument();
  });

  it("lets a super_admin require two-factor sign-in per role", async () => {
    signInAs({ role: "super_admin", isAdmin: true });
    const calls = mockApi({
      "GET /api/auth/sessions": () => json([SESSIONS[0]]),
      "GET /api/auth/two-factor": () => json({ enabled: false, required: false, recoveryCodesLeft: 0 }),
      "GET /api/roles/two-factor": () =>
        json([
          { role: "super_admin", requireTwoFactor: false },
          { role: "manager", requireTwoFactor: false },
          { role: "employee", requireTwoFactor: false },
          { role: "photographer", requireTwoFactor: false },
        ]),
      "PUT /api/roles/manager/two-factor": (body) => json({ role: "manager", ...(body as object) }),
    });
    renderScreen(<AccountScreen />);
    const toggle = await screen.findByRole("switch", { name: "مدير: إلزام التحقق بخطوتين" });
    await userEvent.click(toggle);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.key === "PUT /api/roles/manager/two-factor")?.body).toEqual({
        requireTwoFactor: true,
      }),
    );
  });
});
