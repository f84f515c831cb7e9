/**
 * «المدفوعات» (docs/payments.md "Payments screen", "Receipt"): a deposit that reserved its unit offers «الإيصال», which
 * saves the receipt PDF from GET /api/payments/{id}/receipt.pdf; a pending or failed checkout offers none; the
 * national ID is shown only masked.
 */
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentRow } from "#domain/checkout.ts";
import { json, mockApi, renderScreen, resetSession, signInAs } from "~/test-utils/admin-harness.tsx";
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
afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

describe("payments screen: the receipt", () => {
  it("saves a reserved deposit's receipt PDF and offers none for a pending checkout", async () => {
    const calls = mockApi({
      "GET /api/payments": () =>
        json({ items: [row(1), row(2, { state: "pending", leadId: null, gatewayPaymentId: null, paidAt: null })] }),
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
