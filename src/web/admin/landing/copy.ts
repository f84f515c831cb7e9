/** Clipboard helpers of the campaigns panel (copy link, copy all links), with the result as a toast. */

import { campaignPath } from "#domain/schemas/landing.ts";
import { toast } from "~/shared/ui/use-toast.ts";
import { LANDING_UI } from "./landing-texts.ts";

/** The absolute public link of a campaign on this site. */
export function campaignUrl(urlSlug: string): string {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return `${origin}${campaignPath(urlSlug)}`;
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
