/**
 * The site configuration's example values still set (GET /api/site/example-values, permissions.manage): each with
 * its key path in the configuration file, its value and its Arabic name, and the file's name.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { siteExampleValuesSchema } from "#domain/schemas/api.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

export type SiteExampleValues = z.infer<typeof siteExampleValuesSchema>;

export const siteExampleValuesQuery = () =>
  queryOptions({
    queryKey: ["site", "example-values"],
    queryFn: () => apiClient.request<SiteExampleValues>("/api/site/example-values"),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The list, fetched only when `enabled` (the user holds permissions.manage). */
export function useSiteExampleValues(enabled: boolean) {
  return useQuery({ ...siteExampleValuesQuery(), enabled });
}
