/**
 * The requests a back-office page's document started before its scripts ran (src/web/boot/early-session.boot.ts;
 * docs/decisions/157-session-restored-by-the-document.md): the session restore (POST /api/auth/refresh) and the GET
 * reads the route names in its `earlyReads` handle. The API client (src/web/shared/lib/api-client.ts) takes each
 * answer at most once, in place of sending the request again: the refresh rotates the refresh cookie, so a second
 * send of the same refresh would be refused.
 */
import type { UIMatch } from "react-router";

/** Where the boot script leaves its requests on `window`. */
export const EARLY_SESSION_KEY = "__earlySession";

/** A route module's handle that names the GET /api/… paths its screen reads first, for a URL of the route. */
export interface EarlyReadsHandle {
  earlyReads(url: URL): string[];
}

function hasEarlyReads(handle: unknown): handle is EarlyReadsHandle {
  return typeof (handle as EarlyReadsHandle | undefined)?.earlyReads === "function";
}

/** The early reads of the matched routes for the page at `url` (pathname and search), in route order. */
export function earlyReadsOf(matches: readonly Pick<UIMatch, "handle">[], url: URL): string[] {
  return matches.flatMap((match) => (hasEarlyReads(match.handle) ? match.handle.earlyReads(url) : []));
}

/** The requests of one page: each answer handed out at most once. */
export interface EarlyRequests {
  /** The document's refresh answer, the first time it is asked for; undefined afterwards or when none was sent. */
  takeRefresh(): Promise<Response> | undefined;
  /** The document's GET of `path`, the first time it is asked for; undefined afterwards or when none was sent. */
  takeRead(path: string): Promise<Response> | undefined;
}

interface EarlySession {
  refresh?: Promise<Response>;
  reads?: Record<string, Promise<Response> | undefined>;
}

/** The page's early requests, read from `target[EARLY_SESSION_KEY]` (window in the browser; none on the server). */
export function earlyRequests(target: () => object | undefined = () => globalThis.window): EarlyRequests {
  const session = () => (target() as Record<string, EarlySession | undefined> | undefined)?.[EARLY_SESSION_KEY];
  return {
    takeRefresh() {
      const early = session();
      const refresh = early?.refresh;
      if (early) early.refresh = undefined;
      return refresh;
    },
    takeRead(path) {
      const reads = session()?.reads;
      const read = reads?.[path];
      if (reads) delete reads[path];
      return read;
    },
  };
}
