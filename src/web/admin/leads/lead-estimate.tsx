/**
 * The buyer's own affordability estimates on a lead's page (docs/affordability.md "Kept with an enquiry";
 * #domain/buyer-estimate.ts): what the buyer typed into the calculator and what it showed when they sent the
 * enquiry, marked as their estimate (not a bank's offer). Nothing when the lead has none.
 */
import { SECTOR_LABELS } from "#domain/affordability.ts";
import { BUYER_ESTIMATE_LABEL } from "#domain/buyer-estimate.ts";
import { countNoun, formatDateTime, formatNumber, formatSAR, NOUNS } from "#domain/format.ts";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import type { LeadDetail } from "./api.ts";

const yesNo = (value: boolean) => (value ? "نعم" : "لا");

export function LeadEstimates({ estimates }: { estimates: LeadDetail["estimates"] }) {
  if (!estimates.length) return null;
  return (
    <Card data-testid="lead-estimates">
      <CardHeader>
        <CardTitle>{BUYER_ESTIMATE_LABEL}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {estimates.map((e) => (
          <section key={e.enquiryId} className="grid gap-2 rounded-xl bg-canvas p-3">
            <p className="text-sm text-muted">{`أُرسل مع الطلب في ${formatDateTime(e.createdAt)}`}</p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <dt className="text-muted">السعر</dt>
              <dd>{formatSAR(e.input.price)}</dd>
              <dt className="text-muted">الراتب الشهري</dt>
              <dd>{formatSAR(e.input.salary)}</dd>
              <dt className="text-muted">دخل آخر شهري</dt>
              <dd>{formatSAR(e.input.otherIncome)}</dd>
              <dt className="text-muted">الالتزامات الشهرية</dt>
              <dd>{formatSAR(e.input.obligations)}</dd>
              <dt className="text-muted">القطاع</dt>
              <dd>{SECTOR_LABELS[e.input.sector]}</dd>
              <dt className="text-muted">أول مسكن</dt>
              <dd>{yesNo(e.input.firstHome)}</dd>
              <dt className="text-muted">دعم الصندوق</dt>
              <dd>{yesNo(e.input.redf)}</dd>
              <dt className="text-muted">المدة والهامش</dt>
              <dd>{`${countNoun(e.input.years, NOUNS.year)} · ${formatNumber(e.input.rate)}٪`}</dd>
            </dl>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm font-medium sm:grid-cols-4">
              <dt className="text-muted">أقصى تمويل</dt>
              <dd>{formatSAR(e.result.maxFinancing)}</dd>
              <dt className="text-muted">الدفعة المقدمة</dt>
              <dd>{formatSAR(e.result.downPayment)}</dd>
              <dt className="text-muted">القسط الشهري</dt>
              <dd>{formatSAR(e.result.monthlyInstalment)}</dd>
              <dt className="text-muted">دعم الصندوق شهريًا</dt>
              <dd>{formatSAR(e.result.redfSupport)}</dd>
              <dt className="text-muted">ضريبة التصرفات</dt>
              <dd>{formatSAR(e.result.transactionTax)}</dd>
            </dl>
            <p className="text-xs text-muted">
              {"إصدار القواعد: "}
              <bdi dir="ltr">{e.rulesVersion}</bdi>
            </p>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
