import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAMPAIGN_FORM_RESET_MS } from "#domain/constants.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { TEXTS } from "#domain/texts.ts";
import type { ContactActionResult } from "~/public/lib/contact-result.ts";
import { enhanceContactForms } from "./contact-form.island.ts";
import { ContactForm, type ContactFormProps } from "./contact-form.tsx";

const site = { privacy: { consentText: "بإرسال النموذج أوافق على معالجة بياناتي." } } as Pick<SiteConfig, "privacy">;

const VARIANTS = {
  home: {
    variant: "home",
    successText: TEXTS.homeContactSuccess,
    errorText: TEXTS.homeContactError,
    idPrefix: "home-contact",
  },
  detail: {
    variant: "detail",
    successText: TEXTS.projectContactSuccess,
    errorText: TEXTS.projectContactError,
    idPrefix: "project-contact",
  },
  campaign: {
    variant: "campaign",
    successText: TEXTS.campaignContactSuccess,
    errorText: TEXTS.campaignContactError,
    idPrefix: "campaign-contact",
  },
} as const satisfies Record<string, ContactFormProps>;

/** The page's server HTML (served as islands) with the form showing `result`, as the route renders it. */
function serverPage(props: ContactFormProps, result?: ContactActionResult): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ site }),
      handle: { islands: true },
      Component: () => createElement(Outlet),
      children: [{ id: "page", index: true, Component: () => createElement(ContactForm, props) }],
    },
  ]);
  const stub = createElement(Stub, {
    initialEntries: ["/"],
    hydrationData: { loaderData: { root: { site } }, actionData: result ? { page: result } : undefined },
  });
  const form = renderToStaticMarkup(stub);
  return `<!DOCTYPE html><html lang="ar" dir="rtl"><body><main><h1>الصفحة</h1>${form}</main></body></html>`;
}

function answer(props: ContactFormProps, result: ContactActionResult, status: number): Response {
  return new Response(serverPage(props, result), { status, headers: { "content-type": "text/html; charset=utf-8" } });
}

/** Shows the page's form (no result yet) and enhances it; `fetch` answers with `respond`. */
function mount(props: ContactFormProps, ...responses: (() => Promise<Response>)[]) {
  const fetch = vi.fn<(url: URL, init: RequestInit) => Promise<Response>>();
  for (const respond of responses) fetch.mockImplementationOnce(respond);
  vi.stubGlobal("fetch", fetch);
  document.body.innerHTML = serverPage(props);
  enhanceContactForms();
  const posted = (call: number) => new URLSearchParams(fetch.mock.calls[call][1].body as URLSearchParams);
  return { fetch, posted };
}

