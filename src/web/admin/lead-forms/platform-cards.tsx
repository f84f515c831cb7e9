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
import {
  useGoogleConnection,
  useSaveGoogleConnection,
  useSaveSnapchatConnection,
  useSaveTiktokConnection,
  useSnapchatConnection,
  useTiktokConnection,
} from "./api.ts";
import { ConnectionCard } from "./connection-card.tsx";
import { FormsPanel } from "./forms-panel.tsx";
import { LEAD_FORMS_SCREEN_TEXTS as T } from "./texts.ts";

/** The Google connection card and its forms, once the connection is read. */
export function GoogleSection() {
  const connection = useGoogleConnection();
  const save = useSaveGoogleConnection();
  if (connection.isError) return <QueryError message={T.loadError} onRetry={() => connection.refetch()} />;
  if (!connection.data) return <Skeleton className="h-48" />;
  const c = connection.data;
  return (
    <>
      <ConnectionCard
        platform="google"
        title={T.google}
        enabled={c.enabled}
        secrets={[{ name: "googleKey", label: T.googleKey, stored: c.hasGoogleKey }]}
        webhookPath={c.webhookPath}
        webhookHint={T.googleWebhookHint}
        health={c.health}
        backfill={false}
        onSave={({ enabled, secrets }) => save.mutateAsync({ enabled, ...secrets })}
      />
      <FormsPanel
        platform="google"
        connected={c.enabled && c.hasGoogleKey}
        title={T.googleForms}
        needConnection={T.googleFormsNeedConnection}
        empty={T.googleNoForms}
      />
    </>
  );
}

/** The TikTok connection card and its forms, once the connection is read. */
export function TiktokSection() {
  const connection = useTiktokConnection();
  const save = useSaveTiktokConnection();
  if (connection.isError) return <QueryError message={T.loadError} onRetry={() => connection.refetch()} />;
  if (!connection.data) return <Skeleton className="h-48" />;
  const c = connection.data;
  return (
    <>
      <ConnectionCard
        platform="tiktok"
        title={T.tiktok}
        enabled={c.enabled}
        idField={{ name: "advertiserId", label: T.advertiserId, value: c.advertiserId }}
        secrets={[
          { name: "appSecret", label: T.tiktokAppSecret, stored: c.hasAppSecret },
          { name: "accessToken", label: T.tiktokAccessToken, stored: c.hasAccessToken },
        ]}
        webhookPath={c.webhookPath}
        webhookHint={T.tiktokWebhookHint}
        health={c.health}
        backfill
        onSave={({ enabled, id, secrets }) => save.mutateAsync({ enabled, advertiserId: id, ...secrets })}
      />
      <FormsPanel
        platform="tiktok"
        connected={c.enabled && c.hasAccessToken}
        title={T.tiktokForms}
        needConnection={T.tiktokFormsNeedConnection}
        empty={T.tiktokNoForms}
      />
    </>
  );
}

/** The Snapchat connection card and its forms (read from the ad account), once the connection is read. */
export function SnapchatSection() {
  const connection = useSnapchatConnection();
  const save = useSaveSnapchatConnection();
  if (connection.isError) return <QueryError message={T.loadError} onRetry={() => connection.refetch()} />;
  if (!connection.data) return <Skeleton className="h-48" />;
  const c = connection.data;
  return (
    <>
      <ConnectionCard
        platform="snapchat"
        title={T.snapchat}
        enabled={c.enabled}
        moreIds={[
          { name: "adAccountId", label: T.snapchatAdAccountId, value: c.adAccountId },
          { name: "clientId", label: T.snapchatClientId, value: c.clientId },
        ]}
        secrets={[
          { name: "clientSecret", label: T.snapchatClientSecret, stored: c.hasClientSecret },
          { name: "refreshToken", label: T.snapchatRefreshToken, stored: c.hasRefreshToken },
          { name: "hmacSecret", label: T.snapchatHmacSecret, stored: c.hasHmacSecret },
        ]}
        webhookPath={c.webhookPath}
        webhookHint={T.snapchatWebhookHint}
        webhookPending={T.snapchatWebhookPending}
        health={c.health}
        backfill={false}
        onSave={({ enabled, ids, secrets }) =>
          save.mutateAsync({ enabled, adAccountId: ids.adAccountId, clientId: ids.clientId, ...secrets })
        }
      />
      <FormsPanel
        platform="snapchat"
        connected={c.enabled && c.hasRefreshToken}
        title={T.snapchatForms}
        needConnection={T.snapchatFormsNeedConnection}
        empty={T.snapchatNoForms}
      />
    </>
  );
}
