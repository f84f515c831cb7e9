import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CAMPAIGN_FORM_RESET_MS } from "#domain/constants.ts";
import { PHONE_INVALID } from "#domain/schemas/common.ts";
import { enquiryWaitText } from "#domain/schemas/contact.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { TEXTS } from "#domain/texts.ts";
import type { ContactActionResult } from "~/public/lib/contact-result.ts";
import { CONTACT_TEXTS } from "~/public/lib/contact-texts.ts";
import { ContactForm, type ContactFormProps } from "./contact-form.tsx";

afterEach(() => {
  vi.useRealTimers();
});

const site = { privacy: { consentText: "بإرسال النموذج أوافق على معالجة بياناتي." } } as Pick<SiteConfig, "privacy">;
/** What the root loader derives for links (root.tsx): the company's tel: link and WhatsApp digits. */
const links = {
  origin: "https://example.sa",
  phone: { display: "+966 12 600 0000", href: "tel:+966126000000", e164: "+966126000000" },
  whatsappNumber: "966500000000",
};

function renderForm(
  props: Partial<ContactFormProps>,
  respond: (form: FormData) => { result: ContactActionResult; status: number },
) {
  const submissions: FormData[] = [];
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ site, ...links }),
      Component: () => <Outlet />,
      HydrateFallback: () => null,
      children: [
        {
          index: true,
          Component: () => (
            <ContactForm
              variant="home"
              successText={TEXTS.homeContactSuccess}
              errorText={TEXTS.homeContactError}
              {...props}
            />
          ),
          action: async ({ request }) => {
            const form = await request.formData();
            submissions.push(form);
            const { result, status } = respond(form);
            return data(result, { status });
          },
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return submissions;
}

describe("ContactForm (SPEC §4.6, §5.1, §8.4)", () => {
  it("shows the marketing consent of the site configuration as a separate, unticked box", async () => {
    const privacy = site.privacy as SiteConfig["privacy"];
    privacy.marketingConsent = { version: "m1", text: "أوافق على قياس الإعلانات." };
    try {
      const submissions = renderForm({}, () => ({ result: { ok: true, sentAt: 1 }, status: 200 }));
      const box = await screen.findByRole("checkbox", { name: "أوافق على قياس الإعلانات." });
      expect(box).not.toBeChecked();
      await userEvent.click(screen.getByRole("button", { name: "إرسال" }));
      await waitFor(() => expect(submissions).toHaveLength(1));
      expect(submissions[0].get("marketingConsent")).toBeNull();
      await userEvent.click(box);
      await userEvent.click(screen.getByRole("button", { name: "إرسال" }));
      await waitFor(() => expect(submissions).toHaveLength(2));
      expect(submissions[1].get("marketingConsent")).toBe("on");
    } finally {
      delete privacy.marketingConsent;
    }
  });

  it("home: four fields, the one phone field with the SPEC hint, honeypot and consent", async () => {
    renderForm({}, () => ({ result: { ok: true, sentAt: 1 }, status: 200 }));
    const phone = await screen.findByLabelText(/رقم الجوال/);
    expect(phone).toHaveAttribute("placeholder", "05XXXXXXXX");
    expect(phone).toHaveAttribute("inputmode", "numeric");
    expect(phone).toHaveAttribute("dir", "ltr");
    expect(phone).toHaveAccessibleDescription(TEXTS.phoneHint10);
    expect(screen.getByLabelText(/البريد الإلكتروني/)).toHaveAttribute("type", "email");
    for (const label of [/الاسم/, /رقم الجوال/, /البريد الإلكتروني/, /الرسالة/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-required", "true");
    }
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot?.closest("[aria-hidden=true]")).not.toBeNull();
    expect(screen.getByText(site.privacy.consentText)).toBeInTheDocument();

    await userEvent.type(phone, "05a0-12٣4567");
    expect(phone).toHaveValue("0501234567");
  });

  it("every variant has the same phone field: no +966 box, the same placeholder, hint and digit rule", async () => {
    const shapes: string[] = [];
    for (const variant of ["home", "detail", "campaign"] as const) {
      renderForm({ variant }, () => ({ result: { ok: true, sentAt: 1 }, status: 200 }));
      const phone = await screen.findByLabelText(/رقم الجوال/);
      await userEvent.type(phone, "+966 55 ١٢٣ 4567");
      expect(phone).toHaveValue("966551234567");
      expect(screen.queryByText("+966")).not.toBeInTheDocument();
      const attrs = ["type", "inputmode", "placeholder", "dir", "data-digits-max", "autocomplete", "aria-describedby"];
      shapes.push(attrs.map((a) => phone.getAttribute(a)).join("|"));
      expect(phone).toHaveAccessibleDescription(TEXTS.phoneHint10);
      cleanup();
    }
    expect(new Set(shapes).size).toBe(1);
  });

  it("home: shows the success text and clears the fields", async () => {
    const submissions = renderForm({}, () => ({ result: { ok: true, sentAt: 1 }, status: 200 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/الاسم/), "محمد");
    await user.type(screen.getByLabelText(/الرسالة/), "مرحبا");
    await user.click(screen.getByRole("button", { name: "إرسال" }));
    expect(await screen.findByText(TEXTS.homeContactSuccess)).toBeInTheDocument();
    expect(submissions[0].get("name")).toBe("محمد");
    await waitFor(() => expect(screen.getByLabelText(/الاسم/)).toHaveValue(""));
  });

  it("home: a failed send shows the failure text and keeps the input", async () => {
    renderForm({}, (form) => ({
      result: { ok: false, reason: "failed", fieldErrors: {}, values: { name: String(form.get("name")) } },
      status: 502,
    }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/الاسم/), "محمد");
    await user.click(screen.getByRole("button", { name: "إرسال" }));
    expect(await screen.findByText(TEXTS.homeContactError)).toBeInTheDocument();
    expect(screen.getByLabelText(/الاسم/)).toHaveValue("محمد");
  });

  it("detail: 5-row message, a missing field headed by SPEC's «يرجى ملء جميع الحقول المطلوبة», not «حدث خطأ!»", async () => {
    renderForm(
      { variant: "detail", successText: TEXTS.projectContactSuccess, errorText: TEXTS.projectContactError },
      () => ({
        result: {
          ok: false,
          reason: "invalid",
          fieldErrors: { phone: "يرجى إدخال رقم الجوال أو البريد الإلكتروني" },
          formError: TEXTS.requiredFieldsMissing,
          values: {},
        },
        status: 400,
      }),
    );
    expect(await screen.findByLabelText(/الرسالة/)).toHaveAttribute("rows", "5");
    expect(screen.getByLabelText(/رقم الجوال/)).not.toHaveAttribute("aria-required");
    await userEvent.click(screen.getByRole("button", { name: "إرسال" }));
    const alert = await screen.findByRole("alert");
    expect(alert).not.toHaveTextContent(TEXTS.errorBangTitle);
    expect(alert).toHaveTextContent(TEXTS.requiredFieldsMissing);
    const phone = screen.getByLabelText(/رقم الجوال/);
    expect(phone).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription(`يرجى إدخال رقم الجوال أو البريد الإلكتروني ${TEXTS.phoneHint10}`);
    await userEvent.click(screen.getByRole("button", { name: "إغلاق التنبيه" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("detail: a send that failed is titled «حدث خطأ!» with SPEC's failure text", async () => {
    renderForm(
      { variant: "detail", successText: TEXTS.projectContactSuccess, errorText: TEXTS.projectContactError },
      () => ({ result: { ok: false, reason: "failed", fieldErrors: {}, values: {} }, status: 502 }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "إرسال" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(TEXTS.errorBangTitle);
    expect(alert).toHaveTextContent(TEXTS.projectContactError);
  });

  it("campaign: every field filled but the phone not valid is headed «يرجى تصحيح الحقول المحددة»", async () => {
    renderForm({ variant: "campaign" }, (form) => ({
      result: {
        ok: false,
        reason: "invalid",
        fieldErrors: { phone: PHONE_INVALID },
        formError: CONTACT_TEXTS.fieldsToCorrect,
        values: { name: String(form.get("name")), phone: String(form.get("phone")) },
      },
      status: 400,
    }));
    await userEvent.click(await screen.findByRole("button", { name: "إرسال" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(CONTACT_TEXTS.fieldsToCorrect);
    expect(alert).not.toHaveTextContent(TEXTS.requiredFieldsMissing);
  });

  it("a refused send reads one sentence with the wait, and offers WhatsApp with the typed message and a call", async () => {
    const sentence = enquiryWaitText(7);
    renderForm({}, (form) => ({
      result: {
        ok: false,
        reason: "rate-limited",
        fieldErrors: {},
        formError: sentence,
        values: { name: String(form.get("name")), message: String(form.get("message")) },
      },
      status: 429,
    }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/الاسم/), "نورة");
    await user.type(screen.getByLabelText(/الرسالة/), "أريد شقة بثلاث غرف");
    await user.click(screen.getByRole("button", { name: "إرسال" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(sentence);
    expect(alert).toHaveTextContent("بعد ٧ دقائق");
    expect(alert).not.toHaveTextContent(TEXTS.homeContactError);
    const whatsapp = within(alert).getByRole("link", { name: CONTACT_TEXTS.whatsapp });
    const href = new URL(whatsapp.getAttribute("href") ?? "");
    expect(href.origin + href.pathname).toBe("https://wa.me/966500000000");
    expect(href.searchParams.get("text")).toBe("السلام عليكم، معك نورة.\nأريد شقة بثلاث غرف");
    expect(within(alert).getByRole("link", { name: CONTACT_TEXTS.call })).toHaveAttribute("href", "tel:+966126000000");
  });

  it("posts to the page's action with the result block as the fragment, and the result carries that id", async () => {
    renderForm({ idPrefix: "home-contact" }, () => ({ result: { ok: true, sentAt: 1 }, status: 200 }));
    const form = (await screen.findByRole("button", { name: "إرسال" })).closest("form");
    expect(form?.getAttribute("action")).toMatch(/#home-contact-result$/);
    await userEvent.click(screen.getByRole("button", { name: "إرسال" }));
    const status = await screen.findByRole("status");
    expect(status).toHaveAttribute("id", "home-contact-result");
    // SPEC's success text, then what happens next.
    expect(status).toHaveTextContent(`${TEXTS.homeContactSuccess} ${CONTACT_TEXTS.nextStep}`);
    await waitFor(() => expect(status).toHaveFocus());
  });

  it("detail: success banner is titled «تم الإرسال بنجاح!»", async () => {
    renderForm(
      { variant: "detail", successText: TEXTS.projectContactSuccess, errorText: TEXTS.projectContactError },
      () => ({
        result: { ok: true, sentAt: 2 },
        status: 200,
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "إرسال" }));
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(TEXTS.sentTitle);
    expect(status).toHaveTextContent(TEXTS.projectContactSuccess);
  });

  it("campaign: message optional, consent with a privacy link, attribution posted, back to idle after 5 s", async () => {
    const submissions = renderForm(
      {
        variant: "campaign",
        successText: TEXTS.campaignContactSuccess,
        errorText: TEXTS.campaignContactError,
        attribution: { utmSource: "snapchat", sccid: "sc-42" },
      },
      () => ({ result: { ok: true, sentAt: 1 }, status: 200 }),
    );
    // The 5 s reset runs on a fake clock that also follows real time, so the router's own work goes on meanwhile.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    for (const label of [/الاسم/, /رقم الجوال/, /البريد الإلكتروني/]) {
      expect(await screen.findByLabelText(label)).toHaveAttribute("aria-required", "true");
    }
    expect(screen.getByLabelText(/الرسالة/)).not.toHaveAttribute("aria-required");
    expect(screen.getByRole("link", { name: "إشعار الخصوصية" })).toHaveAttribute("href", "/privacy");

    await user.type(screen.getByLabelText(/الاسم/), "سلمى");
    await user.type(screen.getByLabelText(/رقم الجوال/), "05-0123 4567");
    expect(screen.getByLabelText(/رقم الجوال/)).toHaveValue("0501234567");
    await user.click(screen.getByRole("button", { name: "إرسال" }));
    expect(await screen.findByText(TEXTS.campaignContactSuccess)).toBeInTheDocument();
    expect(submissions[0].get("attr_utmSource")).toBe("snapchat");
    expect(submissions[0].get("attr_sccid")).toBe("sc-42");
    await act(() => vi.advanceTimersByTimeAsync(CAMPAIGN_FORM_RESET_MS - 1000));
    expect(screen.getByText(TEXTS.campaignContactSuccess)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText(TEXTS.campaignContactSuccess)).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});
