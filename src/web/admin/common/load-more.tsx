/**
 * The foot of a list paged on the server (src/domain/schemas/paging.ts): "shown of total" and a «عرض المزيد» button
 * while more pages remain. Used by the staff lists that load page by page (updates, …).
 */
import { formatNumber } from "#domain/format.ts";
import { Button } from "~/shared/ui/button.tsx";

export const LOAD_MORE_TEXTS = {
  more: "عرض المزيد",
  loading: "جارٍ التحميل…",
  shown: (shown: string, total: string) => `عرض ${shown} من ${total}`,
  /** A total the server counted only up to a cap (GET /api/leads `totalCapped`). */
  atLeast: (total: string) => `أكثر من ${total}`,
} as const;

export interface LoadMoreProps {
  /** Items on screen. */
  shown: number;
  /** Items matching the filters on the server. */
  total: number;
  /** The server stopped counting at `total`: there are more. */
  totalCapped?: boolean;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}

export function LoadMore({ shown, total, totalCapped = false, hasMore, loading, onMore }: LoadMoreProps) {
  const of = totalCapped ? LOAD_MORE_TEXTS.atLeast(formatNumber(total)) : formatNumber(total);
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 text-sm text-muted">
      <span aria-live="polite">{LOAD_MORE_TEXTS.shown(formatNumber(shown), of)}</span>
      {hasMore ? (
        <Button variant="outline" size="sm" onClick={onMore} disabled={loading} aria-busy={loading}>
          {loading ? LOAD_MORE_TEXTS.loading : LOAD_MORE_TEXTS.more}
        </Button>
      ) : null}
    </div>
  );
}

/** What PagedLoadMore reads of a TanStack infinite query over server pages ({items, total, nextCursor}). */
export interface PagedQuery {
  data?: { pages: readonly { total: number | null; totalCapped?: boolean }[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** LoadMore for an infinite query: `shown` items on screen of the first page's total. */
export function PagedLoadMore({ query, shown }: { query: PagedQuery; shown: number }) {
  return (
    <LoadMore
      shown={shown}
      total={query.data?.pages[0]?.total ?? shown}
      totalCapped={query.data?.pages[0]?.totalCapped}
      hasMore={query.hasNextPage}
      loading={query.isFetchingNextPage}
      onMore={() => void query.fetchNextPage()}
    />
  );
}
