/**
 * The back office's "no results" block for a list with a search (the public all-projects page's wording,
 * `SEARCH_TEXTS`): names the query and offers to clear the search, instead of the list's empty-state text.
 * A status region, so screen readers hear it as the results change.
 */
import { XIcon } from "lucide-react";
import { SEARCH_TEXTS } from "#domain/texts.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";

export function NoMatch({ query, onClear, className }: { query: string; onClear: () => void; className?: string }) {
  return (
    <div role="status" className={cn("flex flex-col items-center gap-2 px-4 py-8 text-center", className)}>
      <p className="font-bold text-ink">
        {SEARCH_TEXTS.noMatchLead} «<bdi>{query.trim()}</bdi>»
      </p>
      <p className="text-sm text-muted">{SEARCH_TEXTS.tryAnother}</p>
      <Button type="button" variant="outline" size="sm" onClick={onClear}>
        <XIcon aria-hidden="true" />
        {SEARCH_TEXTS.clear}
      </Button>
    </div>
  );
}
