/**
 * The unit form's notice of a unit bound to a lead (docs/decisions/130-a-unit-sold-through-a-lead-changes-through-the-lead.md):
 * a 409 naming the lead shows the server's Arabic reason and links to that lead's page; other failures show nothing.
 */
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiError } from "~/shared/lib/api-client.ts";
import { UnitBoundNotice } from "./unit-bound-notice.tsx";

const MESSAGE = "لا يمكن تغيير حالة الوحدة أو سعرها بعد بيعها للعميل مها، غيّر مرحلة العميل من صفحته";

function renderNotice(error: unknown) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <UnitBoundNotice error={error} /> }]);
  return render(<Stub />);
}

const answer = (status: number, body: Record<string, unknown>) =>
  new ApiError("/api/units/9", status, "", JSON.stringify({ statusCode: status, error: "Conflict", ...body }));

describe("UnitBoundNotice", () => {
  it("says why the status cannot change and links to the lead that bought the unit", async () => {
    renderNotice(answer(409, { message: MESSAGE, fields: { status: MESSAGE }, leadId: 42 }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGE);
    expect(screen.getByRole("link", { name: "فتح صفحة العميل" })).toHaveAttribute("href", "/admin/leads/42");
  });

  it("shows nothing for a walk-in hold, a unit-number clash or no error", () => {
    const walkIn = answer(409, { message: "الوحدة محجوزة", leadId: null });
    const clash = answer(409, { message: "رقم الوحدة مستخدم", fields: { unitNumber: "رقم الوحدة مستخدم" } });
    for (const error of [walkIn, clash, null]) {
      const { unmount } = renderNotice(error);
      expect(screen.queryByRole("alert")).toBeNull();
      unmount();
    }
  });
});
