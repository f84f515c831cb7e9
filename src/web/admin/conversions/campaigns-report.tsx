/**
 * The campaigns report (docs/conversions.md "Campaigns report"): for a date range (Jeddah days, last 30 by
 * default), each campaign's funnel — visits → enquiries → contacted → qualified → visit → reserved → sold with the
 * rate of each step — its spend and its cost per enquiry, per visit and per reservation, its online reservations
 * (linking to the leads list filtered by campaign and source) and the deposits received (linking to the payments
 * screen; docs/payments.md); spend typed in per day or
 * imported from a platform's CSV export; export to XLSX. One card per campaign, so it reads on a phone.
 */
import { DownloadIcon, UploadIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { type CampaignFunnel, FUNNEL_STEP_LABELS, FUNNEL_STEPS } from "#domain/conversions.ts";
import { formatNumber, formatPercent } from "#domain/format.ts";
import { CampaignLink } from "~/admin/common/campaign-link.tsx";
import { ChoiceField } from "~/admin/common/choice-select.tsx";
import { DateField } from "~/admin/common/date-field.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { RiyalAmount } from "~/admin/common/riyal-amount.tsx";
import { type CampaignVisitCounts, useVisitCampaigns } from "~/admin/visits/api.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { downloadFunnel, jeddahDayOf, useFunnel, useImportSpend, useSaveSpend } from "./api.ts";
import { CONVERSIONS_TEXTS as T } from "./texts.ts";

const _SELECT_CLASS =
  "h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50";

export function CampaignsReport({ now = new Date() }: { now?: Date }) {
  const [from, setFrom] = useState(jeddahDayOf(now, 29));
  const [to, setTo] = useState(jeddahDayOf(now));
  const id = useId();
  const valid = Boolean(from && to && from <= to);
  const report = useFunnel(from, to, { enabled: valid });
  const visits = useVisitCampaigns();
  // Campaigns with enquiries first, then by visits: the active ones lead the page.
  const campaigns = [...(report.data?.campaigns ?? [])].sort(
    (a, b) => b.counts.enquiries - a.counts.enquiries || b.counts.visits - a.counts.visits,
  );

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="grid grid-cols-1 gap-3 pt-4 sm:grid-cols-2 sm:items-end xl:grid-cols-[1fr_1fr_auto]">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-from`}>{T.from}</Label>
            <DateField id={`${id}-from`} value={from} onChange={setFrom} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-to`}>{T.to}</Label>
            <DateField id={`${id}-to`} value={to} onChange={setTo} />
          </div>
          <Button
            variant="outline"
            className="sm:col-span-2 sm:justify-self-start xl:col-span-1"
            disabled={!valid}
            onClick={() =>
              downloadFunnel(from, to).catch((error) =>
                toast({ variant: "destructive", title: apiErrorMessage(error, T.exportFailed) }),
              )
            }
          >
            <DownloadIcon aria-hidden="true" />
            {T.export}
          </Button>
          {!valid && <p className="text-sm text-danger sm:col-span-3">{T.rangeInvalid}</p>}
        </CardContent>
      </Card>

      {report.isError && <QueryError message={T.loadError} onRetry={() => report.refetch()} />}
      {report.isPending && valid && <Skeleton className="h-48" />}
      {report.data && campaigns.length === 0 && <p className="text-muted">{T.noCampaigns}</p>}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {campaigns.map((c) => (
          <CampaignCard
            key={c.campaignId}
            campaign={c}
            visits={visits.data?.find((v) => v.campaignId === c.campaignId)}
          />
        ))}
      </div>
      {campaigns.length > 0 && <SpendForms campaigns={campaigns} />}
    </div>
  );
}

