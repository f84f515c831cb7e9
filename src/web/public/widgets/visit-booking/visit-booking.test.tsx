/**
 * The booking form carries the ad link's attribution as the enquiry form does (docs/conversions.md;
 * docs/decisions/088-site-visits.md): from a campaign page opened with ?fbclid=…&utm_source=…, the «احجز موعد زيارة» link carries
 * the parameters to the booking page, whose form holds them as the hidden "attr_*" fields and whose post sends them
 * to POST /api/visits — without JavaScript; with it, the island fills the same fields from the visit's first page
 * (kept for the session) when the link carried none.
 */
import { cleanup, render } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attributionFrom, visitAttribution } from "~/public/campaign/attribution.ts";
import { postBooking } from "~/public/lib/visit-action.server.ts";
import VisitBookPage, { loader } from "~/public/routes/visit-book.tsx";
import { enhanceVisitBooking } from "./visit-booking.island.ts";
import { VisitBookingCta } from "./visit-booking.tsx";

const CAMPAIGN_URL = "https://example.sa/campaign/instagram/marjan?fbclid=fb-click-1&utm_source=instagram&lang=ar";
const SLOT = "2026-11-30T17:30:00+03:00";

/** The API of a project offering visits, with one free time. */
async function api(path: string) {
  if (path === "/api/projects/7") return Response.json({ id: 7, name: "مشروع المرجان" });
  if (path === "/api/projects/7/visit-booking")
    return Response.json({
      projectId: 7,
      placeKind: "office",
      placeName: "مكتب المبيعات",
      mapUrl: null,
      firstDate: "2026-11-30",
      lastDate: "2026-12-20",
    });
  if (path.startsWith("/api/projects/7/visit-slots"))
    return Response.json([{ startsAt: SLOT, endsAt: "2026-11-30T18:15:00+03:00", available: true }]);
  return Response.json({ message: "غير موجود" }, { status: 404 });
}

/** The booking page at `href` (loader and markup), rendered into the document; returns its form. */
async function renderBookingPage(href: string, referer?: string) {
  const request = new Request(new URL(href, "https://example.sa"), referer ? { headers: { referer } } : undefined);
  const args = { params: { projectId: "7" }, context: { api }, request };
  const loaderData = await loader(args as unknown as Parameters<typeof loader>[0]);
  const props = { loaderData, matches: [], params: {} } as unknown as Parameters<typeof VisitBookPage>[0];
  const root = { site: { privacy: { consentText: "بإرسال النموذج أوافق على معالجة بياناتي." } } };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => root,
      Component: () => <Outlet />,
      HydrateFallback: () => null,
      children: [{ path: "visit/book/7", Component: () => <VisitBookPage {...props} /> }],
    },
  ]);
  const { container, findByRole } = render(<Stub initialEntries={[href]} />);
  await findByRole("button", { name: "تأكيد الحجز" });
  const form = container.querySelector("form");
  if (!form) throw new Error("no booking form");
  return form;
}

/** The form's hidden attribution fields, by name. */
const hiddenAttribution = (form: HTMLFormElement) =>
  Object.fromEntries(
    [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"][name^="attr_"]')].map((i) => [i.name, i.value]),
  );

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  history.replaceState(null, "", "/");
});

describe("the booking form's attribution", () => {
  it("without JavaScript: from a campaign page with ?fbclid=…&utm_source=…, the link, the form and its post carry it", async () => {
    // The campaign page's «احجز موعد زيارة», as campaign.tsx renders it from its URL.
    const cta = render(
      <VisitBookingCta
        projectId={7}
        placeKind="office"
        placeName="مكتب المبيعات"
        origin={{ landingPageId: 3, campaignId: 4, attribution: attributionFrom(new URL(CAMPAIGN_URL), null) }}
      />,
    );
    const href = cta.getByTestId("visit-booking-link").getAttribute("href") ?? "";
    expect(new URL(href, "https://example.sa").searchParams.get("fbclid")).toBe("fb-click-1");
    cta.unmount();

    const form = await renderBookingPage(href, "https://l.instagram.com/");
    expect(hiddenAttribution(form)).toEqual({
      attr_fbclid: "fb-click-1",
      attr_utmSource: "instagram",
      attr_referrer: "https://l.instagram.com/",
    });
    // The day strip's links keep the parameters (a day picked without JavaScript reloads the page with them).
    const day = form.querySelector<HTMLAnchorElement>("a[data-visit-day]");
    expect(new URL(day?.href ?? "", "https://example.sa").searchParams.get("utm_source")).toBe("instagram");

    // The plain post of that form goes on to POST /api/visits with the attribution.
    const data = new FormData(form);
    data.set("startsAt", SLOT);
    data.set("name", "مها");
    data.set("phone", "0551234567");
    const sent: unknown[] = [];
    const outcome = await postBooking(
      new Request("https://example.sa/visit/book/7", { method: "POST", body: data }),
      async (_path, init) => {
        sent.push(init?.body);
        return Response.json({ id: 1, startsAt: SLOT, manageUrl: "https://example.sa/visit/t" }, { status: 201 });
      },
      7,
    );
    expect(outcome).toEqual({ redirect: "/visit/t?booked=1" });
    expect(sent).toEqual([
      expect.objectContaining({
        landingPageId: 3,
        campaignId: 4,
        attribution: { utmSource: "instagram", fbclid: "fb-click-1", referrer: "https://l.instagram.com/" },
      }),
    ]);
  });

  it("with JavaScript: the island fills the fields from the visit's first page when the link carried none", async () => {
    // The visitor landed on the campaign page from the ad; its enquiry form's island kept the visit's attribution.
    history.replaceState(null, "", CAMPAIGN_URL.replace("https://example.sa", ""));
    visitAttribution();
    // A link without the parameters (a project page's), to the booking page.
    history.replaceState(null, "", "/visit/book/7");
    const form = await renderBookingPage("/visit/book/7");
    expect(hiddenAttribution(form)).toEqual({});
    enhanceVisitBooking(document);
    expect(hiddenAttribution(form)).toEqual({ attr_fbclid: "fb-click-1", attr_utmSource: "instagram" });
  });
});
