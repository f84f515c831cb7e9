/**
 * A campaign's public link as staff read it in the back office (the campaigns tab of a project, the campaigns report;
 * docs/product.md §2.15, ARCHITECTURE resolution 11: URLs in Latin characters, left to right). The link is written in
 * two parts: the site (`https://host`) and the campaign's path (`/campaign/platform/slug`). When the box is narrower
 * than the link, the site is cut in the middle of the link with an ellipsis ("https://dar-als…/campaign/tiktok/x"),
 * keeping at least the scheme, and the path wraps rather than being cut; the whole link is the element's title and
 * is what the copy buttons copy.
 */
import { Fragment } from "react";
import { campaignPath } from "#domain/schemas/landing.ts";
import { cn } from "~/shared/lib/cn.ts";

/** The absolute public link of a campaign on this site ("" origin outside a browser). */
export function campaignUrl(urlSlug: string): string {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return `${origin}${campaignPath(urlSlug)}`;
}

/** `url` cut where its path starts: {site: "https://host:port", path: "/campaign/…"} (site "" for a bare path). */
export function splitLink(url: string): { site: string; path: string } {
  const start = url.match(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i)?.[0] ?? "";
  return { site: start, path: url.slice(start.length) };
}

/**
 * `path` cut after each slash, each part with its offset: a line may break after a slash first, and inside a part
 * only when the part is wider than the box (overflow-wrap: anywhere).
 */
function pathParts(path: string): { at: number; text: string }[] {
  const parts: { at: number; text: string }[] = [];
  let at = 0;
  for (const text of path.split(/(?<=\/)/)) {
    parts.push({ at, text });
    at += text.length;
  }
  return parts;
}

/**
 * The link of the campaign `urlSlug`, opening its public page in a new tab. Shape: an `<a dir="ltr">` holding the
 * site (cut with an ellipsis, never shorter than its scheme) and the path (wrapping, never cut).
 */
export function CampaignLink({ urlSlug, className }: { urlSlug: string; className?: string }) {
  const url = campaignUrl(urlSlug);
  const { site, path } = splitLink(url);
  return (
    <a
      href={campaignPath(urlSlug)}
      target="_blank"
      rel="noreferrer"
      dir="ltr"
      title={url}
      data-testid="campaign-link"
      className={cn(
        "flex min-w-0 max-w-full text-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline",
        className,
      )}
    >
      {site && (
        <span data-part="site" className="min-w-[10ch] shrink truncate">
          {site}
        </span>
      )}
      <span data-part="path" className="max-w-[calc(100%-10ch)] shrink-0 [overflow-wrap:anywhere]">
        {pathParts(path).map(({ at, text }) => (
          <Fragment key={at}>
            {at > 0 && <wbr />}
            {text}
          </Fragment>
        ))}
      </span>
    </a>
  );
}
