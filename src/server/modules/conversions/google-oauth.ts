/**
 * Google access tokens for the Data Manager API (docs/conversions.md «إعلانات جوجل»,
 * docs/decisions/035-platform-requests-with-fetch.md). Google's OAuth access tokens expire after about an hour, so the
 * connection's token field holds the long-lived credentials typed as three parts separated by colons, "client id:client
 * secret:refresh token", and each instance exchanges them for an access token (OAuth 2.0 refresh-token grant, RFC 6749
 * §6: POST {tokenUrl} with grant_type=refresh_token) when it has none or the one it has expires within a minute. A
 * value that is not three parts is sent as it is (an access token pasted by hand: it works until it expires).
 *
 * Errors thrown by `accessToken`: GoogleTokenError with `permanent` true when Google refuses the credentials (HTTP 400
 * or 401: revoked or wrong; retrying cannot help), false for 5xx, 429, a timeout or a network failure (retried by the
 * outbox). Messages never contain the credentials or a token.
 */
import { createHash } from "node:crypto";

/** Refreshed this long before Google says the token expires (ms), so a request never carries an expired one. */
const EXPIRY_MARGIN_MS = 60_000;

export class GoogleTokenError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "GoogleTokenError";
  }
}

export interface GoogleTokens {
  /**
   * The access token to send for the connection's stored `credentials` (see the module comment), from the cache or
   * fetched now. `signal` aborts the token request (the attempt's timeout). Throws GoogleTokenError.
   */
  accessToken(credentials: string, signal?: AbortSignal): Promise<string>;
}

/** Whether `credentials` are the three-part refresh credentials (rather than an access token pasted as it is). */
export function isRefreshCredentials(credentials: string): boolean {
  const parts = credentials.split(":");
  return parts.length === 3 && parts.every((part) => part.trim().length > 0);
}

/** A per-instance cache of access tokens, fetched from `tokenUrl`; `now` is the clock (ms). */
export function googleTokens(options: { tokenUrl: string; now?: () => number }): GoogleTokens {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { token: string; expiresAt: number }>();
  return {
    async accessToken(credentials, signal) {
      if (!isRefreshCredentials(credentials)) return credentials;
      const key = createHash("sha256").update(credentials).digest("hex");
      const cached = cache.get(key);
      if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now()) return cached.token;
      const [clientId, clientSecret, refreshToken] = credentials.split(":").map((part) => part.trim());
      let response: Response;
      try {
        response = await fetch(options.tokenUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            grant_type: "refresh_token",
            client_id: clientId,
            client_secret: clientSecret,
            refresh_token: refreshToken,
          }),
          signal,
          redirect: "error",
        });
      } catch (error) {
        const timedOut = (error as Error).name === "TimeoutError";
        throw new GoogleTokenError(timedOut ? "Google token request timed out" : "Google token request failed", false);
      }
      const answer = (await response.json().catch(() => null)) as {
        access_token?: unknown;
        expires_in?: unknown;
        error?: unknown;
      } | null;
      if (!response.ok || typeof answer?.access_token !== "string") {
        const reason = typeof answer?.error === "string" ? ` (${answer.error.slice(0, 40)})` : "";
        const permanent = response.status === 400 || response.status === 401;
        throw new GoogleTokenError(`Google refused the token request: HTTP ${response.status}${reason}`, permanent);
      }
      const lifetimeMs = (typeof answer.expires_in === "number" ? answer.expires_in : 3600) * 1000;
      cache.set(key, { token: answer.access_token, expiresAt: now() + lifetimeMs });
      return answer.access_token;
    },
  };
}
