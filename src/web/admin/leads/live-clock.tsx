/**
 * The live wait and the time left of a lead in the leads list (docs/decisions/070-one-leads-list.md; the clock's rules:
 * docs/decisions/022-lead-desk-assignment-and-response-clock.md). The time ticks in the browser from the server's time
 * of the list's answer (`now` of GET /api/leads), so a device whose clock is off — or a test server whose clock was
 * moved — still reads «منذ ٣ دقائق» as the server counts it. Texts: #domain/lead-clock.ts, the lead page's too (Arabic-Indic digits,
 * counted nouns through Intl.PluralRules).
 */
import { ClockIcon, HourglassIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { nextStepText, waitText } from "#domain/lead-clock.ts";
import type { LeadListItem } from "./api.ts";

/** How often the live times are redrawn, in ms (the texts count whole minutes). */
export const LIVE_TICK_MS = 15_000;

/**
 * The server's time now, redrawn every LIVE_TICK_MS: `serverNow` (ISO 8601, the answer's time) plus the time passed
 * on this device since the answer arrived. Without `serverNow`, the device's time.
 */
export function useServerNow(serverNow: string | undefined): Date {
  const offsetOf = (at: string | undefined) => (at ? new Date(at).getTime() - Date.now() : 0);
  const [anchor, setAnchor] = useState(() => ({ at: serverNow, offset: offsetOf(serverNow) }));
  // A new answer moves the anchor at once (React's "adjust state while rendering" pattern).
  if (anchor.at !== serverNow) setAnchor({ at: serverNow, offset: offsetOf(serverNow) });
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((t) => t + 1), LIVE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return new Date(Date.now() + anchor.offset);
}

/** The wait since the enquiry and, while a step is pending, what comes next and when. */
export function LiveClock({ lead, now }: { lead: Pick<LeadListItem, "createdAt" | "nextStep" | "stage">; now: Date }) {
  const closed = lead.stage === "sold" || lead.stage === "lost";
  const step = lead.nextStep;
  const due = step ? new Date(step.at).getTime() <= now.getTime() : false;
  return (
    <span className="grid gap-0.5 text-sm" data-testid="lead-clock">
      <span className="flex items-center gap-1 whitespace-nowrap">
        <ClockIcon aria-hidden="true" className="size-3.5 text-muted" />
        <time dateTime={lead.createdAt}>{waitText(new Date(lead.createdAt), now)}</time>
      </span>
      {!closed && step ? (
        <span
          className={`flex items-center gap-1 text-xs ${due ? "font-bold text-danger" : "text-muted"}`}
          data-testid="lead-next-step"
        >
          <HourglassIcon aria-hidden="true" className="size-3.5" />
          {nextStepText({ kind: step.kind, at: new Date(step.at) }, now)}
        </span>
      ) : null}
    </span>
  );
}
