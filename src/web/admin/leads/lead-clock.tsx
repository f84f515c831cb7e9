/**
 * The clock an agent sees on a lead (docs/decisions/074-a-clock-the-agent-sees.md; words from #domain/lead-clock.ts):
 * how long the buyer has waited («ينتظر منذ ٣ دقائق») and the time left before the clock's next step («تنبيه المسؤول
 * بعد دقيقتين»), updated live every CLOCK_TICK_MS while the page is open. The server gives the moments
 * (GET /api/leads/{id} `clock`); the browser only counts. Shows nothing for a lead without a clock.
 */
import { ClockIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { type LeadClock, nextStepText, waitText } from "#domain/lead-clock.ts";

/** How often the live clock is redrawn (ms). */
export const CLOCK_TICK_MS = 15_000;

/** The current time, redrawn every `tickMs`. */
export function useNow(tickMs = CLOCK_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

export function LeadClockLine({ clock }: { clock: LeadClock }) {
  const now = useNow();
  if (!clock.waitingSince && !clock.nextStep) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-warning/10 px-3 py-2 text-sm text-ink"
      data-testid="lead-clock"
      aria-live="off"
    >
      <ClockIcon aria-hidden="true" className="size-4 shrink-0" />
      {clock.waitingSince && <span className="font-bold">{`ينتظر ${waitText(clock.waitingSince, now)}`}</span>}
      {clock.nextStep && <span>{nextStepText(clock.nextStep, now)}</span>}
    </p>
  );
}
