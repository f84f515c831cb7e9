/**
 * The back office's one "could not load" block: an alert with the screen's message and a "إعادة المحاولة" button
 * that refetches the failed query (SPEC §7.1: reads are never retried on their own).
 */

import { TEXTS } from "#domain/texts.ts";
import { Button } from "~/shared/ui/button.tsx";

export function QueryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p className="text-danger">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {TEXTS.retry}
      </Button>
    </div>
  );
}
