/**
 * The lead page's online payment (docs/payments.md "Refunds from the lead page"): amount, state, unit and the
 * gateway's reference; the masked national ID when the server sends it (payments.view); «استرداد» for
 * payments.refund, asking a reason and posting the existing refund; a reservation cancelled within the refund window
 * says so and offers it; nothing for a lead that paid nothing.
 */
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadPayment } from "#domain/checkout.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { json, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { LeadPaymentCard } from "./lead-payment-card.tsx";
import { StageDialog } from "./stage-dialog.tsx";

const PAID: LeadPayment = {
  id: 31,
  state: "paid",
  projectName: "أبراج الشاطئ",
  unitId: 42,
  unitLabel: "A-12 · مبنى B",
  amountSar: 5000,
  refundedSar: 0,
  gatewayPaymentId: "pay_123abc",
  paidAt: "2026-11-27T09:00:00.000Z",
  refundReason: null,
  nationalIdMasked: "••••••0008",
  refundable: true,
  withinRefundWindow: true,
};

let answer: { items: LeadPayment[]; canRefund: boolean };
let posted: { path: string; body: unknown }[];

beforeEach(() => {
  posted = [];
  answer = { items: [PAID], canRefund: true };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (path === "/api/leads/5/payments") return json(answer);
      if (path === "/api/leads/5/stage" && init?.method === "PATCH") {
        posted.push({ path, body: JSON.parse(String(init.body)) });
        return json({ stage: "qualified", unitId: null });
      }
      if (path === "/api/payments/31/refund" && init?.method === "POST") {
        posted.push({ path, body: JSON.parse(String(init.body)) });
        answer = {
          ...answer,
          items: [{ ...PAID, state: "refunded", refundedSar: 5000, refundable: false, refundReason: "ألغى الحجز" }],
        };
        return json({ id: 31, state: "refunded", refundedSar: 5000 });
      }
      return json({ message: "غير موجود" }, 404);
    }),
  );
  signInAs({ permissions: ["leads.view_own", "payments.view", "payments.refund"] });
});
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  vi.unstubAllGlobals();
});

describe("the lead page's online payment", () => {
  it("shows the amount, state, reference and masked ID, and refunds with a reason", async () => {
    renderScreen(<LeadPaymentCard leadId={5} stage="reserved" />);
    const card = within(await screen.findByTestId("lead-payments"));
    expect(card.getByText("pay_123abc")).toBeInTheDocument();
    expect(card.getByText("••••••0008")).toBeInTheDocument();
    expect(card.getByTestId("lead-payment-state")).toHaveTextContent("مدفوع");
    expect(card.getByText(/٥٬٠٠٠/)).toBeInTheDocument();
    // Still reserved: no cancellation notice.
    expect(card.queryByRole("status")).toBeNull();
    await userEvent.click(card.getByRole("button", { name: "استرداد" }));
    const dialog = await screen.findByRole("dialog", { name: "استرداد العربون" });
    await userEvent.type(within(dialog).getByLabelText("سبب الاسترداد"), "ألغى الحجز");
    await userEvent.click(within(dialog).getByRole("button", { name: "استرداد" }));
    await waitFor(() => expect(posted).toEqual([{ path: "/api/payments/31/refund", body: { reason: "ألغى الحجز" } }]));
    await waitFor(() => expect(screen.getByTestId("lead-payment-state")).toHaveTextContent("مسترد"));
    expect(screen.queryByRole("button", { name: "استرداد" })).toBeNull();
  }, 30_000);

  it("offers the refund when the reservation was cancelled within the refund window", async () => {
    renderScreen(<LeadPaymentCard leadId={5} stage="qualified" />);
    const card = within(await screen.findByTestId("lead-payments"));
    expect(card.getByRole("status")).toHaveTextContent("أُلغي حجز هذا العميل والعربون ما زال مدفوعًا");
    expect(card.getByRole("button", { name: "استرداد" })).toBeInTheDocument();
  });

  it("without payments.refund shows the payment without the ID the server left out, and no refund", async () => {
    answer = { items: [{ ...PAID, nationalIdMasked: null }], canRefund: false };
    renderScreen(<LeadPaymentCard leadId={5} stage="lost" />);
    const card = within(await screen.findByTestId("lead-payments"));
    expect(card.getByText("pay_123abc")).toBeInTheDocument();
    expect(card.queryByText(/••••/)).toBeNull();
    expect(card.queryByRole("button", { name: "استرداد" })).toBeNull();
    expect(card.queryByRole("status")).toBeNull();
  });

  it("shows nothing for a lead that paid nothing", async () => {
    answer = { items: [], canRefund: true };
    renderScreen(<LeadPaymentCard leadId={5} stage="new" />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByTestId("lead-payments")).toBeNull();
  });
});

describe("the stage dialog moving a lead out of حجز", () => {
  const lead = { id: 5, name: "ريم", stage: "reserved" as const, projectId: null, unitId: 42 };

  async function moveToQualified() {
    const onOpenChange = vi.fn();
    renderScreen(<StageDialog lead={lead} open onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole("dialog", { name: "تغيير المرحلة" });
    await userEvent.selectOptions(within(dialog).getByLabelText("المرحلة الجديدة"), "qualified");
    await userEvent.click(within(dialog).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(posted.map((p) => p.path)).toContain("/api/leads/5/stage"));
    return onOpenChange;
  }

  it("offers the deposit's refund at once, within the refund window, to a holder of payments.refund", async () => {
    const onOpenChange = await moveToQualified();
    const refund = await screen.findByRole("dialog", { name: "استرداد العربون" });
    expect(within(refund).getByRole("status")).toHaveTextContent("ضمن مدة الاسترداد");
    await userEvent.click(within(refund).getByLabelText("سبب الاسترداد"));
    await userEvent.paste("ألغى الحجز");
    await userEvent.click(within(refund).getByRole("button", { name: "استرداد" }));
    await waitFor(() =>
      expect(posted.at(-1)).toEqual({ path: "/api/payments/31/refund", body: { reason: "ألغى الحجز" } }),
    );
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  }, 30_000);

  it("closes without an offer past the refund window", async () => {
    answer = { items: [{ ...PAID, withinRefundWindow: false }], canRefund: true };
    const onOpenChange = await moveToQualified();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.queryByRole("dialog", { name: "استرداد العربون" })).toBeNull();
  });

  it("closes without an offer for a user without payments.refund", async () => {
    answer = { items: [PAID], canRefund: false };
    const onOpenChange = await moveToQualified();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.queryByRole("dialog", { name: "استرداد العربون" })).toBeNull();
  });
});
