/**
 * The Google Ads, TikTok and Snapchat cards of «نماذج المنصات» (docs/lead-forms.md "Set-up: Google Ads lead-form assets" and
 * "Set-up: TikTok Instant Forms"), each a ConnectionCard with its forms below:
 * - Google: on/off, the google_key (write-only; the answer says hasGoogleKey), no backfill on the health line (Google
 *   retries itself), the forms seen in Google's leads;
 * - TikTok: on/off, the advertiser id, the app secret and access token (write-only), the health line with the
 *   backfill, the forms saved or seen in TikTok's leads;
 * - Snapchat: on/off, the ad account id and OAuth client id, the client secret and refresh token (write-only), the
 *   secret webhook address the server made (docs/lead-forms.md "Set-up: Snapchat"), the health line with the
 *   backfill, the ad account's forms.
 */
import { QueryError } from "~/admin/common/query-error.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { type ConnectionApi, type FormsPlatform, googleApi, metaApi, snapchatApi, tiktokApi } from "./api.ts";
import { ConnectionCard, type ConnectionCardProps } from "./connection-card.tsx";
import { FormsPanel } from "./forms-panel.tsx";
import { LEAD_FORMS_SCREEN_TEXTS as T } from "./texts.ts";

/** What every platform's connection answer carries. */
type ConnectionView = Pick<ConnectionCardProps, "enabled" | "webhookPath" | "health">;

/** A platform's card fields of its connection answer, and whether its forms can be listed (`connected`). */
type CardOf<View, Update> = (
  c: View,
  save: (input: Update) => Promise<unknown>,
) => Omit<ConnectionCardProps, "platform" | "title" | keyof ConnectionView> & { connected: boolean };

/** `card` for the connection read and saved through `api` (its types taken from the api). */
function cardOf<View, Update>(_api: ConnectionApi<View, Update>, card: CardOf<View, Update>): CardOf<View, Update> {
  return card;
}

/** The headings and lines of a platform's forms panel (Meta's are the panel's defaults). */
const FORMS_TEXTS: Partial<Record<FormsPlatform, { title: string; needConnection: string; empty: string }>> = {
  google: { title: T.googleForms, needConnection: T.googleFormsNeedConnection, empty: T.googleNoForms },
  tiktok: { title: T.tiktokForms, needConnection: T.tiktokFormsNeedConnection, empty: T.tiktokNoForms },
  snapchat: { title: T.snapchatForms, needConnection: T.snapchatFormsNeedConnection, empty: T.snapchatNoForms },
};

/**
 * A platform's connection card and its forms, once its connection is read through `api` (a skeleton of `skeleton`
 * until then, the retry on failure); `card` gives the card's fields of that answer.
 */
function PlatformSection<View extends ConnectionView, Update>({
  platform,
  api,
  card,
  skeleton = "h-48",
}: {
  platform: FormsPlatform;
  api: ConnectionApi<View, Update>;
  card: CardOf<View, Update>;
  skeleton?: string;
}) {
  const connection = api.useConnection();
  const save = api.useSave();
  if (connection.isError) return <QueryError message={T.loadError} onRetry={() => connection.refetch()} />;
  if (!connection.data) return <Skeleton className={skeleton} />;
  const c = connection.data;
  const { connected, ...fields } = card(c, save.mutateAsync);
  return (
    <>
      <ConnectionCard
        platform={platform}
        title={T[platform]}
        enabled={c.enabled}
        webhookPath={c.webhookPath}
        health={c.health}
        {...fields}
      />
      <FormsPanel platform={platform} connected={c.enabled && connected} {...FORMS_TEXTS[platform]} />
    </>
  );
}

const metaCard = cardOf(metaApi, (c, save) => ({
  connected: c.hasPageAccessToken,
  idField: { name: "pageId", label: T.pageId, value: c.pageId },
  secrets: [
    { name: "appSecret", label: T.appSecret, stored: c.hasAppSecret },
    { name: "verifyToken", label: T.verifyToken, stored: c.hasVerifyToken },
    { name: "pageAccessToken", label: T.pageAccessToken, stored: c.hasPageAccessToken },
  ],
  webhookHint: T.webhookHint,
  backfill: true,
  onSave: ({ enabled, id, secrets }) => save({ enabled, pageId: id, ...secrets }),
}));

const googleCard = cardOf(googleApi, (c, save) => ({
  connected: c.hasGoogleKey,
  secrets: [{ name: "googleKey", label: T.googleKey, stored: c.hasGoogleKey }],
  webhookHint: T.googleWebhookHint,
  backfill: false,
  onSave: ({ enabled, secrets }) => save({ enabled, ...secrets }),
}));

const tiktokCard = cardOf(tiktokApi, (c, save) => ({
  connected: c.hasAccessToken,
  idField: { name: "advertiserId", label: T.advertiserId, value: c.advertiserId },
  secrets: [
    { name: "appSecret", label: T.tiktokAppSecret, stored: c.hasAppSecret },
    { name: "accessToken", label: T.tiktokAccessToken, stored: c.hasAccessToken },
  ],
  webhookHint: T.tiktokWebhookHint,
  backfill: true,
  onSave: ({ enabled, id, secrets }) => save({ enabled, advertiserId: id, ...secrets }),
}));

const snapchatCard = cardOf(snapchatApi, (c, save) => ({
  connected: c.hasRefreshToken,
  moreIds: [
    { name: "adAccountId", label: T.snapchatAdAccountId, value: c.adAccountId },
    { name: "clientId", label: T.snapchatClientId, value: c.clientId },
  ],
  secrets: [
    { name: "clientSecret", label: T.snapchatClientSecret, stored: c.hasClientSecret },
    { name: "refreshToken", label: T.snapchatRefreshToken, stored: c.hasRefreshToken },
    { name: "hmacSecret", label: T.snapchatHmacSecret, stored: c.hasHmacSecret },
  ],
  webhookHint: T.snapchatWebhookHint,
  webhookPending: T.snapchatWebhookPending,
  backfill: false,
  onSave: ({ enabled, ids, secrets }) =>
    save({ enabled, adAccountId: ids.adAccountId, clientId: ids.clientId, ...secrets }),
}));

/** The Meta connection card (page id; app secret, verify token and page token) and the page's forms. */
export const MetaSection = () => <PlatformSection platform="meta" api={metaApi} card={metaCard} skeleton="h-64" />;
/** The Google connection card and its forms. */
export const GoogleSection = () => <PlatformSection platform="google" api={googleApi} card={googleCard} />;
/** The TikTok connection card and its forms. */
export const TiktokSection = () => <PlatformSection platform="tiktok" api={tiktokApi} card={tiktokCard} />;
/** The Snapchat connection card and its forms (read from the ad account). */
export const SnapchatSection = () => <PlatformSection platform="snapchat" api={snapchatApi} card={snapchatCard} />;