/** Lets the pending post finish (the mocked fetch, reading its answer) without moving the fake clock. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const send = () => screen.getByRole("button", { name: /إرسال/ });

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("enhanceContactForms (SPEC §4.6, §5.1, §8.4)", () => {
  it("posts the fields to the form's action and shows «جاري الإرسال...» on a disabled button while the request is open", async () => {
    let respond: (response: Response) => void = () => undefined;
    const { fetch, posted } = mount(VARIANTS.home, () => new Promise((resolve) => (respond = resolve)));
    // The page's server HTML has no time stamp: a send without JavaScript carries none.
    expect(document.querySelector('[name="elapsedMs"]')).toBeNull();
    const user = userEvent.setup();
    await user.type(field(/الاسم/), "محمد");
    await user.type(field(/الرسالة/), "مرحبا");
    vi.spyOn(performance, "now").mockReturnValue(4321.6);
    await user.click(send());

    expect(send()).toBeDisabled();
    expect(send()).toHaveTextContent(TEXTS.sending);
    expect(document.querySelector("form")).toHaveAttribute("aria-busy", "true");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toBe(new URL("/?index", location.href).href);
    expect(fetch.mock.calls[0][1].method).toBe("POST");
    expect(posted(0).get("name")).toBe("محمد");
    expect(posted(0).get("message")).toBe("مرحبا");
    expect(posted(0).get("website")).toBe("");
    // The island's stamp: whole ms since the page's navigation began (the server's minimum fill time reads it).
    expect(posted(0).get("elapsedMs")).toBe("4322");

    respond(answer(VARIANTS.home, { ok: true, sentAt: 1 }, 200));
    expect(await screen.findByRole("status")).toHaveTextContent(TEXTS.homeContactSuccess);
    expect(send()).toBeEnabled();
    expect(send()).toHaveTextContent(/^إرسال$/);
  });

  it("a success swaps in the server's cleared form and focuses the status", async () => {
    mount(VARIANTS.home, async () => answer(VARIANTS.home, { ok: true, sentAt: 1 }, 200));
    const user = userEvent.setup();
    await user.type(field(/الاسم/), "محمد");
    await user.type(field(/رقم الجوال/), "0501234567");
    await user.click(send());

    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(TEXTS.homeContactSuccess);
    expect(status).toHaveFocus();
    expect(field(/الاسم/)).toHaveValue("");
    expect(field(/رقم الجوال/)).toHaveValue("");
    expect(document.querySelectorAll("form")).toHaveLength(1);
  });

  it("swaps in the server's answer only once the whole stylesheet it may need has loaded (requested with the post)", async () => {
    document.head.innerHTML = '<style id="app-css" data-href="/assets/app-FORM.css"></style>';
    mount(VARIANTS.home, async () => answer(VARIANTS.home, { ok: true, sentAt: 1 }, 200));
    const user = userEvent.setup();
    await user.type(field(/الاسم/), "محمد");
    await user.click(send());
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href="/assets/app-FORM.css"]');
    expect(link).not.toBeNull();
    await settled();
    expect(screen.queryByRole("status")).toBeNull();
    expect(send()).toBeDisabled();
    link?.dispatchEvent(new Event("load"));
    expect(await screen.findByRole("status")).toHaveTextContent(TEXTS.homeContactSuccess);
    document.head.innerHTML = "";
  });

  it("field errors swap in with the values kept and focus the first invalid field in the result's order", async () => {
    const values = { name: "محمد", email: "", phone: "0501234567", message: "" };
    const invalid: ContactActionResult = {
      ok: false,
      reason: "invalid",
      fieldErrors: { message: TEXTS.messageRequired, email: "يرجى إدخال البريد الإلكتروني" },
      values,
    };
    const { fetch } = mount(
      VARIANTS.home,
      async () => answer(VARIANTS.home, invalid, 400),
      async () => answer(VARIANTS.home, { ok: true, sentAt: 2 }, 200),
    );
    const user = userEvent.setup();
    await user.type(field(/الاسم/), values.name);
    await user.type(field(/رقم الجوال/), values.phone);
    await user.click(send());

    expect(await screen.findByRole("alert")).toHaveTextContent("يرجى تصحيح الحقول المحددة");
    expect(field(/الاسم/)).toHaveValue("محمد");
    expect(field(/رقم الجوال/)).toHaveValue("0501234567");
    // The focus goes to the first name of fieldErrors that is a field: the message here, though the email comes first.
    expect(field(/الرسالة/)).toHaveFocus();
    expect(field(/الرسالة/)).toHaveAttribute("aria-invalid", "true");
    expect(field(/الرسالة/)).toHaveAccessibleDescription(TEXTS.messageRequired);
    expect(field(/البريد الإلكتروني/)).toHaveAccessibleDescription("يرجى إدخال البريد الإلكتروني");

    // The swapped-in form is enhanced in turn.
    await user.click(send());
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole("status")).toHaveTextContent(TEXTS.homeContactSuccess);
  });

  it("a field-error answer keeps the marketing consent ticked", async () => {
    const privacy = site.privacy as SiteConfig["privacy"];
    privacy.marketingConsent = { version: "m1", text: "أوافق على قياس الإعلانات." };
    try {
      const invalid: ContactActionResult = {
        ok: false,
        reason: "invalid",
        fieldErrors: { name: TEXTS.nameRequired },
        values: {},
      };
      mount(VARIANTS.home, async () => answer(VARIANTS.home, invalid, 400));
      const user = userEvent.setup();
      await user.click(screen.getByRole("checkbox", { name: "أوافق على قياس الإعلانات." }));
      await user.click(send());
      expect(await screen.findByRole("alert")).toBeInTheDocument();
      expect(field(/الاسم/)).toHaveFocus();
      expect(screen.getByRole("checkbox", { name: "أوافق على قياس الإعلانات." })).toBeChecked();
    } finally {
      delete privacy.marketingConsent;
    }
  });

  it.each([
    ["a dropped connection", () => Promise.reject(new TypeError("Failed to fetch"))],
    [
      "a 500 page without the form",
      async () =>
        new Response("<h1>Internal Server Error</h1>", { status: 500, headers: { "content-type": "text/html" } }),
    ],
    ["a 200 answer without the form", async () => new Response("<p>proxy</p>", { status: 200 })],
    ["a page whose form shows no result (a redirect)", async () => new Response(serverPage(VARIANTS.home))],
  ])("%s keeps the typed values, shows the failure text, and a second send works", async (_, fail) => {
    const { fetch } = mount(VARIANTS.home, fail, async () => answer(VARIANTS.home, { ok: true, sentAt: 3 }, 200));
    const user = userEvent.setup();
    await user.type(field(/الاسم/), "سلمى");
    await user.type(field(/الرسالة/), "أرغب في زيارة");
    await user.click(send());

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(TEXTS.homeContactError);
    expect(alert).toHaveFocus();
    expect(field(/الاسم/)).toHaveValue("سلمى");
    expect(field(/الرسالة/)).toHaveValue("أرغب في زيارة");
    expect(send()).toBeEnabled();
    expect(send()).toHaveTextContent(/^إرسال$/);
    expect(document.querySelector("form")).toHaveAttribute("aria-busy", "false");

    await user.click(send());
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole("status")).toHaveTextContent(TEXTS.homeContactSuccess);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a failure after field errors clears the errors, as the server renders {reason: failed}", async () => {
    const invalid: ContactActionResult = {
      ok: false,
      reason: "invalid",
      fieldErrors: { name: TEXTS.nameRequired },
      formError: TEXTS.requiredFieldsMissing,
      values: {},
    };
    mount(
      VARIANTS.detail,
      async () => answer(VARIANTS.detail, invalid, 400),
      () => Promise.reject(new TypeError("Failed to fetch")),
    );
    const user = userEvent.setup();
    await user.click(send());
    expect(await screen.findByRole("alert")).toHaveTextContent(TEXTS.requiredFieldsMissing);
    expect(field(/الاسم/)).toHaveAttribute("aria-invalid", "true");

    await user.type(field(/الرسالة/), "استفسار");
    await user.click(send());
    expect(await screen.findByRole("alert")).toHaveTextContent(TEXTS.projectContactError);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(field(/الاسم/)).not.toHaveAttribute("aria-invalid");
    expect(field(/الاسم/)).not.toHaveAccessibleDescription();
    expect(screen.queryByText(TEXTS.nameRequired)).not.toBeInTheDocument();
    expect(field(/الرسالة/)).toHaveValue("استفسار");
  });

  it("detail: the failure banner is titled «حدث خطأ!» and its dismiss button closes it; so does a success's", async () => {
    mount(
      VARIANTS.detail,
      () => Promise.reject(new TypeError("Failed to fetch")),
      async () => answer(VARIANTS.detail, { ok: true, sentAt: 4 }, 200),
    );
    const user = userEvent.setup();
    await user.click(send());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(TEXTS.errorBangTitle);
    expect(alert).toHaveTextContent(TEXTS.projectContactError);
    await user.click(within(alert).getByRole("button", { name: "إغلاق التنبيه" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.click(send());
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(TEXTS.sentTitle);
    expect(status).toHaveTextContent(TEXTS.projectContactSuccess);
    await user.click(within(status).getByRole("button", { name: "إغلاق التنبيه" }));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("campaign: the success goes back to idle after CAMPAIGN_FORM_RESET_MS", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    mount(VARIANTS.campaign, async () => answer(VARIANTS.campaign, { ok: true, sentAt: 5 }, 200));
    send().click();
    await settled();
    expect(screen.getByRole("status")).toHaveTextContent(TEXTS.campaignContactSuccess);

    vi.advanceTimersByTime(CAMPAIGN_FORM_RESET_MS - 1);
    expect(screen.getByRole("status")).toBeInTheDocument();
    vi.advanceTimersByTime(1);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByText(TEXTS.campaignContactSuccess)).not.toBeInTheDocument();
  });

  it("campaign: a failure within the reset time of a success stays shown", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    mount(
      VARIANTS.campaign,
      async () => answer(VARIANTS.campaign, { ok: true, sentAt: 5 }, 200),
      () => Promise.reject(new TypeError("Failed to fetch")),
    );
    send().click();
    await settled();
    expect(screen.getByRole("status")).toBeInTheDocument();
    vi.advanceTimersByTime(CAMPAIGN_FORM_RESET_MS / 2);
    send().click();
    await settled();
    expect(screen.getByRole("alert")).toHaveTextContent(TEXTS.campaignContactError);
    vi.advanceTimersByTime(CAMPAIGN_FORM_RESET_MS);
    expect(screen.getByRole("alert")).toHaveTextContent(TEXTS.campaignContactError);
  });

  it("the phone keeps digits only as typed, Arabic-Indic digits converted, by one rule on every form (at most 14)", async () => {
    for (const variant of [VARIANTS.home, VARIANTS.detail, VARIANTS.campaign]) {
      mount(variant);
      const user = userEvent.setup();
      await user.type(field(/رقم الجوال/), "05a0-12٣4567");
      expect(field(/رقم الجوال/)).toHaveValue("0501234567");
      await user.clear(field(/رقم الجوال/));
      await user.type(field(/رقم الجوال/), "+966 55 ١٢٣ 4567 8901 23");
      expect(field(/رقم الجوال/)).toHaveValue("96655123456789");
    }
  });

  it("adds the visit's attribution (sessionStorage) as hidden attr_* fields; the server's values win", async () => {
    sessionStorage.setItem("lead.attribution", JSON.stringify({ utmSource: "google", gclid: "g-1" }));
    const props = { ...VARIANTS.campaign, attribution: { utmSource: "snapchat", sccid: "sc-42" } };
    const { posted } = mount(props, async () => answer(props, { ok: true, sentAt: 6 }, 200));
    const hidden = () =>
      Object.fromEntries(
        [...document.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((i) => [i.name, i.value]),
      );
    expect(hidden()).toEqual({ attr_utmSource: "snapchat", attr_gclid: "g-1", attr_sccid: "sc-42" });

    await userEvent.click(send());
    await screen.findByRole("status");
    expect(posted(0).getAll("attr_utmSource")).toEqual(["snapchat"]);
    expect(posted(0).get("attr_gclid")).toBe("g-1");
    expect(posted(0).get("attr_sccid")).toBe("sc-42");
    // The swapped-in form carries the visit's attribution too.
    expect(hidden()).toEqual({ attr_utmSource: "snapchat", attr_gclid: "g-1", attr_sccid: "sc-42" });
  });

  it("keeps the first page's attribution for the session, for a form on a later page", () => {
    history.replaceState(null, "", "/?utm_source=whatsapp&fbclid=fb-1");
    try {
      mount(VARIANTS.home);
      expect(JSON.parse(sessionStorage.getItem("lead.attribution") ?? "{}")).toEqual({
        utmSource: "whatsapp",
        fbclid: "fb-1",
      });
      history.replaceState(null, "", "/project/1");
      mount(VARIANTS.detail);
      expect(document.querySelector<HTMLInputElement>('input[name="attr_utmSource"]')).toHaveValue("whatsapp");
      expect(document.querySelector<HTMLInputElement>('input[name="attr_fbclid"]')).toHaveValue("fb-1");
    } finally {
      history.replaceState(null, "", "/");
    }
  });

  it("a page answered to a post made before the scripts ran gets the focus of its result", () => {
    vi.stubGlobal("fetch", vi.fn());
    const invalid: ContactActionResult = {
      ok: false,
      reason: "invalid",
      fieldErrors: { phone: "رقم الجوال غير صحيح" },
      values: { name: "محمد", phone: "123" },
    };
    document.body.innerHTML = serverPage(VARIANTS.home, invalid);
    enhanceContactForms();
    expect(field(/رقم الجوال/)).toHaveFocus();
  });

  it("enhances a form once however often it runs, and tolerates a page without a form", async () => {
    const { fetch } = mount(VARIANTS.home, async () => answer(VARIANTS.home, { ok: true, sentAt: 7 }, 200));
    enhanceContactForms();
    enhanceContactForms(document.body);
    await userEvent.click(send());
    await screen.findByRole("status");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(send()).toHaveTextContent(/^إرسال$/);

    document.body.innerHTML = "<main></main>";
    expect(() => enhanceContactForms()).not.toThrow();
  });
});
