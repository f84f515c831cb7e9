/**
 * The deposit receipt as a PDF (docs/payments.md "Receipt"; docs/decisions/125-receipt-pdf-and-mail.md), through the
 * API on a fresh database with the local Moyasar stand-in: the buyer's by the checkout's token without signing in,
 * staff's with payments.view; the PDF parses and reads, in Arabic, the company's name, commercial registration and
 * licence numbers, the licence that covered the unit, the unit, the amount in SAR, the paid day on the Gregorian and
 * Hijri calendars and the gateway's reference, and never the national ID; a checkout that reserved nothing has none.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatHijri, formatSAR } from "#domain/format.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { invoiceOf, type PaymentsTest, startPaymentsTest } from "#server/test-utils/payments.ts";
import { pdfLines } from "#server/test-utils/pdf-text.ts";
import type { MoyasarStandIn } from "./moyasar-stand-in.ts";
import { RECEIPT_PAGE, receiptLayout, renderReceiptPdf } from "./receipt-pdf.ts";

const PAID = new Date("2026-12-01T09:00:00.000Z");
const NATIONAL_ID = "1000000008";
const now = PAID;

let p: PaymentsTest;
let t: TestApp;
let standIn: MoyasarStandIn;
let manager: TestUser;
let projectId: number;
let unitId: number;

beforeAll(async () => {
  p = await startPaymentsTest({ name: "receipt", clock: () => now });
  ({ t, standIn, manager } = p);
  projectId = await p.depositProject(
    {
      name: "أبراج الكورنيش",
      city: "جدة",
      advertisingLicenseNumber: "7200001234",
      advertisingLicenseExpiresOn: "2027-06-30",
    },
    5000,
  );
  unitId = await p.newUnit(projectId, { unitNumber: "R-7", building: "B", floor: 3, price: 950_000 });
}, 120_000);

afterAll(() => p.close());

async function startCheckout(unit: number, n: number) {
  const res = await p.checkout(
    {
      unitId: unit,
      name: "نورة العتيبي",
      phone: `05${50_100_000 + n}`,
      email: `receipt${n}@example.com`,
      nationalId: n === 1 ? NATIONAL_ID : "1000000016",
      acceptTerms: true,
    },
    { ip: "203.0.113.60" },
  );
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; url: string };
}

const receipt = (token: string) => t.app.inject({ method: "GET", url: `/api/checkout/${token}/receipt.pdf` });

describe("the receipt", () => {
  let token = "";
  let checkoutId = 0;
  let paymentId = "";

  it("is the buyer's by the checkout's token once paid: an Arabic PDF with the company, licence, unit, amount, dates and reference", async () => {
    const started = await startCheckout(unitId, 1);
    token = started.token;
    expect((await receipt(token)).statusCode).toBe(404);
    const { webhook, payment } = standIn.pay(invoiceOf(started.url));
    paymentId = payment.id;
    expect((await p.webhookSettled(webhook)).statusCode).toBe(200);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.token, token));
    expect(row.state).toBe("paid");
    checkoutId = row.id;

    const res = await receipt(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const lines = await pdfLines(res.rawPayload);
    const text = lines.join("\n");
    const line = (label: string) => lines.find((l) => l.startsWith(label)) ?? "";
    expect(lines[0]).toBe("إيصال دفع العربون");
    expect(text).toContain(t.app.site.name);
    expect(line("السجل التجاري")).toContain(t.app.site.commercialRegistration ?? "missing");
    expect(line("رقم الترخيص")).toContain(t.app.site.licenseNumber ?? "missing");
    expect(line("ترخيص الإعلان العقاري")).toContain("7200001234");
    expect(line("المشروع")).toContain("أبراج الكورنيش");
    expect(line("الوحدة")).toContain("R-7");
    expect(line("المبلغ المدفوع")).toContain(
      formatSAR(5000).replace(/[\u200f\u00a0]/g, (c) => (c === "\u00a0" ? " " : "")),
    );
    expect(line("تاريخ الدفع")).toContain("١ ديسمبر ٢٠٢٦");
    expect(line("التاريخ الهجري")).toContain(formatHijri(PAID));
    expect(line("مرجع عملية الدفع")).toContain(paymentId);
    expect(line("اسم العميل")).toContain("نورة العتيبي");
    expect(text).not.toContain(NATIONAL_ID);
    expect(text).not.toContain("\ufffd");
  });

  it("is staff's with payments.view from the payments screen, and no one else's", async () => {
    const url = `/api/payments/${checkoutId}/receipt.pdf`;
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    const agent = await t.signIn("sales_agent");
    expect((await t.app.inject({ method: "GET", url, headers: t.bearer(agent.token) })).statusCode).toBe(403);
    const res = await t.app.inject({ method: "GET", url, headers: t.bearer(manager.token) });
    expect(res.statusCode).toBe(200);
    expect((await pdfLines(res.rawPayload)).join("\n")).toContain(paymentId);
  });

  it("does not exist for a checkout that reserved nothing, nor for an unknown token", async () => {
    const pending = await startCheckout(await p.newUnit(projectId, { unitNumber: "R-8", price: 900_000 }), 2);
    const res = await receipt(pending.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("لا يوجد إيصال لهذا الطلب");
    expect((await receipt("9b2f8c1e-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await receipt("not-a-token")).statusCode).toBe(400);
    const staff = await t.app.inject({
      method: "GET",
      url: "/api/payments/999999/receipt.pdf",
      headers: t.bearer(manager.token),
    });
    expect(staff.statusCode).toBe(404);
  });
});

describe("the receipt's layout", () => {
  const longName =
    "عبدالرحمن بن عبدالعزيز بن محمد بن سليمان بن عبدالله آل الشيخ القحطاني الدوسري العتيبي الزهراني الغامدي";
  const longProject =
    "مشروع أبراج الواجهة البحرية الشمالية على كورنيش جدة الجديد — المرحلة الثالثة من الأبراج السكنية الفاخرة";
  const longEmail = `abdulrahman.abdulaziz.mohammed.sulaiman.alqahtani.${"x".repeat(40)}@very-long-company-domain.example.com.sa`;
  const content = {
    title: "إيصال دفع العربون",
    header: [`شركة التطوير العقاري ${longProject}`, "السجل التجاري: ٤٠٣٠٠٠٠٠٠٠"],
    lines: [
      { label: "اسم العميل", value: longName },
      { label: "المشروع", value: longProject },
      { label: "البريد الإلكتروني", value: longEmail },
      { label: "المبلغ المدفوع", value: formatSAR(5000) },
    ],
    footer: "هذا الإيصال صادر إلكترونيًا ولا يحتاج إلى توقيع.",
  };

  it("wraps long names, project names and e-mail addresses within the page's margins, losing nothing", async () => {
    const drawn = await receiptLayout(content);
    for (const piece of drawn) {
      expect(piece.left, piece.text).toBeGreaterThanOrEqual(RECEIPT_PAGE.left - 0.01);
      expect(piece.right, piece.text).toBeLessThanOrEqual(RECEIPT_PAGE.right + 0.01);
      expect(piece.y, piece.text).toBeGreaterThan(RECEIPT_PAGE.bottom);
    }
    // Each long value took several lines, and its words all reached the page in order.
    const linesOf = (value: string) => drawn.filter((d) => value.includes(d.text));
    expect(linesOf(longName).length).toBeGreaterThan(1);
    expect(linesOf(longProject).length).toBeGreaterThan(1);
    expect(linesOf(longEmail).length).toBeGreaterThan(1);
    expect(
      linesOf(longName)
        .map((d) => d.text)
        .join(" "),
    ).toBe(longName);
    expect(
      linesOf(longEmail)
        .map((d) => d.text)
        .join(""),
    ).toBe(longEmail);
    // No two lines on one baseline overlap.
    const ys = drawn.map((d) => `${d.y}:${d.text}`);
    expect(new Set(ys).size).toBe(ys.length);
    const text = (await pdfLines(await renderReceiptPdf(content))).join("\n");
    for (const word of longName.split(" ")) expect(text).toContain(word);
  });
});
