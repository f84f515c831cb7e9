/**
 * «المدفوعات» (docs/payments.md "Payments screen", "Receipt"): a deposit that reserved its unit offers «الإيصال», which
 * saves the receipt PDF from GET /api/payments/{id}/receipt.pdf; a pending or failed checkout offers none; the
 * national ID is shown only masked. The filters (state, days) live in the URL and reach the list's and the export's
 * queries; «عرض المزيد» loads the next page by its cursor.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentRow } from "#domain/checkout.ts";
import { AdminProviders } from "~/admin/shell/admin-providers.tsx";
import { createQueryClient } from "~/admin/shell/query-client.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { PaymentsScreen } from "./payments-screen.tsx";

function row(id: number, overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    id,
    state: "paid",
    projectId: 7,
    projectName: "أبراج الشاطئ",
    unitId: 42,
    unitLabel: "A — 101",
    leadId: 9,
    name: `نورة ${id}`,
    phone: "+966501234567",
    email: "buyer@example.com",
    nationalIdMasked: "••••••1234",
    amountSar: 5000,
    refundedSar: 0,
    gatewayPaymentId: `pay_${id}`,
    createdAt: "2026-12-01T09:00:00.000Z",
    paidAt: "2026-12-01T09:05:00.000Z",
    refundReason: null,
    ...overrides,
  };
}

beforeEach(() => {
  signInAs({ id: "me", permissions: ["payments.view"] });
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:receipt"), revokeObjectURL: vi.fn() }));
});
afterEach(cleanUpScreenTest);

describe("payments screen: the receipt", () => {
  it("saves a reserved deposit's receipt PDF and offers none for a pending checkout", async () => {
    const calls = mockApi({
      "GET /api/payments?limit=50": () =>
        json({
          items: [row(1), row(2, { state: "pending", leadId: null, gatewayPaymentId: null, paidAt: null })],
          nextCursor: null,
          total: 2,
        }),
      "GET /api/payments/1/receipt.pdf": () =>
        new Response(new Blob(["%PDF"]), { status: 200, headers: { "content-type": "application/pdf" } }),
    });
    renderScreen(<PaymentsScreen />, "/admin/payments");
    const buttons = await screen.findAllByRole("button", { name: /^إيصال دفعة/ });
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(["إيصال دفعة نورة 1"]);
    expect(screen.getAllByText("••••••1234")).toHaveLength(2);
    await userEvent.click(buttons[0]);
    await waitFor(() => expect(calls.some((c) => c.key === "GET /api/payments/1/receipt.pdf")).toBe(true));
  });
});

function renderAt(entry: string) {
  const Stub = createRoutesStub([
    {
      path: "/admin/payments",
      Component: () => (
        <AdminProviders queryClient={createQueryClient()}>
          <PaymentsScreen />
        </AdminProviders>
      ),
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

describe("payments screen: filters, pages and the export", () => {
  it("sends the URL's filters to the list, a changed state too, and exports the same filters", async () => {
    const page = (items: PaymentRow[]) => () => json({ items, nextCursor: null, total: items.length });
    const calls = mockApi({
      "GET /api/payments?limit=50&from=2026-12-01&to=2026-12-03": page([row(1), row(2)]),
      "GET /api/payments?limit=50&state=refunded&from=2026-12-01&to=2026-12-03": page([
        row(2, { state: "refunded", refundedSar: 5000 }),
      ]),
      "GET /api/payments/export?state=refunded&from=2026-12-01&to=2026-12-03": () =>
        new Response(new Blob(["x"]), { status: 200 }),
    });
    renderAt("/admin/payments?from=2026-12-01&to=2026-12-03");
    expect(await screen.findByText("نورة 1")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "الحالة" }), "refunded");
    await waitFor(() => expect(screen.queryByText("نورة 1")).toBeNull());
    expect(screen.getByText("نورة 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "تصدير (جدول إكسل)" }));
    await waitFor(() =>
      expect(calls.map((c) => c.key)).toContain(
        "GET /api/payments/export?state=refunded&from=2026-12-01&to=2026-12-03",
      ),
    );
  });

  it("loads the next page by its cursor with «عرض المزيد»", async () => {
    mockApi({
      "GET /api/payments?limit=50": () => json({ items: [row(3)], nextCursor: "c2", total: 2 }),
      "GET /api/payments?limit=50&cursor=c2": () => json({ items: [row(4)], nextCursor: null, total: 2 }),
    });
    renderAt("/admin/payments");
    expect(await screen.findByText("نورة 3")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "عرض المزيد" }));
    expect(await screen.findByText("نورة 4")).toBeInTheDocument();
    expect(screen.getByText("نورة 3")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "عرض المزيد" })).toBeNull();
  });
});
