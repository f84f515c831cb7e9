/**
 * Contacting a lead from the desk (docs/product.md §2.16 leads; docs/decisions/030-lead-desk-screens.md): the phone and
 * e-mail as actions — tel:, WhatsApp (wa.me with the agent's editable Arabic template naming the project and the agent)
 * and mailto: — and, after one is used, the two-tap log, scrolled into view: tap 1 the outcome, tap 2 the next step (a
 * follow-up date or a stage). The
 * log posts the activity (kind of the action used, outcome as its note, follow-up time) and, for a stage step or a lead
 * still at جديد, the stage change.
 */
import { MailIcon, MessageCircleIcon, PhoneIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { LeadActivityKind, LeadStage } from "#domain/lead-desk.ts";
import { useSession } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { projectPhrase, whatsappHref } from "~/shared/lib/whatsapp.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { type LeadSummary, useChangeLeadStage, useLogActivity } from "./api.ts";
import { CONTACT_OUTCOMES, DEFAULT_WHATSAPP_TEMPLATE, DESK_TEXTS, NEXT_STEPS } from "./desk-texts.ts";

const TEMPLATE_KEY = "lead-desk.whatsapp-template";

/** The agent's WhatsApp template (this browser), or the default. */
export function readWhatsappTemplate(): string {
  try {
    return globalThis.localStorage?.getItem(TEMPLATE_KEY) || DEFAULT_WHATSAPP_TEMPLATE;
  } catch {
    return DEFAULT_WHATSAPP_TEMPLATE;
  }
}

/** Stores the template for this browser ("" restores the default). */
export function saveWhatsappTemplate(text: string) {
  try {
    if (text.trim()) globalThis.localStorage?.setItem(TEMPLATE_KEY, text.trim());
    else globalThis.localStorage?.removeItem(TEMPLATE_KEY);
  } catch {}
}

/**
 * The template filled for one lead: {الاسم} → the buyer's first name, {المشروع} → "مشروع …" (or "مشاريعنا"),
 * {الموظف} → the signed-in agent's first name (`agentName`; "فريق المبيعات" when unknown).
 */
export function fillWhatsappTemplate(
  template: string,
  lead: Pick<LeadSummary, "name" | "projectName">,
  agentName?: string | null,
): string {
  const firstName = lead.name.trim().split(/\s+/u)[0] ?? "";
  const project = lead.projectName ? projectPhrase(lead.projectName) : "مشاريعنا";
  const agent = agentName?.trim().split(/\s+/u)[0] || "فريق المبيعات";
  return template.replaceAll("{الاسم}", firstName).replaceAll("{المشروع}", project).replaceAll("{الموظف}", agent);
}

/** 10:00 Jeddah time (07:00 UTC) `days` after `now`, as ISO 8601. */
export function followUpIso(days: number, now = new Date()): string {
  const day = new Date(now.getTime() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T10:00:00+03:00`;
}

type ContactKind = Extract<LeadActivityKind, "call" | "whatsapp" | "email">;

/** The tel: / WhatsApp / mailto: links of a lead; `onUse` is called with the kind when one is tapped. */
export function ContactLinks({
  lead,
  template,
  onUse,
  size = "sm",
}: {
  lead: LeadSummary;
  template: string;
  onUse: (kind: ContactKind) => void;
  size?: "sm" | "default";
}) {
  const cls = size === "sm" ? "h-11 flex-1 sm:h-9 sm:flex-none" : "";
  const agentName = useSession().user?.name;
  return (
    <div className="flex flex-wrap gap-2">
      {lead.phone && (
        <>
          <Button asChild variant="outline" size={size} className={cls}>
            <a href={`tel:${lead.phone}`} onClick={() => onUse("call")} aria-label={`${DESK_TEXTS.call} ${lead.name}`}>
              <PhoneIcon aria-hidden="true" />
              {DESK_TEXTS.call}
            </a>
          </Button>
          <Button asChild variant="outline" size={size} className={cls}>
            <a
              href={whatsappHref(lead.phone, fillWhatsappTemplate(template, lead, agentName))}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => onUse("whatsapp")}
              aria-label={`${DESK_TEXTS.whatsapp} ${lead.name}`}
            >
              <MessageCircleIcon aria-hidden="true" />
              {DESK_TEXTS.whatsapp}
            </a>
          </Button>
        </>
      )}
      {lead.email && (
        <Button asChild variant="outline" size={size} className={cls}>
          <a
            href={`mailto:${lead.email}`}
            onClick={() => onUse("email")}
            aria-label={`${DESK_TEXTS.mail} ${lead.name}`}
          >
            <MailIcon aria-hidden="true" />
            {DESK_TEXTS.mail}
          </a>
        </Button>
      )}
    </div>
  );
}

/**
 * The two-tap log shown after a contact action: outcome, then next step. `onDone` runs after a successful save or
 * when the agent dismisses it.
 */
export function LogContactPanel({
  lead,
  kind,
  onDone,
}: {
  lead: Pick<LeadSummary, "id" | "name" | "stage">;
  kind: LeadActivityKind;
  onDone: () => void;
}) {
  const [outcome, setOutcome] = useState<string | null>(null);
  // The agent comes back from the call or WhatsApp to this question: bring it into view (one-handed, below the fold).
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: "center", behavior: "smooth" });
  }, []);
  const log = useLogActivity();
  const stage = useChangeLeadStage();
  const busy = log.isPending || stage.isPending;

  const finish = async (step: (typeof NEXT_STEPS)[number]) => {
    try {
      await log.mutateAsync({
        id: lead.id,
        kind,
        note: outcome ?? undefined,
        followUpAt: "days" in step ? followUpIso(step.days) : undefined,
      });
      const to: LeadStage | null = "stage" in step ? step.stage : lead.stage === "new" ? "contacted" : null;
      if (to && to !== lead.stage) await stage.mutateAsync({ id: lead.id, stage: to });
      toast({ variant: "success", title: DESK_TEXTS.logged });
      onDone();
    } catch (error) {
      toast({ variant: "destructive", title: DESK_TEXTS.logFailed, description: apiErrorMessage(error, "") });
    }
  };

  return (
    <section
      ref={panel}
      aria-label={DESK_TEXTS.logQuestion(lead.name)}
      className="grid gap-2 rounded-lg bg-brand-50 p-3"
      data-testid="log-contact"
    >
      {outcome === null ? (
        <>
          <p className="text-sm font-bold text-ink">{DESK_TEXTS.logQuestion(lead.name)}</p>
          <div className="flex flex-wrap gap-2">
            {CONTACT_OUTCOMES.map((o) => (
              <Button key={o} size="sm" className="h-11 sm:h-9" onClick={() => setOutcome(o)}>
                {o}
              </Button>
            ))}
            <Button size="sm" variant="ghost" className="h-11 sm:h-9" onClick={onDone}>
              {DESK_TEXTS.dismiss}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm font-bold text-ink">{DESK_TEXTS.nextQuestion}</p>
          <div className="flex flex-wrap gap-2">
            {NEXT_STEPS.map((s) => (
              <Button
                key={s.key}
                size="sm"
                variant={s.key === "none" ? "ghost" : "default"}
                className="h-11 sm:h-9"
                disabled={busy}
                onClick={() => void finish(s)}
              >
                {s.label}
              </Button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
