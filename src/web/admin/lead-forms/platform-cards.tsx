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
import type { UseQueryResult } from "@tanstack/react-query";
import { QueryError } from "~/admin/common/query-error.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import {
  type FormsPlatform,
  useGoogleConnection,
  useSaveGoogleConnection,
  useSaveSnapchatConnection,
  useSaveTiktokConnection,
  useSnapchatConnection,
  useTiktokConnection,
} from "./api.ts";
import { ConnectionCard, type ConnectionCardProps } from "./connection-card.tsx";
import { FormsPanel } from "./forms-panel.tsx";
import { LEAD_FORMS_SCREEN_TEXTS as T } from "./texts.ts";

/** What every platform's connection answer carries. */
type ConnectionView = Pick<ConnectionCardProps, "enabled" | "webhookPath" | "health">;

/** The headings and lines of a platform's forms panel (Meta's are the panel's defaults). */
const FORMS_TEXTS: Partial<Record<FormsPlatform, { title: string; needConnection: string; empty: string }>> = {
  google: { title: T.googleForms, needConnection: T.googleFormsNeedConnection, empty: T.googleNoForms },
  tiktok: { title: T.tiktokForms, needConnection: T.tiktokFormsNeedConnection, empty: T.tiktokNoForms },
  snapchat: { title: T.snapchatForms, needConnection: T.snapchatFormsNeedConnection, empty: T.snapchatNoForms },
};

/**
 * A platform's connection card and its forms, once `connection` is read (a skeleton of `skeleton` until then, the
 * retry on failure): `card` gives the card's fields of that answer, `connected` whether its forms can be listed.
 */
export function PlatformSection<C extends ConnectionView>({
  platform,
  connection,
  connected,
  card,
  skeleton = "h-48",
}: {
  platform: FormsPlatform;
  connection: UseQueryResult<C>;
  connected: (c: C) => boolean;
  card: (c: C) => Omit<ConnectionCardProps, "platform" | "title" | keyof ConnectionView>;
  skeleton?: string;
}) {
  if (connection.isError) return <QueryError message={T.loadError} onRetry={() => connection.refetch()} />;
  if (!connection.data) return <Skeleton className={skeleton} />;
  const c = connection.data;
  return (
    <>
      <ConnectionCard
        platform={platform}
        title={T[platform]}
        enabled={c.enabled}
        webhookPath={c.webhookPath}
        health={c.health}
        {...card(c)}
      />
      <FormsPanel platform={platform} connected={c.enabled && connected(c)} {...FORMS_TEXTS[platform]} />
    </>
  );
}

/** The Google connection card and its forms. */
export function GoogleSection() {
  const save = useSaveGoogleConnection();
  return (
    <PlatformSection
      platform="google"
      connection={useGoogleConnection()}
      connected={(c) => c.hasGoogleKey}
      card={(c) => ({
        secrets: [{ name: "googleKey", label: T.googleKey, stored: c.hasGoogleKey }],
        webhookHint: T.googleWebhookHint,
        backfill: false,
        onSave: ({ enabled, secrets }) => save.mutateAsync({ enabled, ...secrets }),
      })}
    />
  );
}

/** The TikTok connection card and its forms. */
export function TiktokSection() {
  const save = useSaveTiktokConnection();
  return (
    <PlatformSection
      platform="tiktok"
      connection={useTiktokConnection()}
      connected={(c) => c.hasAccessToken}
      card={(c) => ({
        idField: { name: "advertiserId", label: T.advertiserId, value: c.advertiserId },
        secrets: [
          { name: "appSecret", label: T.tiktokAppSecret, stored: c.hasAppSecret },
          { name: "accessToken", label: T.tiktokAccessToken, stored: c.hasAccessToken },
        ],
        webhookHint: T.tiktokWebhookHint,
        backfill: true,
        onSave: ({ enabled, id, secrets }) => save.mutateAsync({ enabled, advertiserId: id, ...secrets }),
      })}
    />
  );
}

/** The Snapchat connection card and its forms (read from the ad account). */
export function SnapchatSection() {
  const save = useSaveSnapchatConnection();
  return (
    <PlatformSection
      platform="snapchat"
      connection={useSnapchatConnection()}
      connected={(c) => c.hasRefreshToken}
      card={(c) => ({
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
          save.mutateAsync({ enabled, adAccountId: ids.adAccountId, clientId: ids.clientId, ...secrets }),
      })}
    />
  );
}
