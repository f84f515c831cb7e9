/**
 * The bulk price change screen (docs/decisions/078-stacking-plan-and-bulk-generation.md): the preview lists every
 * unit the change touches (old → new) and the held/reserved/sold units it leaves out, «تطبيق التغيير» sends the very
 * request that was previewed with `apply: true`, and «تنزيل قائمة الأسعار» downloads the XLSX price list.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatSAR } from "#domain/format.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { PricePanel } from "./price-panel.tsx";

const plan = {
  buildings: [
    { id: 1, name: "A", floors: [] },
    { id: 2, name: "B", floors: [] },
  ],
  types: [{ id: 9, name: "نموذج أ" }],
};
const preview = {
  changes: [{ id: 1, building: "A", unitNumber: "0301", oldPrice: 800_000, newPrice: 840_000 }],
  leftOut: [{ id: 2, building: "A", unitNumber: "0302", oldPrice: 800_000, newPrice: 840_000, state: "held" }],
  applied: false,
};

afterEach(cleanUpScreenTest);

describe("bulk price change panel", () => {
  it("previews the changed and left-out units, then applies exactly the previewed request", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      "GET /api/projects/7/stacking-plan": () => json(plan),
      "POST /api/projects/7/prices": (body) =>
        json((body as { apply: boolean }).apply ? { ...preview, leftOut: preview.leftOut, applied: true } : preview),
    });
    signInAs({ role: "manager", permissions: ["inventory.view", "inventory.manage"] });
    renderScreen(<PricePanel projectId={7} canManage />);
    await user.click(screen.getByText("تغيير الأسعار"));
    await screen.findByRole("option", { name: "B" });
    await user.selectOptions(screen.getByLabelText("المبنى"), "A");
    await user.type(screen.getByLabelText("من الدور"), "3");
    await user.type(screen.getByLabelText("إلى الدور"), "5");
    await user.selectOptions(screen.getByLabelText("النموذج"), "9");
    await user.type(screen.getByLabelText("قيمة التغيير"), "5");
    await user.click(screen.getByRole("button", { name: "معاينة" }));

    const changes = await screen.findByRole("region", { name: "الوحدات التي سيتغير سعرها" });
    const row = within(changes).getByText("0301").closest("tr") as HTMLElement;
    expect([...row.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "A",
      "0301",
      formatSAR(800_000),
      formatSAR(840_000),
    ]);
    const leftOut = screen.getByRole("region", { name: "وحدات مستثناة" });
    expect(within(leftOut).getByText(/محجوزة مؤقتًا/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "تطبيق التغيير" }));
    expect(await screen.findByText(/تم تغيير الأسعار/)).toBeInTheDocument();
    const posts = calls.filter((c) => c.key === "POST /api/projects/7/prices").map((c) => c.body);
    const request = { building: "A", floorFrom: 3, floorTo: 5, typeId: 9, kind: "percent", amount: 5 };
    expect(posts).toEqual([
      { ...request, apply: false },
      { ...request, apply: true },
    ]);
  });

  it("downloads the price list; without inventory.manage only the download is offered", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      "GET /api/projects/7/stacking-plan": () => json(plan),
      "GET /api/projects/7/price-list.xlsx": () =>
        new Response(new Uint8Array([0x50, 0x4b]), {
          status: 200,
          headers: { "Content-Type": "application/octet-stream" },
        }),
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }));
    signInAs({ role: "sales_agent", permissions: ["inventory.view"] });
    renderScreen(<PricePanel projectId={7} canManage={false} />);
    expect(screen.queryByText("تغيير الأسعار")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "تنزيل قائمة الأسعار" }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain("GET /api/projects/7/price-list.xlsx"));
  });
});
