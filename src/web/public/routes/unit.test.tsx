/**
 * The unit page's visit offer (docs/decisions/088-site-visits.md): when the project offers visits, the page links
 * «احجز موعد زيارة» to the booking page carrying the unit; without an offer, or on a sold unit, it offers none. When the
 * project takes deposits online, an available unit's «احجز الآن بعربون» opens its checkout carrying the ad link's
 * attribution (docs/payments.md; docs/conversions.md).
 */
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/unit";
import UnitPage, { loader } from "./unit.tsx";

const LICENCE = {
  source: "project",
  kind: "advertising",
  number: "7200000001",
  expiresOn: "2099-12-31",
  verificationUrl: null,
  state: "valid",
  daysLeft: 9000,
  advertisable: true,
  reason: null,
  field: null,
  advertiseUntil: null,
};
// A project and unit advertised under a valid licence (docs/compliance.md), so the page is served.
const project = { id: 7, name: "أبراج الشاطئ", images: [], saleMode: "ready", licence: LICENCE };
const unit = (availability: string) => ({
  id: 42,
  unitNumber: "A-12",
  status: availability === "sold" ? "مباعة" : "متاحة",
  availability,
  building: "A",
  floorLabel: "الدور 3",
  price: 900_000,
  floorPlanUrl: null,
  type: null,
  rooms: 3,
  privateArea: null,
  totalArea: null,
  direction: [],
  view: null,
  licence: LICENCE,
});

/** The page's loader over an API answering the project, the unit and (when `offer`) the project's visit offer. */
async function loadPage(availability: string, offer: boolean, deposit = false, address = "http://x/") {
  const api = async (path: string) => {
    if (path === "/api/projects/7") return Response.json(project);
    if (path === "/api/projects/7/units/42/public") return Response.json(unit(availability));
    if (path === "/api/projects/7/visit-booking" && offer)
      return Response.json({ placeKind: "sales_office", placeName: "مكتب المبيعات بالكورنيش" });
    if (path === "/api/projects/7/deposit-offer" && deposit)
      return Response.json({
        projectId: 7,
        depositSar: 5000,
        termsText: "يسترد العربون خلال ٧ أيام.",
        refundWindowDays: 7,
        daysToSign: 14,
      });
    return Response.json({ message: "غير موجود" }, { status: 404 });
  };
  const args = { params: { projectId: "7", unitId: "42" }, context: { api }, request: new Request(address) };
  return loader(args as unknown as Route.LoaderArgs);
}

async function renderPage(availability: string, offer: boolean, deposit = false, address?: string) {
  const loaderData = await loadPage(availability, offer, deposit, address);
  const props = { loaderData, matches: [], params: {} } as unknown as Route.ComponentProps;
  // The root route's data the contact form reads (root.tsx): the privacy notice and the company's links.
  const root = {
    site: { privacy: { consentText: "بإرسال النموذج أوافق على معالجة بياناتي." } },
    origin: "https://example.sa",
    phone: { display: "+966 12 600 0000", href: "tel:+966126000000", e164: "+966126000000" },
    whatsappNumber: "966500000000",
  };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => root,
      Component: () => <Outlet />,
      HydrateFallback: () => null,
      children: [{ path: "project/7/unit/42", Component: () => <UnitPage {...props} /> }],
    },
  ]);
  render(<Stub initialEntries={["/project/7/unit/42"]} />);
}

describe("unit page: «احجز موعد زيارة»", () => {
  it("links to the project's booking page carrying the unit", async () => {
    await renderPage("available", true);
    expect(await screen.findByRole("heading", { name: "احجز موعد زيارة" })).toBeInTheDocument();
    expect(screen.getByText("مكتب المبيعات بالكورنيش")).toBeInTheDocument();
    expect(screen.getByTestId("visit-booking-link")).toHaveAttribute("href", "/visit/book/7?unit=42");
  });

  it("offers no visit when the project offers none, or the unit is sold", async () => {
    await renderPage("available", false);
    expect(await screen.findByRole("heading", { name: /الوحدة/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId("visit-booking-link")).toBeNull();
    cleanup();
    await renderPage("sold", true);
    expect(await screen.findByTestId("unit-price")).toHaveTextContent("مباعة");
    expect(screen.queryByTestId("visit-booking-link")).toBeNull();
  });
});

describe('unit page: «احجز الآن بعربون» (docs/payments.md "Checkout")', () => {
  it("opens an available unit's checkout with the deposit and the project's terms", async () => {
    await renderPage("available", false, true);
    const button = await screen.findByRole("button", { name: "احجز الآن بعربون" });
    const form = button.closest("form");
    expect(form).toHaveAttribute("action", "/checkout/7/42");
    expect(form).toHaveAttribute("method", "get");
    expect(screen.getByText("يسترد العربون خلال ٧ أيام.")).toBeInTheDocument();
  });

  it("carries the ad link's click ids and UTM values of the page's address to the checkout", async () => {
    await renderPage("available", false, true, "http://x/project/7/unit/42?utm_source=snapchat&ScCid=sc-1&gclid=g-9");
    const form = (await screen.findByRole("button", { name: "احجز الآن بعربون" })).closest("form");
    const carried = Object.fromEntries(new FormData(form ?? undefined));
    expect(carried).toEqual({ attr_utmSource: "snapchat", attr_sccid: "sc-1", attr_gclid: "g-9" });
  });

  it("offers no checkout on a held or reserved unit, nor when the project takes no deposits", async () => {
    await renderPage("reserved", false, true);
    expect(await screen.findByRole("heading", { name: /الوحدة/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "احجز الآن بعربون" })).toBeNull();
    cleanup();
    await renderPage("available", false, false);
    expect(await screen.findByRole("heading", { name: /الوحدة/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "احجز الآن بعربون" })).toBeNull();
  });
});
