/** Error and empty blocks of the public lists (SPEC §2.3, §2.4, §2.5). */

import { CircleAlert, Inbox } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The load error block: title, text and a "إعادة المحاولة" button that reloads the page. The button is a link to the
 * same URL, so it also works without JavaScript.
 */
export function LoadError({ title, text, retryHref }: { title: string; text: string; retryHref: string }) {
  return (
    <div
      role="alert"
      className="grid place-items-center gap-3 rounded-2xl bg-surface p-10 text-center ring-1 ring-black/5"
    >
      <CircleAlert aria-hidden="true" className="size-10 text-danger" />
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      <p className="text-muted">{text}</p>
      <a
        href={retryHref}
        className="mt-2 inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-5 py-2 font-bold text-white hover:bg-brand-900"
      >
        إعادة المحاولة
      </a>
    </div>
  );
}

/** The empty block: a main line and an optional second line. */
export function EmptyState({ title, text, action }: { title: ReactNode; text?: string; action?: ReactNode }) {
  return (
    <div className="grid place-items-center gap-3 rounded-2xl bg-surface p-10 text-center ring-1 ring-black/5">
      <Inbox aria-hidden="true" className="size-10 text-brand-500" />
      <p className="text-xl font-bold text-ink">{title}</p>
      {text && <p className="text-muted">{text}</p>}
      {action}
    </div>
  );
}
