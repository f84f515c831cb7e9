/**
 * The back office's TanStack Query client with SPEC §7.1's defaults: no retries for reads or writes, data never
 * stale, no refetch on window focus, no polling. One client per page (module singleton), so its cache survives
 * moving between the login page and the shell; logout clears it.
 */
import { QueryClient } from "@tanstack/react-query";

/** A client with SPEC §7.1's defaults (tests create their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The page's one query client. */
export function getQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
