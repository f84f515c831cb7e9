/**
 * /campaign/:platform/:slug and /campaign/:slug (SPEC §2.1, §2.8): the campaign landing page, rendered on the server.
 * The lookup key is "platform/slug" when both are present, else the slug alone; an unknown link answers 404 with
 * "الصفحة غير موجودة". The page is CDN-cacheable (src/server/pages/http-cache.ts), so the loader never counts a visit
 * and reads attribution from the URL only (a referrer would be another visitor's in a cached copy): once the page has
 * hydrated (after load), the browser counts the visit with GET /api/campaign/{key} (the API skips bots), and the
 * form takes the referrer from `document.referrer`; the head carries the project's title, description and the poster as og:image.
 * The form is this route's action (works without JavaScript), attributed to the campaign and the visit's source.
 */

import { data, isRouteErrorResponse } from "react-router";
import type { PublicCampaignResponse } from "#domain/schemas/landing.ts";
import { TEXTS } from "#domain/texts.ts";
import { attributionFrom } from "~/public/campaign/attribution.ts";
import { handleCampaignContact } from "~/public/campaign/campaign-action.server.ts";
import { CampaignBody, CampaignHero } from "~/public/campaign/campaign-sections.tsx";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { PreviewBanner } from "~/public/components/preview-banner.tsx";
import { excerpt, pageMeta } from "~/public/lib/page-meta.ts";
import { isPreviewOf, previewData, previewDocumentHeaders, previewToken, withPreview } from "~/public/lib/preview.ts";
import { notFoundMeta, throwUnlessFound } from "~/public/lib/route-answers.ts";
import { loadVisitOffer } from "~/public/lib/visit-offer.server.ts";
import { CampaignVisit } from "~/public/widgets/campaign-visit/campaign-visit.tsx";
import { ContactForm } from "~/public/widgets/contact-form/contact-form.tsx";
import { advertiserOf } from "~/public/widgets/licence/disclosures.tsx";
import { LicenceBlock, LicenceOffline } from "~/public/widgets/licence/licence.tsx";
import { isLicenceOffline, LICENCE_OFFLINE_STATUS } from "~/public/widgets/licence/offline.ts";
import { licenceQr } from "~/public/widgets/licence/qr.server.ts";
import { VisitBookingCta } from "~/public/widgets/visit-booking/visit-booking.tsx";
import { useSite } from "~/root.tsx";
import type { Route } from "./+types/campaign";

const SEGMENT = /^[a-z0-9-]{1,100}$/;

/** The lookup key from the route params, or null when a segment cannot be a campaign link. */
function campaignKey(params: { platform?: string; slug?: string }): string | null {
  const { platform, slug } = params;
  if (!slug || !SEGMENT.test(slug)) return null;
  if (platform === undefined) return slug;
  return SEGMENT.test(platform) ? `${platform}/${slug}` : null;
}

/**
 * Reads the campaign (GET /api/campaign/{key}); `preview` is the page's preview token, forwarded to the API. Returns
 * the campaign and whether the answer was a previewed record. 404 for an unknown (or unpublished) link, else 502.
 */
async function loadCampaign(
  api: Route.LoaderArgs["context"]["api"],
  key: string,
  countVisit: boolean,
  preview: string | null = null,
): Promise<{ campaign: PublicCampaignResponse; preview: boolean }> {
  const res = await api(withPreview(`/api/campaign/${key}${countVisit ? "" : "?visit=0"}`, preview));
  if (isLicenceOffline(res)) throw data(null, { status: LICENCE_OFFLINE_STATUS });
  throwUnlessFound(res);
  return {
    campaign: (await res.json()) as PublicCampaignResponse,
    preview: isPreviewOf(preview, res),
  };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const key = campaignKey(params);
  if (key === null) throw data(null, { status: 404 });
  const token = previewToken(request);
  const { campaign, preview } = await loadCampaign(context.api, key, false, token);
  const visitOffer = await loadVisitOffer(context.api, campaign.project.id);
  const qr = await licenceQr(campaign.licence?.verificationUrl);
  return previewData(
    { campaign, preview, attribution: attributionFrom(new URL(request.url), null), qr, visitOffer },
    preview,
  );
}

export const headers = previewDocumentHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const key = campaignKey(params);
  if (key === null) throw data(null, { status: 404 });
  const { campaign } = await loadCampaign(context.api, key, false, previewToken(request));
  const { result, status } = await handleCampaignContact(request, context.api, {
    landingPageId: campaign.landingPage.id,
    campaignId: campaign.campaign.id,
  });
  return data(result, { status });
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const campaign = loaderData?.campaign;
  if (!campaign) {
    return notFoundMeta(matches, TEXTS.pageNotFound);
  }
  return [
    ...pageMeta({
      matches,
      location,
      title: campaign.project.name,
      description: excerpt(campaign.project.description) || campaign.project.name,
      image: campaign.landingPage.poster,
    }),
    // Ad landing pages are for the ad's audience, not for search results.
    { name: "robots", content: "noindex" },
  ];
}

export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  const { campaign, attribution, preview, qr, visitOffer } = loaderData;
  const site = useSite();
  return (
    <>
      {preview && <PreviewBanner />}
      {/* The visit, counted by the browser after load (a cached page is never rendered again on the server); a
          preview is staff checking a draft and counts none. */}
      {!preview && <CampaignVisit slug={campaign.campaign.urlSlug} />}
      <CampaignHero
        data={campaign}
        form={
          <ContactForm
            variant="campaign"
            idPrefix="campaign-contact"
            successText={TEXTS.campaignContactSuccess}
            errorText={TEXTS.campaignContactError}
            attribution={attribution}
          />
        }
      />
      {visitOffer && (
        <div className="mx-auto max-w-6xl px-4 py-8">
          <VisitBookingCta
            projectId={campaign.project.id}
            placeKind={visitOffer.placeKind}
            placeName={visitOffer.placeName}
            origin={{ landingPageId: campaign.landingPage.id, campaignId: campaign.campaign.id, attribution }}
          />
        </div>
      )}
      <CampaignBody data={campaign} />
      {campaign.licence && (
        <div className="mx-auto max-w-6xl px-4 pb-12">
          <LicenceBlock licence={campaign.licence} advertiser={advertiserOf(site)} qr={qr} />
        </div>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === LICENCE_OFFLINE_STATUS) return <LicenceOffline />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundBlock />;
  return <NotFoundBlock title={TEXTS.errorTitle} text="تعذّر تحميل الصفحة. يرجى المحاولة مرة أخرى لاحقاً." />;
}
