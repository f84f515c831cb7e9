/** Clipboard helpers of the campaigns panel (copy link, copy all links), with the result as a toast. */

import { formatDateLong, formatHijri } from "#domain/format.ts";
import { riyadhDayStart } from "#domain/licence.ts";
import type { LicenceView } from "#domain/schemas/licence-view.ts";
import { campaignUrl } from "~/admin/common/campaign-link.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { LANDING_UI } from "./landing-texts.ts";

/**
 * A campaign's copy text for the ad platforms (docs/compliance.md): its link, then its licence number and last day
 * (Gregorian and Hijri), so the creative can carry them; the link alone when no licence is known.
 */
export function campaignCopyText(campaign: { urlSlug: string; licence?: LicenceView }): string {
  const url = campaignUrl(campaign.urlSlug);
  const licence = campaign.licence;
  if (!licence?.number) return url;
  const label = licence.kind === "offplan" ? "رقم ترخيص البيع على الخارطة" : "رقم ترخيص الإعلان";
  const lines = [url, `${label}: ${licence.number}`];
  if (licence.expiresOn) {
    const at = riyadhDayStart(licence.expiresOn);
    lines.push(`ينتهي في: ${formatDateLong(at)} (${formatHijri(at)})`);
  }
  return lines.join("\n");
}

/** The copy text of several campaigns: one link a line, or one block a campaign when they carry a licence. */
export function campaignsCopyText(campaigns: readonly { urlSlug: string; licence?: LicenceView }[]): string {
  const texts = campaigns.map(campaignCopyText);
  return texts.join(texts.some((t) => t.includes("\n")) ? "\n\n" : "\n");
}

/** Copies `text`; toasts `done` on success and the copy-failed notice otherwise. */
export async function copyText(text: string, done: string = LANDING_UI.copied): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ variant: "success", title: done });
    return true;
  } catch {
    toast({ variant: "destructive", title: LANDING_UI.copyFailed, description: text });
    return false;
  }
}
