/**
 * Landing pages and campaigns (SPEC §7.2 landing calls, §2.15). TanStack Query hooks over `apiClient`; writes
 * refresh the related queries. Webhook secrets come back only in the answer of the call that issued them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PreviewLink } from "#domain/publishing.ts";
import type {
  CampaignWithStats,
  CustomCampaignInput,
  LandingPageInput,
  LandingPageView,
} from "#domain/schemas/landing.ts";
import type { OverrideLicenceValues } from "#domain/schemas/licence.ts";
import type { CampaignLicence } from "#domain/schemas/licence-view.ts";
import type { Project } from "#domain/types.ts";
import { apiClient, isApiError } from "~/shared/lib/api-client.ts";

export interface LandingOverviewRow {
  projectId: number;
  projectName: string;
  city: string | null;
  landingPageId: number | null;
  slug: string | null;
  campaigns: number;
}

/** The answer of a call that may issue a webhook secret (shown once). */
export type WithSecret<T> = T & { webhookSecret?: string };

/** GET /api/landing-pages → every project with its landing page id (landing_pages.view). */
export const landingOverviewQuery = () =>
  queryOptions({
    queryKey: ["landing-pages"],
    queryFn: () => apiClient.request<LandingOverviewRow[]>("/api/landing-pages"),
  });

/** GET /api/landing-pages/{projectId} → the page, or null when the project has none (404). */
export const landingPageQuery = (projectId: number) =>
  queryOptions({
    queryKey: ["landing-page", projectId],
    queryFn: async () => {
      try {
        return await apiClient.request<LandingPageView>(`/api/landing-pages/${projectId}`);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });

/** GET /api/landing-pages/{id}/campaigns → campaigns with visits, leads and conversion. */
export const campaignsQuery = (landingPageId: number) =>
  queryOptions({
    queryKey: ["landing-campaigns", landingPageId],
    queryFn: () => apiClient.request<CampaignWithStats[]>(`/api/landing-pages/${landingPageId}/campaigns`),
  });

/** GET /api/projects/{id} for the admin project detail screen, key ["project", id]; null on 404. */
export const adminProjectQuery = (projectId: number) =>
  queryOptions({
    queryKey: ["project", projectId],
    queryFn: async () => {
      try {
        return await apiClient.request<Project>(`/api/projects/${projectId}`);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });

export function useAdminProject(projectId: number) {
  return useQuery(adminProjectQuery(projectId));
}

export function useLandingOverview() {
  return useQuery(landingOverviewQuery());
}

export function useLandingPage(projectId: number) {
  return useQuery(landingPageQuery(projectId));
}

export function useCampaigns(landingPageId: number | null | undefined) {
  return useQuery({ ...campaignsQuery(landingPageId ?? 0), enabled: Boolean(landingPageId) });
}

/** POST (no page yet) or PUT (page id given) the landing page. */
export function useSaveLandingPage(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: LandingPageInput }) =>
      id === null
        ? apiClient.request<WithSecret<LandingPageView & { campaigns: CampaignWithStats[] }>>(
            `/api/landing-pages/${projectId}`,
            { method: "POST", body },
          )
        : apiClient.request<WithSecret<LandingPageView>>(`/api/landing-pages/${id}`, { method: "PUT", body }),
    onSuccess: (page) => {
      client.setQueryData(landingPageQuery(projectId).queryKey, page);
      void client.invalidateQueries({ queryKey: ["landing-campaigns", page.id] });
      void client.invalidateQueries({ queryKey: ["landing-pages"] });
    },
  });
}

/**
 * POST /api/landing-pages/{id}/publish | /unpublish (landing_pages.publish) → {id, publishedAt}
 * (docs/decisions/017-drafts-and-preview.md). Refreshes the page of `projectId` and the overview. ApiError 401, 403, 404.
 */
export function usePublishLandingPage(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      apiClient.request<{ id: number; publishedAt: string | null }>(
        `/api/landing-pages/${id}/${published ? "publish" : "unpublish"}`,
        { method: "POST" },
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: landingPageQuery(projectId).queryKey }),
        client.invalidateQueries({ queryKey: ["landing-pages"] }),
      ]),
  });
}

/** POST /api/previews {entityType: "landing_page", entityId} → {path, expiresAt}: a 30-minute link to the draft. */
export function useLandingPagePreview() {
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<PreviewLink>("/api/previews", {
        method: "POST",
        body: { entityType: "landing_page", entityId: id },
      }),
  });
}

/**
 * DELETE /api/landing-pages/{id} (landing_pages.delete): removes the page and its campaigns (their leads stay).
 * Afterwards the project of `projectId` has no page. ApiError 401, 403, 404.
 */
export function useDeleteLandingPage(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.request<null>(`/api/landing-pages/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      client.setQueryData(landingPageQuery(projectId).queryKey, null);
      void client.invalidateQueries({ queryKey: ["landing-pages"] });
    },
  });
}

export function useCreateCustomCampaign(landingPageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomCampaignInput) =>
      apiClient.request<WithSecret<CampaignWithStats>>(`/api/landing-pages/${landingPageId}/custom-campaign`, {
        method: "POST",
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["landing-campaigns", landingPageId] }),
  });
}

export function useUpdateCampaignWebhook(landingPageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, webhookUrl, rotateSecret }: { id: number; webhookUrl: string; rotateSecret?: boolean }) =>
      apiClient.request<WithSecret<CampaignWithStats>>(`/api/landing-campaigns/${id}/webhook`, {
        method: "PUT",
        body: { webhookUrl, rotateSecret },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["landing-campaigns", landingPageId] }),
  });
}

export function useDeleteCampaign(landingPageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.request<null>(`/api/landing-campaigns/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["landing-campaigns", landingPageId] }),
  });
}

/** PUT /api/landing-campaigns/{id}/platform-campaign: the ad platform's campaign id on the card (docs/lead-forms.md). */
export function useSavePlatformCampaignId(landingPageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, platformCampaignId }: { id: number; platformCampaignId: string | null }) =>
      apiClient.request<{ id: number; platformCampaignId: string | null }>(
        `/api/landing-campaigns/${id}/platform-campaign`,
        { method: "PUT", body: { platformCampaignId } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ["landing-campaigns", landingPageId] }),
  });
}

/**
 * PUT /api/landing-campaigns/{id}/licence (campaigns.manage): a campaign's own advertising licence (both empty: the
 * project's applies; docs/compliance.md). Refreshes the panel's campaigns and the compliance screen.
 */
export function useUpdateCampaignLicence(landingPageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OverrideLicenceValues }) =>
      apiClient.request<CampaignLicence>(`/api/landing-campaigns/${id}/licence`, { method: "PUT", body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["landing-campaigns", landingPageId] });
      await client.invalidateQueries({ queryKey: ["compliance"] });
    },
  });
}
