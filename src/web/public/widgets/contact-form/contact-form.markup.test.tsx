import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
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

describe("the contact form's markup and texts (SPEC §4.6, §5.1, §8.4)", () => {
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
});
