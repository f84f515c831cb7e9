/**
 * The frame of a back-office list screen (docs/product.md §2.12, §2.13, §2.17): the heading with its actions, an
 * optional summary (counters), the search box, and one body chosen by the list's state —
 * - `pending`: the screen's skeleton (SPEC §2.12: 6 cards; §2.17: 5 rows);
 * - `error`: the screen's alert (usually QueryError with «إعادة المحاولة», SPEC §7.1);
 * - `empty`: with a search typed, the NoMatch block that names it and clears it; otherwise the screen's empty state;
 * - `ready`: the list itself, then its footer (LoadMore of a paged list).
 * Filters (optional) sit under the search in every state. The summary is left out while the list has failed (its figures come from the list). `surface` wraps every body but
 * the error (a card around a table). Filtering and paging stay the screen's job; this only lays the states out.
 */
import type * as React from "react";
import { ADMIN_PROJECT_SKELETONS } from "#domain/constants.ts";
import { NoMatch } from "~/admin/common/no-match.tsx";
import { SearchField } from "~/admin/common/search-field.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";

/** The state of a list for ListScreen. */
export type ListState = "pending" | "error" | "empty" | "ready";

/** A list query's state: pending and error as TanStack Query reports them, else empty or ready by `count` items. */
export function listState(query: { isPending: boolean; isError: boolean }, count: number): ListState {
  if (query.isPending) return "pending";
  if (query.isError) return "error";
  return count === 0 ? "empty" : "ready";
}

export interface ListSearch {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}

export interface ListScreenProps {
  title: string;
  /** Beside the heading (the «new …» button). */
  actions?: React.ReactNode;
  /** Between the heading and the search (counters); left out in the error state. */
  summary?: React.ReactNode;
  search?: ListSearch;
  /** Under the search, in every state (a list's filters, so a filter that failed can be taken back). */
  filters?: React.ReactNode;
  state: ListState;
  pending: React.ReactNode;
  error: React.ReactNode;
  /** The empty state when no search is typed. */
  empty: React.ReactNode;
  /** Wraps the pending, empty and ready bodies (default: as they are). */
  surface?: (body: React.ReactNode) => React.ReactNode;
  /** Under the list when it is ready (LoadMore). */
  footer?: React.ReactNode;
  /** The list, shown when ready. */
  children: React.ReactNode;
}

const asIs = (body: React.ReactNode) => body;

/** A list screen's frame; see the module docstring. */
export function ListScreen({
  title,
  actions,
  summary,
  search,
  filters,
  state,
  pending,
  error,
  empty,
  surface = asIs,
  footer,
  children,
}: ListScreenProps) {
  let body: React.ReactNode;
  if (state === "error") body = error;
  else if (state === "pending") body = surface(pending);
  else if (state === "ready") body = surface(children);
  else if (search?.value.trim()) body = surface(<NoMatch query={search.value} onClear={() => search.onChange("")} />);
  else body = surface(empty);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {actions}
      </div>
      {state === "error" ? null : summary}
      {search ? (
        <SearchField
          className="max-w-md"
          label={search.label}
          placeholder={search.placeholder}
          value={search.value}
          onChange={search.onChange}
        />
      ) : null}
      {filters}
      {body}
      {state === "ready" ? footer : null}
    </div>
  );
}

/** The grid the project and update cards are laid out in. */
export const CARD_GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3";

const SKELETON_KEYS = Array.from({ length: ADMIN_PROJECT_SKELETONS }, (_, i) => `s${i}`);

/** The card grid's skeleton while it loads (SPEC §2.12: ADMIN_PROJECT_SKELETONS cards of `cardClassName`). */
export function CardGridSkeleton({ cardClassName }: { cardClassName: string }) {
  return (
    <div className={CARD_GRID} aria-busy="true">
      {SKELETON_KEYS.map((key) => (
        <Skeleton key={key} className={cardClassName} />
      ))}
    </div>
  );
}