/** One campaign's funnel and costs; with its booked visits, the visit funnel booked → attended → reserved. */
export function CampaignCard({ campaign: c, visits }: { campaign: CampaignFunnel; visits?: CampaignVisitCounts }) {
  return (
    <Card data-testid={`campaign-${c.campaignId}`}>
      <CardHeader>
        <CardTitle className="text-lg">
          {c.name} <span className="text-sm font-normal text-muted">· {T.platform(c.platform)}</span>
        </CardTitle>
        {c.projectName && <p className="text-sm text-muted">{c.projectName}</p>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <CampaignLink urlSlug={c.urlSlug} />
        <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={T.funnel}>
          {FUNNEL_STEPS.map((step) => (
            <li key={step} className="rounded-lg bg-brand-50 p-2">
              <div className="text-xs text-muted">{FUNNEL_STEP_LABELS[step]}</div>
              <div className="text-lg font-bold text-ink" data-step={step}>
                {formatNumber(c.counts[step])}
              </div>
              {step !== "visits" && (
                <div className="text-xs text-muted">
                  {c.rates[step] === null || c.rates[step] === undefined
                    ? "—"
                    : formatPercent((c.rates[step] ?? 0) * 100)}
                </div>
              )}
            </li>
          ))}
        </ol>
        {visits && <VisitFunnel counts={visits} />}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">{T.spend}</dt>
          <dd>
            <RiyalAmount amount={c.spend} />
          </dd>
          <dt className="text-muted">{T.costPerEnquiry}</dt>
          <dd>
            <RiyalAmount amount={c.costPerEnquiry} />
          </dd>
          <dt className="text-muted">{T.costPerVisit}</dt>
          <dd>
            <RiyalAmount amount={c.costPerVisit} />
          </dd>
          <dt className="text-muted">{T.costPerReservation}</dt>
          <dd data-testid="cost-per-reservation">
            <RiyalAmount amount={c.costPerReservation} />
          </dd>
          <dt className="text-muted">{T.onlineReservations}</dt>
          <dd data-testid="online-reservations">
            <Link className="underline" to={`/admin/leads?campaignId=${c.campaignId}&source=online_reservation`}>
              {formatNumber(c.online.reservations)}
            </Link>
          </dd>
          <dt className="text-muted">{T.depositsReceived}</dt>
          <dd data-testid="online-deposits">
            <Link className="underline" to="/admin/payments">
              <RiyalAmount amount={c.online.depositsSar} />
            </Link>
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

const VISIT_STEPS = [
  { key: "booked", label: "زيارات محجوزة" },
  { key: "attended", label: "حضر" },
  { key: "reserved", label: "حجز بعد الزيارة" },
] as const;

/** Booked → attended → reserved, each step with its rate of the step before (docs/decisions/088-site-visits.md). */
function VisitFunnel({ counts }: { counts: CampaignVisitCounts }) {
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label={T.visitFunnel}>
      {VISIT_STEPS.map((step, index) => {
        const before = index === 0 ? null : counts[VISIT_STEPS[index - 1].key];
        return (
          <li key={step.key} className="rounded-lg bg-canvas p-2">
            <div className="text-xs text-muted">{step.label}</div>
            <div className="text-lg font-bold text-ink" data-visit-step={step.key}>
              {formatNumber(counts[step.key])}
            </div>
            {before !== null && (
              <div className="text-xs text-muted">
                {before ? formatPercent(Math.round((counts[step.key] / before) * 100)) : "—"}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Spend of one day typed in, or a platform's CSV export imported, for a chosen campaign. */
function SpendForms({ campaigns }: { campaigns: CampaignFunnel[] }) {
  const id = useId();
  const [campaignId, setCampaignId] = useState(campaigns[0]?.campaignId ?? 0);
  const [day, setDay] = useState("");
  const [amount, setAmount] = useState("");
  const save = useSaveSpend();
  const importCsv = useImportSpend();
  const amountValue = Number(amount);
  const canSave = Boolean(day) && amount !== "" && Number.isFinite(amountValue) && amountValue >= 0;
  const done = (r: { days: number; total: number }) =>
    toast({ variant: "success", title: T.spendSaved(r.days, formatNumber(r.total)) });
  const failed = (error: unknown) => toast({ variant: "destructive", title: apiErrorMessage(error, T.spendFailed) });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{T.spendTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <ChoiceField
          label={T.campaign}
          frameClassName="grid gap-1.5 sm:col-span-2"
          id={`${id}-campaign`}
          value={campaignId}
          onChange={(value) => setCampaignId(Number(value))}
          options={campaigns.map((c) => ({ value: c.campaignId, label: `${c.name} · ${T.platform(c.platform)}` }))}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-day`}>{T.day}</Label>
          <DateField id={`${id}-day`} value={day} onChange={setDay} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`}>{T.amount}</Label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            dir="ltr"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ""))}
          />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button
            disabled={!canSave || save.isPending}
            onClick={() =>
              save.mutate({ campaignId, entries: [{ day, amount: amountValue }] }, { onSuccess: done, onError: failed })
            }
          >
            {T.saveSpend}
          </Button>
          <Button variant="outline" asChild>
            <label htmlFor={`${id}-csv`} className="cursor-pointer">
              <UploadIcon aria-hidden="true" />
              {T.importCsv}
            </label>
          </Button>
          <input
            id={`${id}-csv`}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (!file) return;
              importCsv.mutate({ campaignId, csv: await file.text() }, { onSuccess: done, onError: failed });
            }}
          />
        </div>
        <p className="text-sm text-muted sm:col-span-2">{T.csvHint}</p>
      </CardContent>
    </Card>
  );
}
