/**
 * Whether a project offers visits, for the «احجز موعد زيارة» section of its pages (docs/decisions/088-site-visits.md):
 * GET /api/projects/{id}/visit-booking in process; null when it offers none (404) or the answer failed, so a page
 * never fails for it. What it reads changes only when staff save the availability, which empties the page cache.
 */
import type { VisitPlaceKind } from "#domain/visits.ts";
import type { ApiInit } from "~/context.ts";

export interface VisitOffer {
  placeKind: VisitPlaceKind;
  placeName: string;
}

export async function loadVisitOffer(
  api: (path: string, init?: ApiInit) => Promise<Response>,
  projectId: number,
): Promise<VisitOffer | null> {
  const res = await api(`/api/projects/${projectId}/visit-booking`).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json()) as VisitOffer;
  return { placeKind: body.placeKind, placeName: body.placeName };
}
