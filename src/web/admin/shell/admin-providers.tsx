/**
 * Providers of the back office only (public pages never load TanStack Query): the query client with SPEC §7.1's
 * defaults, Radix Tooltip (700/300 ms) and Toast (via <Toaster />), and the session context.
 * Mounted by the admin shell and by the login page.
 */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { installArabicZodErrors } from "#domain/zod-arabic.ts";
import { Toaster } from "~/shared/ui/toaster.tsx";
import { TooltipProvider } from "~/shared/ui/tooltip.tsx";
import { getQueryClient } from "./query-client.ts";
import { SessionProvider } from "./session-provider.tsx";

// Form checks without a message of their own speak Arabic too (src/domain/zod-arabic.ts).
installArabicZodErrors();

/** Wraps an admin screen; `queryClient` lets tests pass a fresh client (default: the page's one). */
export function AdminProviders({ children, queryClient }: { children: React.ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient ?? getQueryClient()}>
      <TooltipProvider>
        <SessionProvider>{children}</SessionProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
