/**
 * Staff lists paged on the server (src/domain/schemas/paging.ts): the URL of one page and the infinite query that
 * loads page after page («عرض المزيد», load-more.tsx). The previous results stay on screen while a new filter loads.
 */
import { keepPreviousData, type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "~/shared/lib/api-client.ts";

/** One page of a paged list: its items, the next page's cursor (null: last page), the rows matching the filters. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** `path` with `params` (empty values left out) and the previous page's `cursor`. */
export function pageUrl(path: string, params: Record<string, string | number | undefined>, cursor: string | null) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = value === undefined ? "" : String(value).trim();
    if (text) search.set(key, text);
  }
  if (cursor) search.set("cursor", cursor);
  return `${path}?${search}`;
}

/** The pages of the list at `urlOf(cursor)` under `queryKey` (fetchNextPage loads the next one). */
export function usePagedList<P extends ListPage<unknown>>(
  queryKey: QueryKey,
  urlOf: (cursor: string | null) => string,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => apiClient.request<P>(urlOf(pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
