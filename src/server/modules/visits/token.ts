/**
 * The manage link of a visit, `/visit/{token}` (docs/decisions/090-visit-manage-links.md): the visitor reschedules or
 * cancels without signing in. The token seals `{v: visitId, e: expiry ms}` with the app's SecretBox (AES-256-GCM
 * under SECRETS_KEY, src/server/lib/secrets.ts), so it cannot be forged or altered: a token of another key, an
 * altered one, or one past its expiry (the visit's start + VISIT_TOKEN_GRACE_MS) opens nothing.
 */
import { VISIT_TOKEN_GRACE_MS } from "#domain/visits.ts";
import type { SecretBox } from "#server/lib/secrets.ts";

/** A new token for visit `visitId` starting at `startsAt`. */
export function manageToken(box: SecretBox, visitId: number, startsAt: Date): string {
  return box.seal(JSON.stringify({ v: visitId, e: startsAt.getTime() + VISIT_TOKEN_GRACE_MS }));
}

/** The absolute manage URL of a token (PUBLIC_URL + /visit/{token}). */
export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/visit/${token}`;
}

/** The visit id a token opens at `now`, or null for a forged, altered, foreign or expired token. */
export function visitIdOfToken(box: SecretBox, token: string, now: Date): number | null {
  try {
    const claim: unknown = JSON.parse(box.open(token));
    if (typeof claim !== "object" || claim === null) return null;
    const { v, e } = claim as { v?: unknown; e?: unknown };
    if (typeof v !== "number" || !Number.isInteger(v) || typeof e !== "number") return null;
    return now.getTime() <= e ? v : null;
  } catch {
    return null;
  }
}
