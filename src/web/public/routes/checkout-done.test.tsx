/**
 * The confirmation page's receipt (docs/payments.md "Receipt"): once the deposit reserved the unit, the buyer
 * downloads the receipt as a PDF by the checkout's token (no sign-in); a checkout that reserved nothing offers none.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckoutView } from "#domain/checkout.ts";
import type { Route } from "./+types/checkout-done";
import CheckoutDonePage, { loader } from "./checkout-done.tsx";

const TOKEN = "9b2f8c1e-1111-4000-8000-000000000001";

function view(state: CheckoutView["state"]): CheckoutView {
  return {
    state,
    message: "تم حجز الوحدة باسمك.",
    unitId: 42,
    projectId: 7,
    unitLabel: "A — 101",
    projectName: "أبراج الشاطئ",
    amountSar: 5000,
    paidAt: state === "paid" ? "2026-12-01T09:00:00.000Z" : null,
    gatewayPaymentId: state === "paid" ? "pay_123" : null,
  };
}

async function renderPage(state: CheckoutView["state"]) {
  const api = async (path: string) =>
    path === `/api/checkout/${TOKEN}/confirm` ? Response.json(view(state)) : new Response(null, { status: 404 });
  const args = { params: { token: TOKEN }, context: { api }, request: new Request("http://x/") };
  const loaderData = await loader(args as unknown as Route.LoaderArgs);
  const props = { loaderData, matches: [], params: {} } as unknown as Route.ComponentProps;
  const Stub = createRoutesStub([{ path: "/checkout/done/:token", Component: () => <CheckoutDonePage {...props} /> }]);
  render(<Stub initialEntries={[`/checkout/done/${TOKEN}`]} />);
}

afterEach(cleanup);

describe("checkout confirmation: the receipt", () => {
  it("links a reserved unit's receipt as a PDF by the checkout's token", async () => {
    await renderPage("paid");
    const link = await screen.findByRole("link", { name: "تنزيل الإيصال (PDF)" });
    expect(link).toHaveAttribute("href", `/api/checkout/${TOKEN}/receipt.pdf`);
  });

  it("offers no receipt while the payment is pending or when it failed", async () => {
    await renderPage("pending");
    expect(await screen.findByRole("status")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "تنزيل الإيصال (PDF)" })).toBeNull();
    cleanup();
    await renderPage("failed");
    expect(await screen.findByRole("status")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "تنزيل الإيصال (PDF)" })).toBeNull();
  });
});
