/**
 * /admin/leads/mine, "عملائي" (docs/product.md §2.16 leads; docs/decisions/030-lead-desk-screens.md): the signed-in
 * agent's own open leads, most urgent first (GET /api/leads?ownerId=me&sort=urgency: overdue, then newest), one card
 * each — no table — with call, WhatsApp and e-mail; after one is tapped the card offers the two-tap log (outcome, next
 * step). The WhatsApp text is the agent's template ({الاسم}, {المشروع}), editable here and kept in this browser.
 * Client-only route.
 */
import { useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "#domain/format.ts";
import type { LeadActivityKind } from "#domain/lead-desk.ts";
import { CAMPAIGN_LABEL, leadFormLine } from "#domain/lead-forms.ts";
import { blockSkeleton, clientOnly } from "~/admin/common/client-only.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { Textarea } from "~/shared/ui/textarea.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { type LeadFilters, type LeadSummary, NOTIFICATIONS_POLL_MS, useLeadPages } from "./api.ts";
import { ContactLinks, LogContactPanel, readWhatsappTemplate, saveWhatsappTemplate } from "./contact-actions.tsx";
import { DESK_TEXTS } from "./desk-texts.ts";
import { LeadFlags, StageBadge } from "./lead-badges.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: DESK_TEXTS.mineTitle,
  fallback: blockSkeleton("h-40 w-full rounded-xl"),
});

const MINE: LeadFilters = { ownerId: "me", sort: "urgency" };
const closed = (lead: LeadSummary) => lead.stage === "lost" || lead.stage === "sold";

export default function MyLeadsScreen() {
  // New leads arrive while the agent keeps this screen open: ask again as often as the bell does.
  const pages = useLeadPages(MINE, { refetchInterval: NOTIFICATIONS_POLL_MS });
  const [template, setTemplate] = useState(readWhatsappTemplate);
  const items = (pages.data?.pages.flatMap((p) => p.items) ?? []).filter((l) => !closed(l));

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">{DESK_TEXTS.mineTitle}</h1>
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/leads?ownerId=me">{DESK_TEXTS.listTitle}</Link>
        </Button>
      </div>
      <TemplateEditor template={template} onSave={setTemplate} />
      {pages.isPending ? (
        <div className="grid gap-3">
          {["a", "b", "c"].map((k) => (
            <Skeleton key={k} className="h-32 rounded-xl" />
          ))}
        </div>
      ) : pages.isError ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-6 text-danger">
          {apiErrorMessage(pages.error, DESK_TEXTS.loadFailed)}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-surface p-6 text-center text-muted">{DESK_TEXTS.noLeads}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((lead) => (
            <AgentLeadCard key={lead.id} lead={lead} template={template} />
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
        >
          {DESK_TEXTS.loadMore}
        </Button>
      )}
    </div>
  );
}

/** One lead of the agent: who, which project, how urgent, and the contact actions with the two-tap log. */
export function AgentLeadCard({ lead, template }: { lead: LeadSummary; template: string }) {
  const [used, setUsed] = useState<LeadActivityKind | null>(null);
  return (
    <li
      className="grid min-w-0 gap-3 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-brand-100"
      data-testid="agent-lead"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/admin/leads/${lead.id}`} className="min-w-0 flex-1 truncate text-base font-bold text-brand-700">
          {lead.name}
        </Link>
        <StageBadge stage={lead.stage} />
        <LeadFlags lead={lead} />
      </div>
      <p className="text-sm text-ink">{lead.projectName ?? DESK_TEXTS.noProject}</p>
      {(lead.leadForm || lead.campaignName) && (
        <p className="flex flex-wrap gap-x-3 text-xs text-ink" data-testid="agent-lead-origin">
          {lead.leadForm && <span>{leadFormLine(lead.leadForm)}</span>}
          {lead.campaignName && <span>{`${CAMPAIGN_LABEL}: ${lead.campaignName}`}</span>}
        </p>
      )}
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-muted">
        <span dir="ltr">{lead.phone ?? lead.email ?? ""}</span>
        <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
      </p>
      {lead.followUpAt && (
        <p className="text-xs text-muted">{`${DESK_TEXTS.followUp}: ${formatDateTime(lead.followUpAt)}`}</p>
      )}
      <ContactLinks lead={lead} template={template} onUse={setUsed} />
      {used && <LogContactPanel lead={lead} kind={used} onDone={() => setUsed(null)} />}
    </li>
  );
}

/** The agent's WhatsApp text, folded away until opened. */
function TemplateEditor({ template, onSave }: { template: string; onSave: (text: string) => void }) {
  const [draft, setDraft] = useState(template);
  return (
    <details className="rounded-xl bg-surface p-3 text-sm shadow-sm ring-1 ring-brand-100">
      <summary className="cursor-pointer font-bold text-ink">{DESK_TEXTS.templateLabel}</summary>
      <div className="mt-3 grid gap-2">
        <Textarea
          aria-label={DESK_TEXTS.templateLabel}
          className="min-h-24 rounded-lg border border-brand-100 bg-surface p-3"
          value={draft}
          maxLength={1000}
          onChange={(e) => setDraft(e.target.value)}
        />
        <p className="text-xs text-muted">{DESK_TEXTS.templateHint}</p>
        <Button
          size="sm"
          className="justify-self-start"
          onClick={() => {
            saveWhatsappTemplate(draft);
            onSave(readWhatsappTemplate());
            toast({ variant: "success", title: DESK_TEXTS.templateSaved });
          }}
        >
          {DESK_TEXTS.templateSave}
        </Button>
      </div>
    </details>
  );
}
