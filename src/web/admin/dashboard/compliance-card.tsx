/**
 * The dashboard's licence card (docs/compliance.md): how many projects, campaigns and units need action on their
 * advertising licence (not «ساري»), how many go offline when missing licences start to be enforced, and a link to
 * «الامتثال والتراخيص». Shown to holders of compliance.view; reads GET /api/compliance under the screen's query key.
 */
import { useQuery } from "@tanstack/react-query";
import { ShieldCheckIcon } from "lucide-react";
import { Link } from "react-router";
import { countNoun, formatNumber, NOUNS } from "#domain/format.ts";
import type { ComplianceReport } from "#domain/schemas/licence-view.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

export const COMPLIANCE_CARD_TEXTS = {
  title: "تراخيص الإعلان",
  needsAction: "تحتاج إلى إجراء",
  willGoOffline: "سيتوقف عرضها للزوار عند بدء التطبيق",
  link: "عرض الامتثال والتراخيص",
} as const;

export function ComplianceCard() {
  const query = useQuery({
    queryKey: ["compliance"],
    queryFn: () => apiClient.request<ComplianceReport>("/api/compliance"),
  });
  if (!query.data) return null;
  const count = query.data.needsAction;
  const pending = query.data.rows.filter((r) => r.willGoOffline).length;
  return (
    <section
      aria-labelledby="compliance-card-title"
      className="grid gap-2 rounded-2xl bg-surface p-5 ring-1 ring-black/5"
      data-testid="compliance-card"
    >
      <h2 id="compliance-card-title" className="flex items-center gap-2 font-bold text-ink">
        <ShieldCheckIcon aria-hidden="true" className="size-5 text-brand-600" />
        {COMPLIANCE_CARD_TEXTS.title}
      </h2>
      <p className={`text-3xl font-bold ${count ? "text-danger" : "text-success"}`}>{formatNumber(count)}</p>
      <p className="text-sm text-muted">{COMPLIANCE_CARD_TEXTS.needsAction}</p>
      {pending > 0 && (
        <p role="status" className="text-sm font-bold text-warning">
          {`${countNoun(pending, NOUNS.record)}: ${COMPLIANCE_CARD_TEXTS.willGoOffline}`}
        </p>
      )}
      <Link to="/admin/compliance" className="text-sm font-bold text-brand-700 underline-offset-4 hover:underline">
        {COMPLIANCE_CARD_TEXTS.link}
      </Link>
    </section>
  );
}
